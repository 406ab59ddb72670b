//! Decoding bytes to text: byte-order marks, the declared `CA` charset, detection.
