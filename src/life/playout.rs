//! The light playouts that settle what Benson's rule and the static shapes cannot: a small
//! reproducible RNG, the playout board (the crate's chain board with liberty sums that tell a
//! chain in atari in O(1)), and the playout policy.

use super::benson::Enclosures;
use crate::board::{Cell, ChainBoard, Geometry, Grid, Liberties};

/// xorshift64*: small, fast and reproducible.
pub(super) struct Rng(pub u64);

impl Rng {
    /// A generator for `seed`, any value: splitmix64 spreads it first, so that neighbouring
    /// seeds (2 and 3, say) give unrelated streams; the state must not be zero.
    pub fn seeded(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n`, without a division.
    fn below(&mut self, n: usize) -> usize {
        ((self.next() >> 32) as usize * n) >> 32
    }
}

/// Runs `count` playouts from the grid's position and returns, per padded point, in how many
/// it ended Black's and White's. `home` (per padded point, may be empty) names the colour that
/// answers an invasion there; `first` moves first in every playout (when `None`, Black and
/// White take turns at it).
pub(super) fn playouts(
    g: &Grid,
    enclosure: &Enclosures,
    count: u32,
    seed: u64,
    home: &[Cell],
    first: Option<Cell>,
) -> Vec<[u32; 2]> {
    let mut base = PlayoutBoard::new(&g.geo, &g.cells);
    // Inside a pass-alive enclosure with no opposing stone the opponent never plays; where
    // the enclosure holds opposing stones, the points they lose to capture become barred to
    // them (a captured group does not come back to life inside walls it cannot attack).
    base.enclosed.clone_from(&enclosure.enclosed);
    for (f, &e) in base.forbid.iter_mut().zip(&enclosure.empty_only) {
        *f |= ((e & 1) << 1) | ((e & 2) >> 1);
    }
    let mut sim = base.clone();
    let mut own = vec![[0u32; 2]; g.cells.len()];
    let mut rng = Rng::seeded(seed);
    let max_moves = 3 * base.empties.len() + 50;
    for k in 0..count {
        sim.clone_from(&base);
        let mut color = first.unwrap_or(if k % 2 == 0 { Cell::Black } else { Cell::White });
        let mut passes = 0;
        let mut last = 0;
        for _ in 0..max_moves {
            match sim.choose(color, last, home, &mut rng) {
                Some(p) => {
                    sim.play(p, color);
                    passes = 0;
                    last = p;
                }
                None => {
                    sim.ko = 0;
                    last = 0;
                    passes += 1;
                    if passes >= 2 {
                        break;
                    }
                }
            }
            color = color.opponent();
        }
        let cells = &sim.board.cells;
        for (p, o) in own.iter_mut().enumerate() {
            match cells[p] {
                c @ (Cell::Black | Cell::White) => o[c.side()] += 1,
                Cell::Empty => {
                    let t = [Cell::Black, Cell::White].map(|v| sim.count_around(p, v) > 0);
                    match t {
                        [true, false] => o[0] += 1,
                        [false, true] => o[1] += 1,
                        _ => {}
                    }
                }
                Cell::Edge => {}
            }
        }
    }
    own
}

/// Own chains in atari a capture's stake counts at most (they are seldom more than two).
const OWN_ATARI: usize = 4;

/// One cell of kind `v` in [`PlayoutBoard`]'s neighbour counts.
#[inline]
fn kind(v: Cell) -> u32 {
    1 << (4 * v as u32)
}

/// The neighbour counts of the point `p` on `cells`, counted afresh (the board keeps them
/// move by move).
fn counted(geo: &Geometry, cells: &[Cell], p: usize) -> u32 {
    let side: u32 = geo.neighbours(p).iter().map(|&q| kind(cells[q])).sum();
    let diagonal: u32 = geo.diagonals(p).iter().map(|&q| kind(cells[q])).sum();
    side | diagonal << 16
}

/// Pseudo-liberties with their sum and sum of squares: a chain is in atari exactly when
/// `sum² = count · sum of squares` (all its pseudo-liberties are one point), and that point
/// is `sum / count`.
#[derive(Debug)]
pub(super) struct PseudoSums {
    /// Per chain head; the three numbers side by side, so that a test reads one cache line.
    at: Vec<Sums>,
}

/// One chain's pseudo-liberties: how many, their sum and their sum of squares.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    sq: u64,
    /// At most four pseudo-liberties a stone, each an index below 54², on a board of at
    /// most 52x52 ([`crate::board::MAX_SIZE`]): the sum fits in 32 bits, its square in 64,
    /// and the whole in 16 bytes (the playouts copy one per point at every playout).
    sum: u32,
    count: u32,
}

impl Liberties for PseudoSums {
    fn with_len(len: usize) -> Self {
        PseudoSums {
            at: vec![Sums::default(); len],
        }
    }
    #[inline]
    fn clear(&mut self, p: usize) {
        self.at[p] = Sums::default();
    }
    #[inline]
    fn add(&mut self, h: usize, l: usize) {
        let s = &mut self.at[h];
        s.count += 1;
        s.sum += l as u32;
        s.sq += (l * l) as u64;
    }
    #[inline]
    fn sub(&mut self, h: usize, l: usize) {
        let s = &mut self.at[h];
        s.count = s.count.saturating_sub(1);
        s.sum = s.sum.saturating_sub(l as u32);
        s.sq = s.sq.saturating_sub((l * l) as u64);
    }
    #[inline]
    fn absorb(&mut self, big: usize, small: usize) {
        let o = self.at[small];
        let s = &mut self.at[big];
        s.count += o.count;
        s.sum += o.sum;
        s.sq += o.sq;
    }
    #[inline]
    fn count(&self, h: usize) -> u32 {
        self.at[h].count
    }
    fn copy_from(&mut self, o: &Self) {
        self.at.clone_from(&o.at);
    }
}

impl PseudoSums {
    /// True when the chain headed by `h` has exactly one liberty.
    #[inline]
    fn in_atari(&self, h: usize) -> bool {
        let s = &self.at[h];
        let (n, sum) = (u64::from(s.count), u64::from(s.sum));
        n > 0 && sum * sum == n * s.sq
    }

    /// The only liberty of the chain headed by `h` (which must be in atari).
    #[inline]
    fn atari_lib(&self, h: usize) -> usize {
        let s = &self.at[h];
        (s.sum / s.count.max(1)) as usize
    }
}

/// The playout board: the chain board with liberty sums, the list of empty points, the ko
/// point, the chains that may be in atari, and where each colour may not play.
pub(super) struct PlayoutBoard {
    pub board: ChainBoard<PseudoSums>,
    empties: Vec<u32>,
    epos: Vec<u32>,
    pub ko: usize,
    /// Stones whose chain may be in atari (checked when used): the capture/escape candidates.
    atari: Vec<u32>,
    /// Per point, colour bits: that colour never plays there (opponent's safe territory).
    pub forbid: Vec<u8>,
    /// Per point, colour bits: inside a region enclosed by pass-alive chains of that colour.
    pub enclosed: Vec<u8>,
    /// Per point, how many of its four neighbours (low half) and of its four diagonal
    /// neighbours (high half) hold each kind of cell, four bits per [`Cell`] value (empty,
    /// black, white, edge; a count is at most 4): the random move's tests read one word
    /// instead of eight cells, and the board copied at each playout stays small.
    /// Kept for the points inside the board only.
    around: Vec<u32>,
}

// By hand: the derived `clone_from` would allocate every vector anew for each playout, which
// resets the board from its base; field by field, the vectors keep their buffers.
impl Clone for PlayoutBoard {
    fn clone(&self) -> PlayoutBoard {
        PlayoutBoard {
            board: self.board.clone(),
            empties: self.empties.clone(),
            epos: self.epos.clone(),
            ko: self.ko,
            atari: self.atari.clone(),
            forbid: self.forbid.clone(),
            enclosed: self.enclosed.clone(),
            around: self.around.clone(),
        }
    }

    fn clone_from(&mut self, o: &PlayoutBoard) {
        self.board.clone_from(&o.board);
        self.empties.clone_from(&o.empties);
        self.epos.clone_from(&o.epos);
        self.ko = o.ko;
        self.atari.clone_from(&o.atari);
        self.forbid.clone_from(&o.forbid);
        self.enclosed.clone_from(&o.enclosed);
        self.around.clone_from(&o.around);
    }
}

impl PlayoutBoard {
    /// The playout board of a padded position (a stone without liberties stays as it is).
    pub fn new(geo: &Geometry, cells: &[Cell]) -> PlayoutBoard {
        let n = cells.len();
        let board = ChainBoard::from_cells(*geo, cells);
        let mut s = PlayoutBoard {
            board,
            empties: Vec::new(),
            epos: vec![u32::MAX; n],
            ko: 0,
            atari: Vec::new(),
            forbid: vec![0; n],
            enclosed: vec![0; n],
            around: vec![0; n],
        };
        for (p, &v) in cells.iter().enumerate() {
            if v != Cell::Edge {
                s.around[p] = counted(geo, cells, p);
            }
            if v == Cell::Empty {
                s.epos[p] = s.empties.len() as u32;
                s.empties.push(p as u32);
            }
        }
        for (p, &v) in cells.iter().enumerate() {
            if v.is_stone() && s.board.head(p) == p && s.board.libs.in_atari(p) {
                s.atari.push(p as u32);
            }
        }
        s
    }

    fn remove_empty(&mut self, p: usize) {
        let i = self.epos[p] as usize;
        if i == u32::MAX as usize {
            return;
        }
        let last = self.empties.len() - 1;
        let moved = self.empties[last];
        self.empties[i] = moved;
        self.epos[moved as usize] = i as u32;
        self.empties.pop();
        self.epos[p] = u32::MAX;
    }

    /// How many of the four neighbours of the point `p` (on the board) hold `v`.
    #[inline]
    fn count_around(&self, p: usize, v: Cell) -> u32 {
        (self.around[p] >> (4 * v as u32)) & 0xf
    }

    /// How many of the four diagonal neighbours of the point `p` (on the board) hold `v`.
    #[inline]
    fn count_diagonal(&self, p: usize, v: Cell) -> u32 {
        (self.around[p] >> (16 + 4 * v as u32)) & 0xf
    }

    /// Adds `change` (one kind's count up, another's down, modulo 2³²) to the counts of the
    /// points around `p`; no count goes below zero, so no borrow crosses a nibble.
    #[inline]
    fn count_change(around: &mut [u32], geo: &Geometry, p: usize, change: u32) {
        for q in geo.neighbours(p) {
            around[q] = around[q].wrapping_add(change);
        }
        for q in geo.diagonals(p) {
            around[q] = around[q].wrapping_add(change << 16);
        }
    }

    /// Plays `c` at `p` (legal, empty): captures, the ko point, and the new chains in atari.
    pub fn play(&mut self, p: usize, c: Cell) {
        self.remove_empty(p);
        self.board.place(p, c);
        // One empty neighbour fewer, one `c` more.
        let geo = *self.board.geo();
        Self::count_change(
            &mut self.around,
            &geo,
            p,
            kind(c).wrapping_sub(kind(Cell::Empty)),
        );
        let opp = c.opponent();
        let mut captured = 0;
        let mut cap_at = 0;
        for q in self.board.geo().neighbours(p) {
            if self.board.cells[q] == opp && self.board.libs.count(self.board.head(q)) == 0 {
                captured += self.remove_chain(self.board.head(q));
                cap_at = q;
            }
        }
        let h = self.board.head(p);
        self.ko = if captured == 1 && self.board.size(h) == 1 && self.board.libs.in_atari(h) {
            cap_at
        } else {
            0
        };
        // New ataris can only be next to the move (or the move's own chain).
        if self.board.libs.in_atari(h) {
            self.atari.push(p as u32);
        }
        for q in self.board.geo().neighbours(p) {
            if self.board.cells[q] == opp && self.board.libs.in_atari(self.board.head(q)) {
                self.atari.push(q as u32);
            }
        }
    }

    /// Removes a captured chain; returns its size.
    fn remove_chain(&mut self, h: usize) -> u32 {
        let (forbid, enclosed) = (&mut self.forbid, &self.enclosed);
        let (empties, epos) = (&mut self.empties, &mut self.epos);
        let (around, geo) = (&mut self.around, *self.board.geo());
        self.board.remove_chain(h, |s, victim| {
            Self::count_change(
                around,
                &geo,
                s,
                kind(Cell::Empty).wrapping_sub(kind(victim)),
            );
            // Captured inside the captor's pass-alive enclosure: barred to the victim from now on.
            if enclosed[s] & victim.opponent().bit() != 0 {
                forbid[s] |= victim.bit();
            }
            epos[s] = empties.len() as u32;
            empties.push(s as u32);
        })
    }

    /// True when `p` is an eye of colour `c` that should not be filled (not a false eye).
    fn is_eye(&self, p: usize, c: Cell) -> bool {
        if self.count_around(p, c) + self.count_around(p, Cell::Edge) != 4 {
            return false;
        }
        let edge = u32::from(self.count_diagonal(p, Cell::Edge) > 0);
        self.count_diagonal(p, c.opponent()) + edge < 2
    }

    /// Legality of `c` at `p`: `None` if illegal (occupied, ko, suicide), else the liberties
    /// of the resulting chain (counted up to 2), whether it captures, and the chain's size.
    pub fn liberties_after(&self, p: usize, c: Cell) -> Option<(usize, bool, u32)> {
        self.liberties_upto(p, c, 2)
    }

    /// As `liberties_after`, counting liberties up to `need` (at most 4).
    pub fn liberties_upto(&self, p: usize, c: Cell, need: usize) -> Option<(usize, bool, u32)> {
        let b = &self.board;
        if b.cells[p] != Cell::Empty || p == self.ko {
            return None;
        }
        let need = need.clamp(1, 4);
        let opp = c.opponent();
        let mut libs = [0usize; 4];
        let mut nl = 0;
        let mut size = 1;
        let mut own_heads = [usize::MAX; 4];
        // How many of `p`'s neighbours belong to each joined chain (its entries for `p`).
        let mut own_touch = [0u32; 4];
        let mut captures = false;
        for q in b.geo().neighbours(p) {
            match b.cells[q] {
                Cell::Empty if !libs[..nl].contains(&q) => {
                    libs[nl] = q;
                    nl += 1;
                }
                v if v == opp => {
                    let h = b.head(q);
                    if b.libs.in_atari(h) {
                        captures = true;
                        // Taking several stones leaves several liberties.
                        if b.size(h) > 1 {
                            return Some((2.min(need), true, size));
                        }
                        if !libs[..nl].contains(&q) {
                            libs[nl] = q;
                            nl += 1;
                        }
                    }
                }
                v if v == c => {
                    let h = b.head(q);
                    if let Some(i) = own_heads.iter().position(|&x| x == h) {
                        own_touch[i] += 1;
                    } else if let Some(i) = own_heads.iter().position(|&x| x == usize::MAX) {
                        own_heads[i] = h;
                        own_touch[i] = 1;
                        size += b.size(h);
                    }
                }
                _ => {}
            }
        }
        if nl >= need {
            return Some((need, captures, size));
        }
        // Up to two liberties, the pseudo-liberty sums answer exactly without walking the
        // chains: once `p`'s own entries are taken out, a joined chain has no other liberty,
        // exactly one (the remaining entries are all one point: sum² = count · sum of
        // squares), or at least two.
        if need <= 2 {
            let mut found = libs;
            let mut nf = nl;
            for (i, &h) in own_heads.iter().enumerate() {
                if h == usize::MAX {
                    continue;
                }
                let k = u64::from(own_touch[i]);
                let pp = p as u64;
                let at = &b.libs.at[h];
                let count = u64::from(at.count).saturating_sub(k);
                if count == 0 {
                    continue;
                }
                let sum = u64::from(at.sum).saturating_sub(k * pp);
                let sq = at.sq.saturating_sub(k * pp * pp);
                if sum * sum != count * sq {
                    return Some((need, captures, size));
                }
                let l = (sum / count) as usize;
                if !found[..nf].contains(&l) {
                    found[nf] = l;
                    nf += 1;
                    if nf >= need {
                        return Some((need, captures, size));
                    }
                }
            }
            if nf == 0 && !captures {
                return None;
            }
            return Some((nf, captures, size));
        }
        // Few liberties of its own: count the distinct liberties of the chains it joins.
        let mut extra = [0usize; 4];
        let mut ne = 0;
        for &h in own_heads.iter().filter(|&&h| h != usize::MAX) {
            if b.libs.in_atari(h) {
                continue; // its only liberty is p
            }
            for s in b.stones(h) {
                for q in b.geo().neighbours(s) {
                    if b.cells[q] == Cell::Empty
                        && q != p
                        && !libs[..nl].contains(&q)
                        && !extra[..ne].contains(&q)
                    {
                        extra[ne] = q;
                        ne += 1;
                        if nl + ne >= need {
                            return Some((need, captures, size));
                        }
                    }
                }
            }
        }
        if nl + ne == 0 && !captures {
            return None;
        }
        Some((nl + ne, captures, size))
    }

    /// Whether the playout policy may play `c` at `p`: legal, and no self-atari of several
    /// stones (which would kill seki and own groups for nothing).
    fn playable(&self, p: usize, c: Cell) -> bool {
        match self.liberties_after(p, c) {
            None => false,
            Some((libs, captures, size)) => libs >= 2 || captures || size <= 1,
        }
    }

    /// Whether the chain with head `a` has a stone next to the chain with head `b`.
    fn touches(&self, a: usize, b: usize) -> bool {
        let board = &self.board;
        board.stones(a).any(|s| {
            board
                .geo()
                .neighbours(s)
                .iter()
                .any(|&q| board.cells[q].is_stone() && board.head(q) == b)
        })
    }

    /// May `c` extend the chain in atari headed by `h` to three liberties, off the
    /// opponent's safe territory and not into its own eye?
    fn can_extend(&self, h: usize, c: Cell) -> Option<usize> {
        let l = self.board.libs.atari_lib(h);
        (self.forbid[l] & c.bit() == 0
            && !self.is_eye(l, c)
            && matches!(self.liberties_upto(l, c, 3), Some((3, _, _))))
        .then_some(l)
    }

    /// The answer to a move that put own stones in atari, before anything else on the board:
    /// capture an opposing chain in atari that touches them, else extend them to three
    /// liberties. (Capturing races are lost in the playouts when the side in atari plays
    /// elsewhere, e.g. to take a bigger but irrelevant chain.)
    fn rescue(&self, c: Cell, last: usize) -> Option<usize> {
        let opp = c.opponent();
        let b = &self.board;
        if last == 0 || b.cells[last] != opp {
            return None;
        }
        for q in b.geo().neighbours(last) {
            if b.cells[q] != c || !b.libs.in_atari(b.head(q)) {
                continue;
            }
            let h = b.head(q);
            // The chains in atari are few and listed: walk those, not the (long) own chain.
            for &st in &self.atari {
                let st = st as usize;
                let oh = b.head(st);
                if b.cells[st] == opp && b.libs.in_atari(oh) && self.touches(oh, h) {
                    let l = b.libs.atari_lib(oh);
                    if self.liberties_after(l, c).is_some() {
                        return Some(l);
                    }
                }
            }
            if let Some(l) = self.can_extend(h, c) {
                return Some(l);
            }
        }
        None
    }

    /// Whether the random move of `c` may go to the empty point `p`: no eye of its own to
    /// fill, and [`playable`](Self::playable). One look at the neighbours answers most
    /// points: two empty ones, legal with two liberties and no eye; one empty and no own
    /// stone, a legal lone stone (which may stand in atari) and no eye; only the opponent's
    /// (or the edge), suicide unless one of them is in atari.
    #[inline]
    pub fn fits(&self, p: usize, c: Cell) -> bool {
        let cells = &self.board.cells;
        let opp = c.opponent();
        let empty = self.count_around(p, Cell::Empty);
        let mine = self.count_around(p, c);
        if (empty >= 2 || (empty == 1 && mine == 0)) && p != self.ko {
            return true;
        }
        if empty + mine == 0
            && self.count_around(p, opp) > 0
            && !self
                .board
                .geo()
                .neighbours(p)
                .iter()
                .any(|&q| cells[q] == opp && self.board.libs.in_atari(self.board.head(q)))
        {
            return false;
        }
        !self.is_eye(p, c) && self.playable(p, c)
    }

    /// The first point on the board whose neighbour counts differ from its cells' (the
    /// counts are kept move by move; a test checks them against a recount).
    #[cfg(test)]
    pub fn miscounted(&self) -> Option<usize> {
        let (cells, geo) = (&self.board.cells, self.board.geo());
        (0..cells.len())
            .find(|&p| cells[p] != Cell::Edge && self.around[p] != counted(geo, cells, p))
    }

    /// The random move's rule the long way: `fits` must always agree with it.
    #[cfg(test)]
    pub fn fits_slowly(&self, p: usize, c: Cell) -> bool {
        !self.is_eye(p, c) && self.playable(p, c)
    }

    /// The playout policy: capture the biggest opponent chain in atari, else save the biggest
    /// own chain in atari when extending gives it three liberties (two would only be chased
    /// further, and dead stones would run into the opponent's territory), else a random move
    /// that fills no own eye, is no self-atari of several stones and is not in the opponent's
    /// safe territory; `None` = pass.
    pub fn choose(&mut self, c: Cell, last: usize, home: &[Cell], rng: &mut Rng) -> Option<usize> {
        let opp = c.opponent();
        if let Some(p) = self.rescue(c, last) {
            return Some(p);
        }
        let (mut save, mut save_size, mut save_h) = (0usize, 0u32, 0usize);
        // Own chains in atari (the first few): a capture beside one of them frees it.
        let mut own_atari = [(usize::MAX, 0u32); OWN_ATARI];
        let mut n_own = 0;
        let mut i = 0;
        while i < self.atari.len() {
            let s = self.atari[i] as usize;
            let v = self.board.cells[s];
            let h = self.board.head(s);
            if !v.is_stone() || !self.board.libs.in_atari(h) {
                self.atari.swap_remove(i);
                continue;
            }
            i += 1;
            if v == opp {
                continue;
            }
            let size = self.board.size(h);
            if n_own < OWN_ATARI && !own_atari[..n_own].iter().any(|&(o, _)| o == h) {
                own_atari[n_own] = (h, size);
                n_own += 1;
            }
            if size > save_size
                && let Some(l) = self.can_extend(h, c)
            {
                save = l;
                save_size = size;
                save_h = h;
            }
        }
        // The capture with the biggest stake: the stones taken and the own stones in atari
        // beside them that the capture frees (two chains in atari on one liberty: whoever
        // moves takes the other's, not a bigger chain elsewhere).
        // Equal stakes go to the bigger capture.
        let (mut cap, mut cap_stake, mut cap_h) = (0usize, (0u32, 0u32), 0usize);
        for &s in &self.atari {
            let s = s as usize;
            if self.board.cells[s] != opp {
                continue;
            }
            let h = self.board.head(s);
            let size = self.board.size(h);
            let freed: u32 = own_atari[..n_own]
                .iter()
                .filter(|&&(o, _)| self.touches(h, o))
                .map(|&(_, size)| size)
                .sum();
            let stake = (size + freed, size);
            if stake > cap_stake {
                let l = self.board.libs.atari_lib(h);
                if self.liberties_after(l, c).is_some() {
                    cap = l;
                    cap_stake = stake;
                    cap_h = h;
                }
            }
        }
        // The bigger stake first: saving a big chain beats taking a small one.
        // ... unless the capture itself frees the chain in atari (a won capturing race).
        if cap != 0 && (cap_stake.0 >= save_size || self.touches(cap_h, save_h)) {
            return Some(cap);
        }
        if save != 0 {
            return Some(save);
        }
        let n = self.empties.len();
        if n == 0 {
            return None;
        }
        let bit = c.bit();
        let cells = &self.board.cells;
        // Answer an invasion of one's own area where it lands, as players do, instead of letting
        // the invader play on there for free; the invader gets no such help.
        if home.get(last) == Some(&c) {
            let geo = self.board.geo();
            let [a, b, d, e] = geo.neighbours(last);
            let [f, g, h, k] = geo.diagonals(last);
            let around = [a, b, d, e, f, g, h, k];
            let start = rng.below(8);
            for i in 0..8 {
                let p = around[(start + i) % 8];
                if cells[p] == Cell::Empty
                    && self.forbid[p] & bit == 0
                    && !self.is_eye(p, c)
                    && self.playable(p, c)
                {
                    return Some(p);
                }
            }
        }
        let start = rng.below(n);
        // From a random start round the list of empty points, without a division per step.
        for i in (start..n).chain(0..start) {
            let p = self.empties[i] as usize;
            if self.forbid[p] & bit != 0 {
                continue;
            }
            if self.fits(p, c) {
                return Some(p);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::life::tests::{grid, pos};
    use std::collections::BTreeSet;

    #[test]
    fn of_two_chains_in_atari_on_one_liberty_the_player_to_move_takes_the_other() {
        // Black's B1 and White's A2-B2 share their one liberty A1: White, to move, takes B1
        // there and frees A2-B2 and B0, rather than Black's C0 (as big, found first), after
        // which Black takes A2-B2 and the race is thrown away (cut 97's g0034c).
        let p = pos(&[
            ".OX....", //
            ".XOO...", //
            "OOX....", //
            "XXX....", //
            ".......", //
            ".......", //
            ".......", //
        ]);
        let g = grid(&p);
        let mut b = PlayoutBoard::new(&g.geo, &g.cells);
        let mut rng = Rng::seeded(1);
        let a1 = g.geo.pad(7);
        assert_eq!(b.choose(Cell::White, 0, &[], &mut rng), Some(a1));
    }

    #[test]
    fn liberty_sums_say_atari_exactly_on_the_largest_board() {
        // A comb of Black stones over a 52x52 board (the largest): some 1,350 stones and
        // 2,700 pseudo-liberties, among them the board's highest indices, where the sums
        // are biggest. White fills its liberties one by one, the highest first; after each
        // move the sums must say atari exactly when one liberty is left, and name it.
        let rows: Vec<String> = (0..52)
            .map(|y| {
                (0..52)
                    .map(|x| {
                        if y == 0 || (x % 2 == 0 && y < 51) {
                            'X'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let g = grid(&pos(&rows));
        let mut b = PlayoutBoard::new(&g.geo, &g.cells);
        let comb = g.geo.pad(0);
        let mut moves = 0;
        loop {
            let h = b.board.head(comb);
            let libs: BTreeSet<usize> = b
                .board
                .stones(h)
                .flat_map(|s| g.geo.neighbours(s))
                .filter(|&q| b.board.cells[q] == Cell::Empty)
                .collect();
            assert_eq!(b.board.libs.in_atari(h), libs.len() == 1, "after {moves}");
            if let [only] = libs.iter().copied().collect::<Vec<_>>()[..] {
                assert_eq!(b.board.libs.atari_lib(h), only);
                break;
            }
            let Some(&p) = libs
                .iter()
                .rev()
                .find(|&&q| b.liberties_after(q, Cell::White).is_some())
            else {
                panic!("no legal White move after {moves}")
            };
            b.play(p, Cell::White);
            moves += 1;
        }
        assert!(moves > 1_000, "{moves} moves");
    }
}
