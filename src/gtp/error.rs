//! What can go wrong with a GTP engine or its command line.

use std::time::Duration;

/// What went wrong with a GTP engine or its command line; `Display` gives the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    /// The engine command line names no program.
    EmptyCommand,
    /// The command line (given) ends with a lone `\`.
    TrailingBackslash(String),
    /// The command line (given) leaves a quote open.
    UnclosedQuote(String),
    /// The program could not be started.
    Spawn {
        /// The program.
        program: String,
        /// The system's reason.
        reason: String,
        /// True when the program was not found (the message asks whether it is installed).
        not_found: bool,
    },
    /// The program started without pipes to talk to it.
    NoPipes {
        /// The program.
        program: String,
    },
    /// The engine fails a start-up command (`name`, `protocol_version`).
    Handshake {
        /// The program.
        program: String,
        /// The command.
        command: &'static str,
        /// How it failed.
        source: Box<GtpError>,
    },
    /// The engine speaks another protocol version than 2.
    Version {
        /// The program.
        program: String,
        /// Its answer to `protocol_version`, trimmed.
        version: String,
    },
    /// A command could not be written: the engine exited or stopped reading.
    Write {
        /// The program.
        program: String,
        /// The system's reason.
        reason: String,
    },
    /// No answer within the deadline.
    Timeout {
        /// The program.
        program: String,
        /// The command unanswered.
        command: String,
        /// The deadline.
        timeout: Duration,
    },
    /// The engine exited before answering.
    Exited {
        /// The program.
        program: String,
        /// The command unanswered.
        command: String,
    },
    /// Engine output that is not a GTP answer.
    NotAnAnswer(String),
    /// A `?` answer, with its text (`engine error` when it has none).
    Failure(String),
    /// A board that is not square.
    NotSquare {
        /// Columns.
        width: u8,
        /// Rows.
        height: u8,
    },
    /// A board GTP cannot name the points of (empty, or over 25 columns).
    Unnameable(u8),
    /// The engine refuses the board size.
    BoardRefused {
        /// The size.
        size: u8,
        /// The engine's answer.
        source: Box<GtpError>,
    },
    /// The engine refuses a move of the record.
    MoveRejected {
        /// The move's number, from 1.
        number: usize,
        /// `b` or `w`.
        color: &'static str,
        /// The vertex, or `pass`.
        vertex: String,
        /// The engine's answer.
        source: Box<GtpError>,
    },
    /// The engine refuses a setup stone.
    SetupRejected {
        /// `b` or `w`.
        color: &'static str,
        /// The vertex.
        vertex: String,
        /// The engine's answer.
        source: Box<GtpError>,
    },
    /// A point (in SGF) off the board, or on a board too large for GTP.
    OffBoard {
        /// The point, as SGF.
        point: String,
        /// The board size.
        size: u8,
    },
    /// An engine's vertex that names no point of the board.
    BadVertex {
        /// The vertex as given.
        vertex: String,
        /// The board size.
        size: u8,
    },
}

impl std::fmt::Display for GtpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GtpError::EmptyCommand => f.write_str("empty GTP engine command"),
            GtpError::TrailingBackslash(c) => write!(f, "trailing backslash in `{c}`"),
            GtpError::UnclosedQuote(c) => write!(f, "unclosed quote in `{c}`"),
            GtpError::Spawn {
                program,
                reason,
                not_found,
            } => {
                let hint = if *not_found {
                    " (is it installed?)"
                } else {
                    ""
                };
                write!(f, "cannot start GTP engine `{program}`: {reason}{hint}")
            }
            GtpError::NoPipes { program } => {
                write!(f, "cannot start GTP engine `{program}`: no pipes")
            }
            GtpError::Handshake {
                program,
                command,
                source,
            } => write!(
                f,
                "GTP engine `{program}` does not answer `{command}`: {source}"
            ),
            GtpError::Version { program, version } => write!(
                f,
                "GTP engine `{program}` speaks protocol version {version:?}, not 2"
            ),
            GtpError::Write { program, reason } => write!(
                f,
                "GTP engine `{program}` exited or stopped reading commands ({reason})"
            ),
            GtpError::Timeout {
                program,
                command,
                timeout,
            } => write!(
                f,
                "GTP engine `{program}` gave no answer to `{command}` within {} s",
                timeout.as_secs_f64()
            ),
            GtpError::Exited { program, command } => {
                write!(
                    f,
                    "GTP engine `{program}` exited while answering `{command}`"
                )
            }
            GtpError::NotAnAnswer(response) => write!(f, "not a GTP answer: {response:?}"),
            GtpError::Failure(text) if text.is_empty() => f.write_str("engine error"),
            GtpError::Failure(text) => f.write_str(text),
            GtpError::NotSquare { width, height } => write!(
                f,
                "GTP engines play square boards only, not {width}x{height}"
            ),
            GtpError::Unnameable(size) => {
                write!(f, "GTP cannot name points on a {size}x{size} board")
            }
            GtpError::BoardRefused { size, source } => {
                write!(f, "engine refuses board size {size}: {source}")
            }
            GtpError::MoveRejected {
                number,
                color,
                vertex,
                source,
            } => write!(f, "move {number} ({color} {vertex}) rejected: {source}"),
            GtpError::SetupRejected {
                color,
                vertex,
                source,
            } => write!(f, "setup stone {color} {vertex} rejected: {source}"),
            GtpError::OffBoard { point, size } => {
                write!(f, "point {point} is off a {size}x{size} GTP board")
            }
            GtpError::BadVertex { vertex, size } => {
                write!(f, "bad GTP vertex {vertex:?} for a {size}x{size} board")
            }
        }
    }
}

impl std::error::Error for GtpError {}

/// An argument meant to name a GTP engine as `gtp:COMMAND` (`--oracle`, `--engine`) that
/// does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotGtpCommand;

impl std::fmt::Display for NotGtpCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("expected gtp:COMMAND, e.g. \"gtp:gnugo --mode gtp\"")
    }
}

impl std::error::Error for NotGtpCommand {}
