//! echelle: decode, parse, replay, score and rate archives of Go game records.
//!
//! Data flows one way: bytes (`input`) → text (`decode`) → records (`record`,
//! `handicap`) → replayed games (`board`, `rules`) → per-game reports (`analyze`,
//! `output`, driven in parallel by `batch`) → rating events and ladders (`rating`).

pub mod accuracy;
pub mod analyze;
pub mod batch;
pub mod board;
pub mod choice;
pub mod columnar;
pub mod decode;
pub mod diagram;
pub mod federation;
pub mod gtp;
pub mod handicap;
pub mod input;
pub mod life;
pub mod output;
#[cfg(feature = "python")]
mod python;
pub mod rating;
pub mod record;
pub mod replay;
pub mod report;
pub mod rules;
pub mod scoring;
