//! The main line: the first child of every node, read as setup and move steps, and the
//! territory markup of its last node.
//!
//! Points are checked against the board size: an off-board move keeps its text, off-board
//! setup points are dropped with a warning, and `tt` is a pass on boards up to 19x19. It
//! neither replays nor judges the moves (see `rules`) and never looks at variations.

use super::{MoveAt, Size, Step};
use crate::board::{Color, Point};
use sgf_parse::SgfNode;
use sgf_parse::go::{Move, Prop};

fn to_point(p: sgf_parse::go::Point) -> Point {
    Point { x: p.x, y: p.y }
}

fn on_board(p: Point, size: Size) -> bool {
    p.x < size.width && p.y < size.height
}

/// Where a move goes: `tt` is a pass on boards up to 19x19; points off the board keep their text.
fn move_at(mv: &Move, size: Size) -> MoveAt {
    match mv {
        Move::Pass => MoveAt::Pass,
        Move::Move(p) => {
            let p = to_point(*p);
            if p.x == 19 && p.y == 19 && size.width <= 19 && size.height <= 19 {
                MoveAt::Pass
            } else if on_board(p, size) {
                MoveAt::Point(p)
            } else {
                MoveAt::OffBoard(p.to_sgf())
            }
        }
    }
}

/// Walks the main line into steps, warning of what it cannot read or keep.
pub(super) fn main_line(
    nodes: &[&SgfNode<Prop>],
    size: Size,
    warnings: &mut Vec<String>,
) -> Vec<Step> {
    let mut steps = Vec::with_capacity(nodes.len());
    let mut lowercase = 0;
    let mut dropped_setup = 0;
    for (index, node) in nodes.iter().enumerate() {
        let mut black = Vec::new();
        let mut white = Vec::new();
        let mut empty = Vec::new();
        let mut to_play = None;
        let mut has_setup = false;
        let mut moves = Vec::new();
        for p in &node.properties {
            match p {
                Prop::AB(set) | Prop::AW(set) | Prop::AE(set) => {
                    has_setup = true;
                    let target = match p {
                        Prop::AB(_) => &mut black,
                        Prop::AW(_) => &mut white,
                        _ => &mut empty,
                    };
                    for q in set.iter().map(|q| to_point(*q)) {
                        if on_board(q, size) {
                            target.push(q);
                        } else {
                            dropped_setup += 1;
                        }
                    }
                }
                Prop::PL(c) => {
                    has_setup = true;
                    to_play = Some(match c {
                        sgf_parse::Color::Black => Color::Black,
                        sgf_parse::Color::White => Color::White,
                    });
                }
                // Only `B`/`W`: `get_move()` may hand back `BL`/`WL` (time left).
                Prop::B(mv) => moves.push((Color::Black, move_at(mv, size))),
                Prop::W(mv) => moves.push((Color::White, move_at(mv, size))),
                Prop::Invalid(id, values) if id == "B" || id == "W" => {
                    let color = if id == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let raw = values.join(",");
                    warnings.push(format!("node {index}: unreadable move {id}[{raw}]"));
                    moves.push((color, MoveAt::OffBoard(raw)));
                }
                Prop::Invalid(id, values) if matches!(id.as_str(), "AB" | "AW" | "AE") => {
                    warnings.push(format!(
                        "node {index}: unreadable setup {id}[{}] ignored",
                        values.join("][")
                    ));
                }
                Prop::Unknown(id, _) if id.is_empty() => lowercase += 1,
                _ => {}
            }
        }
        if has_setup {
            // sgf-parse gives hash sets: sort for a deterministic order.
            black.sort();
            black.dedup();
            white.sort();
            white.dedup();
            empty.sort();
            empty.dedup();
            steps.push(Step::Setup {
                black,
                white,
                empty,
                to_play,
            });
        }
        if moves.len() > 1 {
            warnings.push(format!(
                "node {index}: {} moves in one node, all kept in order",
                moves.len()
            ));
        }
        for (color, at) in moves {
            steps.push(Step::Move { color, at });
        }
    }
    if dropped_setup > 0 {
        warnings.push(format!(
            "{dropped_setup} setup points off the board dropped"
        ));
    }
    if lowercase > 0 {
        warnings.push(format!(
            "{lowercase} all-lowercase property identifiers ignored (old FF[1-3] style?)"
        ));
    }
    steps
}

/// Territory markup (`TB`, `TW`) of the last node, on the board, sorted: black's, white's.
pub(super) fn territory(last: Option<&SgfNode<Prop>>, size: Size) -> (Vec<Point>, Vec<Point>) {
    let mut territory_black = Vec::new();
    let mut territory_white = Vec::new();
    if let Some(last) = last {
        for p in &last.properties {
            let (target, set) = match p {
                Prop::TB(set) => (&mut territory_black, set),
                Prop::TW(set) => (&mut territory_white, set),
                _ => continue,
            };
            target.extend(
                set.iter()
                    .map(|p| to_point(*p))
                    .filter(|p| on_board(*p, size)),
            );
        }
    }
    territory_black.sort();
    territory_black.dedup();
    territory_white.sort();
    territory_white.dedup();
    (territory_black, territory_white)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::testing::{has_warning, mv, one, pt};

    #[test]
    fn tt_is_a_pass_on_small_boards_only() {
        let g = one("(;SZ[19];B[tt];W[];B[ss])");
        assert_eq!(
            g.steps,
            vec![
                mv(Color::Black, MoveAt::Pass),
                mv(Color::White, MoveAt::Pass),
                mv(Color::Black, MoveAt::Point(pt(18, 18))),
            ]
        );
        let g = one("(;SZ[9];W[tt])");
        assert_eq!(g.steps, vec![mv(Color::White, MoveAt::Pass)]);
        let g = one("(;SZ[21];B[tt])");
        assert_eq!(g.steps, vec![mv(Color::Black, MoveAt::Point(pt(19, 19)))]);
    }

    #[test]
    fn time_left_is_not_a_move() {
        // get_move() could return BL; only B/W make moves.
        let g = one("(;BL[300]B[dd]WL[200];WL[100]W[pp])");
        assert_eq!(
            g.steps,
            vec![
                mv(Color::Black, MoveAt::Point(pt(3, 3))),
                mv(Color::White, MoveAt::Point(pt(15, 15))),
            ]
        );
    }

    #[test]
    fn lowercase_identifiers_warn_once() {
        let g = one("(;GM[1];b[dd];w[pp];B[qq])");
        assert_eq!(g.steps, vec![mv(Color::Black, MoveAt::Point(pt(16, 16)))]);
        let n = g
            .warnings
            .iter()
            .filter(|w| w.contains("lowercase"))
            .count();
        assert_eq!(n, 1, "{:?}", g.warnings);
        assert!(has_warning(&g, "2 all-lowercase"));
    }

    #[test]
    fn off_board_moves_and_setup() {
        let g = one("(;SZ[9]AB[aa][jj]AW[bb];B[ia];W[ja];B[rp.pm])");
        assert_eq!(
            g.steps,
            vec![
                Step::Setup {
                    black: vec![pt(0, 0)],
                    white: vec![pt(1, 1)],
                    empty: vec![],
                    to_play: None,
                },
                mv(Color::Black, MoveAt::Point(pt(8, 0))),
                mv(Color::White, MoveAt::OffBoard("ja".to_string())),
                mv(Color::Black, MoveAt::OffBoard("rp.pm".to_string())),
            ]
        );
        assert!(has_warning(&g, "1 setup points off the board dropped"));
    }

    #[test]
    fn big_board_uses_uppercase_letters() {
        let g = one("(;SZ[52];B[ZZ];W[Aa])");
        assert_eq!(
            g.steps,
            vec![
                mv(Color::Black, MoveAt::Point(pt(51, 51))),
                mv(Color::White, MoveAt::Point(pt(26, 0))),
            ]
        );
    }

    #[test]
    fn setup_lists_sorted_and_expanded() {
        let g = one("(;AB[cc:ee][aa]AE[ss]PL[W])");
        let Some(Step::Setup {
            black,
            empty,
            to_play,
            ..
        }) = g.steps.first()
        else {
            panic!("no setup: {:?}", g.steps);
        };
        assert_eq!(black.len(), 10);
        assert_eq!(black[0], pt(0, 0));
        assert!(black.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(empty, &vec![pt(18, 18)]);
        assert_eq!(*to_play, Some(Color::White));
    }

    #[test]
    fn both_moves_in_one_node() {
        let g = one("(;B[aa]W[bb])");
        assert_eq!(g.steps.len(), 2);
        assert!(has_warning(&g, "2 moves in one node"));
    }

    #[test]
    fn main_line_is_first_child() {
        let g = one("(;B[aa](;W[bb];B[cc])(;W[dd]))");
        assert_eq!(g.steps.len(), 3);
        assert_eq!(g.steps[1], mv(Color::White, MoveAt::Point(pt(1, 1))));
    }

    #[test]
    fn territory_on_last_node() {
        let g = one("(;B[aa];W[bb]TB[cc][dd]TW[ee];B[]TB[aa:ab]TW[ss])");
        assert_eq!(g.territory_black, vec![pt(0, 0), pt(0, 1)]);
        assert_eq!(g.territory_white, vec![pt(18, 18)]);
    }
}
