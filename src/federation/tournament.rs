//! A tournament's games from SGF records, and the results file they make.
