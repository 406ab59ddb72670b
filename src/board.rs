//! The board: stones, chains, liberties, captures and Zobrist hashes. Knows nothing of SGF.

use serde::Serialize;

/// A stone colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Black.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// A point on the board: column `x`, row `y`, both from 0 at the top-left corner (SGF order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0-based from the left.
    pub x: u8,
    /// Row, 0-based from the top.
    pub y: u8,
}

impl Point {
    /// The SGF coordinate letters of this point (`a`..`z`, then `A`..`Z`), e.g. `"pd"`.
    pub fn to_sgf(self) -> String {
        fn letter(v: u8) -> char {
            if v < 26 {
                (b'a' + v) as char
            } else {
                (b'A' + (v - 26)) as char
            }
        }
        let mut s = String::with_capacity(2);
        s.push(letter(self.x));
        s.push(letter(self.y));
        s
    }
}

/// A plain snapshot of a position: what scoring and pictures read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Number of columns.
    pub width: u8,
    /// Number of rows.
    pub height: u8,
    /// Row-major cells, `cells[y * width + x]`.
    pub cells: Vec<Option<Color>>,
}

impl Position {
    /// An empty position of the given size.
    pub fn empty(width: u8, height: u8) -> Position {
        Position {
            width,
            height,
            cells: vec![None; width as usize * height as usize],
        }
    }

    /// The stone at `p`, if any (`None` off the board too).
    pub fn get(&self, p: Point) -> Option<Color> {
        if p.x < self.width && p.y < self.height {
            self.cells[p.y as usize * self.width as usize + p.x as usize]
        } else {
            None
        }
    }
}

/// Largest supported width or height (SGF letters `a`..`Z`).
pub const MAX_SIZE: u8 = 52;

/// Padded side length: one border cell on each side of the largest board.
const PADDED: usize = MAX_SIZE as usize + 2;

/// Cell codes in the padded array.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

/// One splitmix64 step: returns the new state and the output.
const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Zobrist keys per padded index and colour, built at compile time from a fixed seed so
/// hashes are reproducible across runs and machines.
static ZOBRIST: [[u64; 2]; PADDED * PADDED] = {
    let mut table = [[0u64; 2]; PADDED * PADDED];
    let mut state = 0x0EC4_E11E_5EED_2024u64;
    let mut i = 0;
    while i < PADDED * PADDED {
        let (s1, a) = splitmix64(state);
        let (s2, b) = splitmix64(s1);
        state = s2;
        table[i] = [a, b];
        i += 1;
    }
    table
};

fn code(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

fn color_of(code: u8) -> Option<Color> {
    match code {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// What a call to [`Board::play`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayOutcome {
    /// Opposing stones removed by the move.
    pub captured: u32,
    /// The mover's own stones removed because their chain had no liberty left (suicide).
    pub suicided: u32,
    /// The captured stone when exactly one stone was captured (what a basic ko needs).
    pub captured_single: Option<Point>,
    /// The stone that was on the point before, when the move was played on an occupied point.
    pub replaced: Option<Color>,
    /// False when the point was off the board and nothing happened.
    pub executed: bool,
}

/// A Go board with chains, pseudo-liberty counts and an incremental Zobrist hash.
///
/// Cells live in a padded row-major array (one border cell around the board) so that
/// neighbour lookups need no bounds checks. Each chain is a circular linked list with a
/// head holding its size and pseudo-liberty count (stone/empty adjacencies, counted with
/// multiplicity): a chain has no liberty exactly when that count is zero.
#[derive(Clone, Debug)]
pub struct Board {
    width: u8,
    height: u8,
    stride: usize,
    cells: Vec<u8>,
    head: Vec<u16>,
    next: Vec<u16>,
    /// Pseudo-liberties, valid at chain heads.
    libs: Vec<u32>,
    /// Chain sizes, valid at chain heads.
    size: Vec<u16>,
    hash: u64,
    /// Set by `set`: chain data is rebuilt lazily before the next `play`.
    dirty: bool,
    /// Scratch stack reused by `rebuild`.
    stack: Vec<u16>,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.width == other.width && self.height == other.height && self.cells == other.cells
    }
}

impl Eq for Board {}

impl Board {
    /// An empty board; sizes above 52 are clamped to 52 (0 gives a board with no points).
    pub fn new(width: u8, height: u8) -> Board {
        let width = width.min(MAX_SIZE);
        let height = height.min(MAX_SIZE);
        let stride = width as usize + 2;
        let len = stride * (height as usize + 2);
        let mut cells = vec![EDGE; len];
        for y in 0..height as usize {
            for x in 0..width as usize {
                cells[(y + 1) * stride + x + 1] = EMPTY;
            }
        }
        Board {
            width,
            height,
            stride,
            cells,
            head: vec![0; len],
            next: vec![0; len],
            libs: vec![0; len],
            size: vec![0; len],
            hash: 0,
            dirty: false,
            stack: Vec::new(),
        }
    }

    /// A board holding the stones of a snapshot (cells beyond `width * height` are ignored).
    pub fn from_position(position: &Position) -> Board {
        let mut board = Board::new(position.width, position.height);
        for y in 0..board.height {
            for x in 0..board.width {
                let p = Point { x, y };
                board.set(p, position.get(p));
            }
        }
        board
    }

    /// Number of columns.
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u8 {
        self.height
    }

    /// True when `p` lies on the board.
    pub fn on_board(&self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// Padded index of an on-board point.
    fn index(&self, p: Point) -> Option<usize> {
        if self.on_board(p) {
            Some((p.y as usize + 1) * self.stride + p.x as usize + 1)
        } else {
            None
        }
    }

    /// The point of a padded index (only called on interior indices).
    fn point(&self, i: usize) -> Point {
        Point {
            x: (i % self.stride - 1) as u8,
            y: (i / self.stride - 1) as u8,
        }
    }

    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - 1, i + 1, i - self.stride, i + self.stride]
    }

    /// The stone at `p`, if any (`None` off the board too).
    pub fn get(&self, p: Point) -> Option<Color> {
        self.index(p).and_then(|i| color_of(self.cells[i]))
    }

    /// Puts or clears a stone without captures (setup); off-board points are ignored.
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        let Some(i) = self.index(p) else { return };
        let new = stone.map_or(EMPTY, code);
        let old = self.cells[i];
        if old == new {
            return;
        }
        if old != EMPTY {
            self.hash ^= ZOBRIST[i][old as usize - 1];
        }
        if new != EMPTY {
            self.hash ^= ZOBRIST[i][new as usize - 1];
        }
        self.cells[i] = new;
        // Setup can split or join chains arbitrarily: rebuilding once before the next play
        // is simpler than patching, and setup is rare.
        self.dirty = true;
    }

    /// Zobrist hash of the stone arrangement (the empty board hashes to 0).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// A plain copy of the stones.
    pub fn snapshot(&self) -> Position {
        let mut pos = Position::empty(self.width, self.height);
        let w = self.width as usize;
        for y in 0..self.height as usize {
            let row = (y + 1) * self.stride + 1;
            for x in 0..w {
                pos.cells[y * w + x] = color_of(self.cells[row + x]);
            }
        }
        pos
    }

    /// Recomputes chain lists, sizes and pseudo-liberties from the cells.
    fn rebuild(&mut self) {
        let len = self.cells.len();
        // u16::MAX marks "not yet assigned" during the rebuild.
        for h in self.head.iter_mut() {
            *h = u16::MAX;
        }
        let mut stack = std::mem::take(&mut self.stack);
        for start in 0..len {
            let c = self.cells[start];
            if (c != BLACK && c != WHITE) || self.head[start] != u16::MAX {
                continue;
            }
            let h = start as u16;
            self.head[start] = h;
            self.next[start] = h;
            let mut size = 0u16;
            let mut libs = 0u32;
            stack.clear();
            stack.push(h);
            while let Some(s) = stack.pop() {
                let s = s as usize;
                size += 1;
                for n in self.neighbours(s) {
                    let nc = self.cells[n];
                    if nc == EMPTY {
                        libs += 1;
                    } else if nc == c && self.head[n] == u16::MAX {
                        self.head[n] = h;
                        // Splice n into the circular list right after the head.
                        self.next[n] = self.next[start];
                        self.next[start] = n as u16;
                        stack.push(n as u16);
                    }
                }
            }
            self.size[start] = size;
            self.libs[start] = libs;
        }
        self.stack = stack;
        self.dirty = false;
    }

    /// Joins the chains headed by `a` and `b` (distinct heads); returns the new head.
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        self.libs[big] += self.libs[small];
        big
    }

    /// Removes the chain headed by `h`; returns its size and, for one stone, its point.
    fn remove_chain(&mut self, h: usize) -> (u32, Option<Point>) {
        let mut count = 0u32;
        let mut s = h;
        loop {
            let c = self.cells[s];
            self.hash ^= ZOBRIST[s][c as usize - 1];
            self.cells[s] = EMPTY;
            count += 1;
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        // Second pass once every stone is gone: each vacated point is a new pseudo-liberty
        // for every surviving neighbouring chain.
        let mut s = h;
        loop {
            for n in self.neighbours(s) {
                let nc = self.cells[n];
                if nc == BLACK || nc == WHITE {
                    let nh = self.head[n] as usize;
                    self.libs[nh] += 1;
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        let single = if count == 1 {
            Some(self.point(h))
        } else {
            None
        };
        (count, single)
    }

    /// Plays a stone: places it, removes opposing chains left without liberty, then the
    /// mover's own chain if it has none (suicide, executed as the SGF standard says).
    ///
    /// On an occupied point the old stone is first removed (overwrite, as Sabaki does);
    /// off the board nothing happens and `executed` is false.
    pub fn play(&mut self, color: Color, p: Point) -> PlayOutcome {
        let mut out = PlayOutcome::default();
        let Some(i) = self.index(p) else {
            return out;
        };
        out.executed = true;
        if let Some(old) = color_of(self.cells[i]) {
            out.replaced = Some(old);
            self.set(p, None);
        }
        if self.dirty {
            self.rebuild();
        }
        let c = code(color);
        let o = 3 - c;
        self.cells[i] = c;
        self.hash ^= ZOBRIST[i][c as usize - 1];
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.size[i] = 1;
        let nbs = self.neighbours(i);
        let mut libs = 0;
        for n in nbs {
            let nc = self.cells[n];
            if nc == EMPTY {
                libs += 1;
            } else if nc == BLACK || nc == WHITE {
                // The point just filled was one pseudo-liberty of that chain.
                let nh = self.head[n] as usize;
                self.libs[nh] = self.libs[nh].saturating_sub(1);
            }
        }
        self.libs[i] = libs;
        let mut h = i;
        for n in nbs {
            if self.cells[n] == c {
                let nh = self.head[n] as usize;
                if nh != h {
                    h = self.merge(h, nh);
                }
            }
        }
        for n in nbs {
            // A chain met through two neighbours is removed once: the second sees EMPTY.
            if self.cells[n] == o {
                let nh = self.head[n] as usize;
                if self.libs[nh] == 0 {
                    let (count, single) = self.remove_chain(nh);
                    out.captured += count;
                    out.captured_single = single;
                }
            }
        }
        if out.captured != 1 {
            out.captured_single = None;
        }
        let h = self.head[i] as usize;
        if self.libs[h] == 0 {
            out.suicided = self.remove_chain(h).0;
        }
        out
    }

    /// Flood fill from `p` over stones of its colour; empty when `p` is empty or off-board.
    fn fill(&self, p: Point) -> (Vec<usize>, Vec<bool>) {
        let mut seen = vec![false; self.cells.len()];
        let mut chain = Vec::new();
        let Some(i) = self.index(p) else {
            return (chain, seen);
        };
        let c = self.cells[i];
        if c != BLACK && c != WHITE {
            return (chain, seen);
        }
        seen[i] = true;
        chain.push(i);
        let mut k = 0;
        while k < chain.len() {
            let s = chain[k];
            k += 1;
            for n in self.neighbours(s) {
                if !seen[n] && self.cells[n] == c {
                    seen[n] = true;
                    chain.push(n);
                }
            }
        }
        (chain, seen)
    }

    /// The stones of the chain through `p` (empty when `p` holds no stone).
    pub fn chain_at(&self, p: Point) -> Vec<Point> {
        self.fill(p).0.into_iter().map(|i| self.point(i)).collect()
    }

    /// The number of distinct liberties of the chain through `p` (0 when `p` holds no stone).
    pub fn liberties(&self, p: Point) -> usize {
        let (chain, mut seen) = self.fill(p);
        let mut count = 0;
        for s in chain {
            for n in self.neighbours(s) {
                if !seen[n] && self.cells[n] == EMPTY {
                    seen[n] = true;
                    count += 1;
                }
            }
        }
        count
    }

    /// The on-board orthogonal neighbours of `p` (empty when `p` is off the board).
    pub fn neighbours_of(&self, p: Point) -> Vec<Point> {
        let Some(i) = self.index(p) else {
            return Vec::new();
        };
        self.neighbours(i)
            .into_iter()
            .filter(|&n| self.cells[n] != EDGE)
            .map(|n| self.point(n))
            .collect()
    }

    /// Number of stones of `color` on the board.
    pub fn count(&self, color: Color) -> usize {
        let c = code(color);
        self.cells.iter().filter(|&&v| v == c).count()
    }
}

#[cfg(test)]
mod tests {
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
        assert_eq!(b.count(Color::Black), 3);
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
}
