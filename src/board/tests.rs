//! The board against a naive flood-fill reference, and its edge cases.

use super::*;

fn pt(x: u8, y: u8) -> Point {
    Point { x, y }
}

/// A board from rows of `X` (black), `O` (white) and `.` (empty).
fn board(rows: &[&str]) -> Board {
    let mut b = Board::new(rows[0].len() as u8, rows.len() as u8);
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let stone = match ch {
                'X' => Some(Color::Black),
                'O' => Some(Color::White),
                _ => None,
            };
            b.set(pt(x as u8, y as u8), stone);
        }
    }
    b
}

fn rows(b: &Board) -> Vec<String> {
    (0..b.height())
        .map(|y| {
            (0..b.width())
                .map(|x| match b.get(pt(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect()
}

#[test]
fn single_capture_reports_the_point() {
    let mut b = board(&["XO.", ".X.", "..."]);
    let out = b.play(Color::Black, pt(2, 0));
    assert_eq!(out.captured, 1);
    assert_eq!(out.captured_single, Some(pt(1, 0)));
    assert_eq!(out.suicided, 0);
    assert_eq!(rows(&b), ["X.X", ".X.", "..."]);
}

#[test]
fn one_move_captures_two_chains() {
    let mut b = board(&["XO.OX", ".X.X.", "....."]);
    let out = b.play(Color::Black, pt(2, 0));
    assert_eq!(out.captured, 2);
    assert_eq!(out.captured_single, None);
    assert_eq!(rows(&b)[0], "X.X.X");
}

#[test]
fn snapback() {
    let mut b = board(&["..X.", "OOX.", "XX.."]);
    let first = b.play(Color::Black, pt(0, 0));
    assert_eq!((first.captured, first.suicided), (0, 0));
    let take = b.play(Color::White, pt(1, 0));
    assert_eq!(take.captured, 1);
    assert_eq!(take.captured_single, Some(pt(0, 0)));
    assert_eq!(b.liberties(pt(1, 0)), 1);
    let back = b.play(Color::Black, pt(0, 0));
    assert_eq!(back.captured, 3);
    assert_eq!(rows(&b), ["X.X.", "..X.", "XX.."]);
}

#[test]
fn suicide_single_and_multi() {
    let mut b = board(&[".O..", "O...", "...."]);
    let out = b.play(Color::Black, pt(0, 0));
    assert_eq!((out.captured, out.suicided), (0, 1));
    assert_eq!(b.get(pt(0, 0)), None);
    let mut b = board(&["X.O.", "OO..", "...."]);
    let out = b.play(Color::Black, pt(1, 0));
    assert_eq!((out.captured, out.suicided), (0, 2));
    assert_eq!(rows(&b)[0], "..O.");
}

#[test]
fn capture_beats_suicide() {
    // The filling stone has no liberty of its own but captures first.
    let mut b = board(&[".OX", "OX.", "X.."]);
    let out = b.play(Color::Black, pt(0, 0));
    assert_eq!(out.suicided, 0);
    assert_eq!(out.captured, 2);
}

#[test]
fn hash_is_incremental_and_order_free() {
    let mut b = board(&["XO.", ".X.", "..."]);
    b.play(Color::Black, pt(2, 0));
    let rebuilt = Board::from_position(&b.snapshot());
    assert_eq!(b.hash(), rebuilt.hash());
    assert_ne!(b.hash(), 0);
    let mut e = Board::new(3, 3);
    e.set(pt(1, 1), Some(Color::White));
    assert_ne!(e.hash(), 0);
    e.set(pt(1, 1), None);
    assert_eq!(e.hash(), 0);
    // Same stone, other colour: different key.
    let mut w = Board::new(3, 3);
    w.set(pt(1, 1), Some(Color::Black));
    let mut k = Board::new(3, 3);
    k.set(pt(1, 1), Some(Color::White));
    assert_ne!(w.hash(), k.hash());
}

#[test]
fn occupied_point_is_overwritten() {
    let mut b = board(&["XO.", "X..", "..."]);
    let out = b.play(Color::Black, pt(1, 0));
    assert_eq!(out.replaced, Some(Color::White));
    assert_eq!(b.get(pt(1, 0)), Some(Color::Black));
    assert_eq!(b.chain_at(pt(0, 0)).len(), 3);
    assert_eq!(b.hash(), Board::from_position(&b.snapshot()).hash());
}

#[test]
fn chain_and_liberty_queries() {
    let b = board(&["XX.", "XO.", "..."]);
    let mut chain = b.chain_at(pt(0, 0));
    chain.sort();
    assert_eq!(chain, vec![pt(0, 0), pt(0, 1), pt(1, 0)]);
    assert_eq!(b.liberties(pt(0, 0)), 2);
    assert_eq!(b.liberties(pt(1, 1)), 2);
    assert_eq!(b.liberties(pt(2, 2)), 0);
    assert!(b.chain_at(pt(9, 9)).is_empty());
    assert_eq!(b.neighbours_of(pt(0, 0)).len(), 2);
    assert_eq!(b.stone_count(Color::Black), 3);
}

#[test]
fn rectangular_edges() {
    let mut b = Board::new(19, 13);
    b.set(pt(18, 12), Some(Color::White));
    b.set(pt(17, 12), Some(Color::Black));
    assert_eq!(b.play(Color::Black, pt(18, 11)).captured, 1);
    assert!(!b.on_board(pt(18, 13)));
    assert!(b.on_board(pt(18, 12)));
    let mut t = Board::new(3, 17);
    t.set(pt(2, 16), Some(Color::White));
    t.set(pt(2, 15), Some(Color::White));
    t.set(pt(1, 16), Some(Color::Black));
    t.set(pt(1, 15), Some(Color::Black));
    let out = t.play(Color::Black, pt(2, 14));
    assert_eq!(out.captured, 2);
    assert_eq!(t.snapshot().cells.len(), 3 * 17);
    assert!(!t.play(Color::Black, pt(3, 0)).executed);
}

#[test]
fn largest_board_corner() {
    let mut b = Board::new(52, 52);
    let corner = pt(51, 51);
    assert_eq!(corner.to_sgf(), "ZZ");
    b.set(corner, Some(Color::Black));
    b.play(Color::White, pt(50, 51));
    let out = b.play(Color::White, pt(51, 50));
    assert_eq!(out.captured_single, Some(corner));
    assert!(!b.play(Color::Black, pt(52, 0)).executed);
    assert_eq!(Board::new(200, 60).width(), 52);
}

#[test]
fn tiny_boards_do_not_panic() {
    let mut b = Board::new(1, 1);
    let out = b.play(Color::Black, pt(0, 0));
    assert_eq!(out.suicided, 1);
    assert_eq!(b.hash(), 0);
    let mut z = Board::new(0, 0);
    assert!(!z.play(Color::White, pt(0, 0)).executed);
    assert!(z.snapshot().cells.is_empty());
    let mut line = Board::new(2, 1);
    line.play(Color::Black, pt(0, 0));
    assert_eq!(line.play(Color::White, pt(1, 0)).captured, 1);
}

/// Reference capture logic by plain flood fill on a snapshot.
fn naive_play(pos: &mut Position, c: Color, p: Point) -> (u32, u32) {
    let w = pos.width as usize;
    let idx = |q: Point| q.y as usize * w + q.x as usize;
    let nbs = |q: Point| {
        let mut v = Vec::new();
        if q.x > 0 {
            v.push(pt(q.x - 1, q.y));
        }
        if q.y > 0 {
            v.push(pt(q.x, q.y - 1));
        }
        if q.x + 1 < pos.width {
            v.push(pt(q.x + 1, q.y));
        }
        if q.y + 1 < pos.height {
            v.push(pt(q.x, q.y + 1));
        }
        v
    };
    let group = |pos: &Position, q: Point| {
        let col = pos.get(q);
        let mut seen = vec![q];
        let mut k = 0;
        let mut libs = false;
        while k < seen.len() {
            for n in nbs(seen[k]) {
                match pos.get(n) {
                    None => libs = true,
                    s if s == col && !seen.contains(&n) => seen.push(n),
                    _ => {}
                }
            }
            k += 1;
        }
        (seen, libs)
    };
    pos.cells[idx(p)] = Some(c);
    let mut captured = 0;
    for n in nbs(p) {
        if pos.get(n) == Some(c.opponent()) {
            let (g, libs) = group(pos, n);
            if !libs {
                captured += g.len() as u32;
                for s in g {
                    pos.cells[idx(s)] = None;
                }
            }
        }
    }
    let (g, libs) = group(pos, p);
    let mut suicided = 0;
    if !libs {
        suicided = g.len() as u32;
        for s in g {
            pos.cells[idx(s)] = None;
        }
    }
    (captured, suicided)
}

#[test]
fn random_games_match_reference() {
    let mut state = 7u64;
    for &(w, h) in &[(5u8, 5u8), (9, 9), (7, 3), (1, 4), (19, 13)] {
        let mut b = Board::new(w, h);
        let mut reference = Position::empty(w, h);
        for turn in 0..600u32 {
            let (s, r) = splitmix64(state);
            state = s;
            let p = pt((r % w as u64) as u8, ((r >> 16) % h as u64) as u8);
            let c = if turn % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            if (r >> 40) % 50 == 0 {
                // Occasional setup edits exercise the lazy rebuild.
                let stone = if (r >> 50) % 2 == 0 { None } else { Some(c) };
                b.set(p, stone);
                reference.cells[p.y as usize * w as usize + p.x as usize] = stone;
                continue;
            }
            if reference.get(p).is_some() {
                continue;
            }
            let out = b.play(c, p);
            let expect = naive_play(&mut reference, c, p);
            assert_eq!((out.captured, out.suicided), expect, "{w}x{h} turn {turn}");
            assert_eq!(b.snapshot(), reference, "{w}x{h} turn {turn}");
        }
        assert_eq!(b.hash(), Board::from_position(&reference).hash());
    }
}
