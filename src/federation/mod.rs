//! Federation files: the FFG ladder list, read and written in the federation's own format.
//!
//! Imports nothing from the crate: rating reads these files through it.

pub mod ladder_list;
pub mod text;

pub use ladder_list::{
    Club, Entry, Eol, LadderList, Layout, ListDate, ListError, ListProblem, Row, Status,
    WriteError, WriteProblem,
};
pub use text::TextEncoding;
