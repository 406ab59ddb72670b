//! A results file against the SGF records of the same tournament.
