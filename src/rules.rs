//! Replaying a main line under a ruleset: ko rules, suicide, violations, captures, passes.
