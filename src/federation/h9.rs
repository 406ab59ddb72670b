//! The EGD's `.h9` layout: `; XX[value]` header lines (`CL`, `EV`, `PC`, `DT`, `HA`, `KM`,
//! `TM`, `CM`), and rows of fixed columns counted in characters (OpenGotha's
//! `generateH9File`):
//!
//! ```text
//! cols  1–4   place, right-aligned (blank for a tie)
//!       6–36  name, `Surname Given`, 30 characters and a blank
//!      37–39  rank, right-aligned
//!      41–42  country (`XX` when unknown)
//!      44–47  club, right-aligned (`xxxx` when unknown)
//!      48–    placement criteria (numbers, at least four columns), then one cell per
//!             round (`   2+/w0`, `   0=   `), all separated by blanks
//! ```
//!
//! The criteria are told from the cells by their form: a cell is digits then a result.

use super::table::{HeaderLine, Identity, LineErrorKind, slice};

/// The first column after the identity fields (0-based, in characters).
pub const CELLS_FROM: usize = 47;

/// Reads a `; XX[value]` header line; `None` for a comment.
pub fn header_line(line: &str) -> Option<HeaderLine> {
    let body = line.strip_prefix(';')?.trim_start();
    let (key, rest) = body.split_once('[')?;
    let value = rest.trim_end().strip_suffix(']')?;
    (key.len() == 2 && key.chars().all(|c| c.is_ascii_uppercase())).then(|| HeaderLine {
        key: key.to_string(),
        value: value.trim().to_string(),
    })
}

/// The identity columns of a row, and where its criteria and cells start.
pub fn identity(chars: &[char]) -> Result<(Identity, usize), LineErrorKind> {
    if chars.len() < 39 {
        return Err(LineErrorKind::Truncated {
            chars: chars.len(),
            needed: 39,
        });
    }
    let id = Identity {
        place: slice(chars, 0, 4),
        name: slice(chars, 5, 36),
        rank: slice(chars, 36, 39),
        licence: String::new(),
        country: slice(chars, 40, 42),
        club: slice(chars, 43, CELLS_FROM),
    };
    Ok((id, CELLS_FROM.min(chars.len())))
}
