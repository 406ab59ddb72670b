//! A board that keeps its chains as it plays: each chain is a circular list of its stones
//! whose head holds the chain's size and pseudo-liberties (stone/empty adjacencies, counted
//! with multiplicity: a chain has no liberty exactly when that count is zero). Placing a stone
//! merges chains, removing a chain frees its points; captures, ko and hashing are left to the
//! boards built on it (the replay board, the playout board).

use super::geometry::{Cell, Geometry};

/// What a [`ChainBoard`] keeps per chain about its pseudo-liberties: at least their count;
/// the playout board also keeps sums that tell a chain in atari in O(1).
pub trait Liberties {
    /// Room for a padded board of `len` cells.
    fn with_len(len: usize) -> Self;
    /// Forgets what was kept at `p` (a new one-stone chain starts there).
    fn clear(&mut self, p: usize);
    /// Chain head `h` gains pseudo-liberty `lib`.
    fn add(&mut self, h: usize, lib: usize);
    /// Chain head `h` loses pseudo-liberty `lib`.
    fn sub(&mut self, h: usize, lib: usize);
    /// Chain head `big` takes over the pseudo-liberties of `small`.
    fn absorb(&mut self, big: usize, small: usize);
    /// Number of pseudo-liberties of chain head `h`.
    fn count(&self, h: usize) -> u32;
    /// Becomes a copy of `other`, reusing its buffers.
    fn copy_from(&mut self, other: &Self);
}

/// Only the count of pseudo-liberties: what captures and suicide need.
#[derive(Clone, Debug)]
pub struct PseudoCount(Vec<u32>);

impl Liberties for PseudoCount {
    fn with_len(len: usize) -> Self {
        PseudoCount(vec![0; len])
    }
    #[inline]
    fn clear(&mut self, p: usize) {
        self.0[p] = 0;
    }
    #[inline]
    fn add(&mut self, h: usize, _lib: usize) {
        self.0[h] += 1;
    }
    #[inline]
    fn sub(&mut self, h: usize, _lib: usize) {
        self.0[h] = self.0[h].saturating_sub(1);
    }
    #[inline]
    fn absorb(&mut self, big: usize, small: usize) {
        self.0[big] += self.0[small];
    }
    #[inline]
    fn count(&self, h: usize) -> u32 {
        self.0[h]
    }
    fn copy_from(&mut self, other: &Self) {
        self.0.clone_from(&other.0);
    }
}

/// Cells and chains of a board that is played on.
#[derive(Debug)]
pub struct ChainBoard<L> {
    geo: Geometry,
    /// Padded cells.
    pub cells: Vec<Cell>,
    head: Vec<u32>,
    next: Vec<u32>,
    size: Vec<u32>,
    /// Pseudo-liberties per chain head.
    pub libs: L,
}

// By hand: the derived `clone_from` would allocate every vector anew, and the playouts reset
// their board from a base thousands of times; field by field, the vectors keep their buffers.
impl<L: Liberties> Clone for ChainBoard<L> {
    fn clone(&self) -> Self {
        let mut libs = L::with_len(0);
        libs.copy_from(&self.libs);
        ChainBoard {
            geo: self.geo,
            cells: self.cells.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            size: self.size.clone(),
            libs,
        }
    }

    fn clone_from(&mut self, o: &Self) {
        self.geo = o.geo;
        self.cells.clone_from(&o.cells);
        self.head.clone_from(&o.head);
        self.next.clone_from(&o.next);
        self.size.clone_from(&o.size);
        self.libs.copy_from(&o.libs);
    }
}

/// The stones of one chain, walking its ring from the head.
pub struct Ring<'a> {
    next: &'a [u32],
    head: usize,
    at: Option<usize>,
}

impl Iterator for Ring<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let s = self.at?;
        let n = self.next[s] as usize;
        self.at = (n != self.head).then_some(n);
        Some(s)
    }
}

impl<L: Liberties> ChainBoard<L> {
    /// An empty board of shape `geo`.
    pub fn new(geo: Geometry) -> Self {
        let n = geo.len();
        ChainBoard {
            geo,
            cells: geo.empty_cells(),
            head: (0..n as u32).collect(),
            next: (0..n as u32).collect(),
            size: vec![0; n],
            libs: L::with_len(n),
        }
    }

    /// A board holding the stones of `cells` (padded, of shape `geo`), placed in index order
    /// with no capture: a stone without liberty in the input stays, the input is taken as it is.
    pub fn from_cells(geo: Geometry, cells: &[Cell]) -> Self {
        let mut b = ChainBoard::new(geo);
        // Stones not placed yet read as edge, so that they are nobody's liberty meanwhile.
        for (p, &c) in cells.iter().enumerate() {
            b.cells[p] = if c == Cell::Empty {
                Cell::Empty
            } else {
                Cell::Edge
            };
        }
        for (p, &c) in cells.iter().enumerate() {
            if c.is_stone() {
                b.put(p, c, true);
            }
        }
        b
    }

    /// The board's shape.
    #[inline]
    pub fn geo(&self) -> &Geometry {
        &self.geo
    }

    /// The head of the chain of the stone at `p`.
    #[inline]
    pub fn head(&self, p: usize) -> usize {
        self.head[p] as usize
    }

    /// The number of stones of the chain headed by `h`.
    #[inline]
    pub fn size(&self, h: usize) -> u32 {
        self.size[h]
    }

    /// The stones of the chain headed by `h`.
    #[inline]
    pub fn stones(&self, h: usize) -> Ring<'_> {
        Ring {
            next: &self.next,
            head: h,
            at: Some(h),
        }
    }

    /// Puts a stone of colour `c` on the empty point `p`, takes `p` from the pseudo-liberties
    /// of the chains around it and merges it with its own colour's; no capture. Returns the
    /// head of its chain.
    #[inline]
    pub fn place(&mut self, p: usize, c: Cell) -> usize {
        self.put(p, c, false)
    }

    /// As `place`; while `building`, points of stones not yet placed were never counted as
    /// liberties, so none is taken away.
    #[inline]
    fn put(&mut self, p: usize, c: Cell, building: bool) -> usize {
        self.cells[p] = c;
        self.head[p] = p as u32;
        self.next[p] = p as u32;
        self.size[p] = 1;
        self.libs.clear(p);
        let nbs = self.geo.neighbours(p);
        for q in nbs {
            match self.cells[q] {
                Cell::Empty => self.libs.add(p, q),
                Cell::Black | Cell::White if !building => {
                    let h = self.head[q] as usize;
                    self.libs.sub(h, p);
                }
                _ => {}
            }
        }
        let mut h = p;
        for q in nbs {
            if self.cells[q] == c && self.head[q] as usize != h {
                h = self.merge(h, self.head[q] as usize);
            }
        }
        h
    }

    /// Joins the chains headed by `a` and `b` (distinct heads): the smaller ring is relabelled
    /// and spliced into the bigger. Returns the new head.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u32;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        self.libs.absorb(big, small);
        big
    }

    /// Removes the chain headed by `h`, calling `on_stone(point, colour)` for each stone just
    /// before it goes, then gives each vacated point back as a pseudo-liberty to every chain
    /// beside it. Returns the number of stones removed.
    #[inline]
    pub fn remove_chain(&mut self, h: usize, mut on_stone: impl FnMut(usize, Cell)) -> u32 {
        let mut count = 0;
        let mut s = h;
        loop {
            on_stone(s, self.cells[s]);
            self.cells[s] = Cell::Empty;
            count += 1;
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        // Second pass once every stone is gone, so a point is not given to the chain removed.
        let mut s = h;
        loop {
            for q in self.geo.neighbours(s) {
                if self.cells[q].is_stone() {
                    let hq = self.head[q] as usize;
                    self.libs.add(hq, s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        count
    }
}
