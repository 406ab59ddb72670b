//! Finding inputs: files, directories, zip and tar archives, standard input.
