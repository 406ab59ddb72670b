//! Handicap inference from root setup, leading Black moves and `HA`.
//!
//! Rules, in order:
//! 1. Setup before the first move (root `AB`, or Fox's `AB` in the second node) with black
//!    stones only, at least 2: `setup`, stones = their count.
//! 2. Otherwise at least 2 Black moves on the board before White's first move (and White
//!    does move later): `moves`, stones = their count (`placement_moves` too).
//! 3. Otherwise `HA` ≥ 2: `declared`, stones = `HA`, never `consistent` (nothing backs it).
//! 4. Otherwise `none`, 0 stones.
//!
//! Setup with both colours (a problem or test position) is not a handicap: it gives 0 stones
//! (or `declared` when `HA` ≥ 2). `HA[0]` and `HA[1]` (Fox writes `HA[1]`) mean no handicap.

use crate::board::Color;
use crate::record::{GameRecord, MoveAt, Step};
use serde::Serialize;

/// The handicap of a game, as inferred and as declared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Handicap {
    /// Handicap stones Black received (0 for an even game).
    pub stones: u32,
    /// `HA` as written, when it is a whole number.
    pub declared: Option<i64>,
    /// Where `stones` comes from.
    pub source: HandicapSource,
    /// True when `HA` agrees with the stones found (absent `HA`, `HA[0]`, `HA[1]` declare 0).
    pub consistent: bool,
    /// Leading Black moves that are handicap placement (source `moves`), else 0.
    #[serde(skip)]
    pub placement_moves: u32,
}

/// Where the handicap count comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HandicapSource {
    /// Black stones set up before the first move.
    Setup,
    /// Consecutive Black moves before White's first move.
    Moves,
    /// Only `HA` says so.
    Declared,
    /// No handicap.
    None,
}

/// Infers the handicap of `record` (see the module rules).
pub fn infer(record: &GameRecord) -> Handicap {
    let declared = record.handicap_declared;
    // HA[0] and HA[1] both mean "no handicap stones".
    let declared_stones = declared.map_or(0, |d| if d <= 1 { 0 } else { d });

    let mut setup_black = 0usize;
    let mut setup_white = 0usize;
    let mut first_move = record.steps.len();
    for (i, step) in record.steps.iter().enumerate() {
        match step {
            Step::Setup { black, white, .. } => {
                setup_black += black.len();
                setup_white += white.len();
            }
            Step::Move { .. } => {
                first_move = i;
                break;
            }
        }
    }

    let found = |stones: usize, source: HandicapSource, placement: usize| {
        let stones = u32::try_from(stones).unwrap_or(u32::MAX);
        Handicap {
            stones,
            declared,
            source,
            // An absent HA declares 0 stones: AB without HA is a disagreement to report.
            consistent: declared_stones == i64::from(stones) && declared.is_none_or(|d| d >= 0),
            placement_moves: u32::try_from(placement).unwrap_or(u32::MAX),
        }
    };

    if setup_white == 0 && setup_black >= 2 {
        return found(setup_black, HandicapSource::Setup, 0);
    }
    if setup_black == 0 && setup_white == 0 {
        let mut leading = 0usize;
        let mut white_moves = false;
        for step in &record.steps[first_move..] {
            match step {
                Step::Move {
                    color: Color::Black,
                    at: MoveAt::Point(_),
                } => leading += 1,
                Step::Move {
                    color: Color::White,
                    ..
                } => {
                    white_moves = true;
                    break;
                }
                // A pass, an off-board move or later setup ends the placement.
                _ => break,
            }
        }
        if leading >= 2 && white_moves {
            return found(leading, HandicapSource::Moves, leading);
        }
    }
    if declared_stones >= 2 {
        return Handicap {
            stones: u32::try_from(declared_stones).unwrap_or(u32::MAX),
            declared,
            source: HandicapSource::Declared,
            consistent: false,
            placement_moves: 0,
        };
    }
    found(0, HandicapSource::None, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{ParseLimits, parse_file};

    fn infer_text(text: &str) -> Handicap {
        let file =
            parse_file(text, &ParseLimits::default()).unwrap_or_else(|e| panic!("{text}: {e}"));
        match file.games.first() {
            Some(Ok(g)) => infer(g),
            other => panic!("{text}: {other:?}"),
        }
    }

    fn check(text: &str, stones: u32, source: HandicapSource, consistent: bool) -> Handicap {
        let h = infer_text(text);
        assert_eq!(
            (h.stones, h.source, h.consistent),
            (stones, source, consistent),
            "{text}"
        );
        h
    }

    #[test]
    fn even_game() {
        let h = check("(;KM[6.5];B[pd];W[dd])", 0, HandicapSource::None, true);
        assert_eq!(h.declared, None);
        check("(;HA[0];B[pd];W[dd])", 0, HandicapSource::None, true);
        // Fox writes HA[1] for even games.
        check("(;HA[1];B[pd];W[dd])", 0, HandicapSource::None, true);
    }

    #[test]
    fn root_setup() {
        let h = check("(;HA[2]AB[pd][dp];W[pp])", 2, HandicapSource::Setup, true);
        assert_eq!(h.declared, Some(2));
        assert_eq!(h.placement_moves, 0);
        check("(;AB[pd][dp][pp];W[dd])", 3, HandicapSource::Setup, false);
        check(
            "(;HA[4]AB[pd][dp][pp];W[dd])",
            3,
            HandicapSource::Setup,
            false,
        );
    }

    #[test]
    fn fox_setup_in_second_node() {
        check(
            "(;GM[1]HA[2];AB[pd][dp];W[pp])",
            2,
            HandicapSource::Setup,
            true,
        );
    }

    #[test]
    fn leading_black_moves() {
        let h = check(
            "(;HA[3];B[pd];B[dp];B[pp];W[dd];B[qq])",
            3,
            HandicapSource::Moves,
            true,
        );
        assert_eq!(h.placement_moves, 3);
        check("(;B[pd];B[dp];W[dd])", 2, HandicapSource::Moves, false);
        // One Black move then White: not a handicap.
        check("(;B[pd];W[dp];B[dd])", 0, HandicapSource::None, true);
        // Black alone (a problem line): not a handicap.
        check("(;B[pd];B[dp];B[dd])", 0, HandicapSource::None, true);
    }

    #[test]
    fn declared_without_stones() {
        let h = check("(;HA[3];W[pd];B[dd])", 3, HandicapSource::Declared, false);
        assert_eq!(h.declared, Some(3));
    }

    #[test]
    fn test_position_is_not_handicap() {
        check("(;AB[aa][bb][cc]AW[dd][ee])", 0, HandicapSource::None, true);
        check(
            "(;HA[2]AB[aa][bb]AW[dd])",
            2,
            HandicapSource::Declared,
            false,
        );
    }

    #[test]
    fn unreadable_ha() {
        let h = check("(;HA[7.5];B[pd];W[dd])", 0, HandicapSource::None, true);
        assert_eq!(h.declared, None);
        check("(;HA[-2];B[pd];W[dd])", 0, HandicapSource::None, false);
    }

    #[test]
    fn serialises_lowercase_source() {
        let h = infer_text("(;AB[pd][dp];W[pp])");
        let json = serde_json::to_string(&h).unwrap_or_default();
        assert!(json.contains("\"source\":\"setup\""), "{json}");
        assert!(!json.contains("placement"), "{json}");
    }
}
