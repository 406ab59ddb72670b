//! Handicap inference from root setup, leading Black moves and `HA`.
