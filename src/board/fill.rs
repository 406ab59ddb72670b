//! Flood fills over a padded board: the one depth-first fill every analysis uses, and the
//! chains (with their distinct liberties) and empty regions (with the colours around them)
//! of a fixed position.

use super::Position;
use super::geometry::{Cell, Geometry};

/// Depth-first flood fill from `start`, which joins at once: points are taken off a stack in
/// turn and appended to `out`; every neighbour of a point taken that `seen` does not hold yet
/// is offered to `join`, and joins (is marked and stacked) when `join` says so. `join` is
/// offered every such neighbour, joining or not, so it can also note what borders the fill.
pub fn flood(
    geo: &Geometry,
    start: usize,
    seen: &mut [bool],
    stack: &mut Vec<usize>,
    out: &mut Vec<usize>,
    mut join: impl FnMut(usize) -> bool,
) {
    seen[start] = true;
    stack.push(start);
    while let Some(p) = stack.pop() {
        out.push(p);
        for q in geo.neighbours(p) {
            if !seen[q] && join(q) {
                seen[q] = true;
                stack.push(q);
            }
        }
    }
}

/// A position on a padded array: what static analyses (life and death, counting) read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The board's shape.
    pub geo: Geometry,
    /// Padded cells.
    pub cells: Vec<Cell>,
}

impl Grid {
    /// The grid of a position; `None` when it has no point or its cells do not fill it.
    pub fn from_position(pos: &Position) -> Option<Grid> {
        let geo = Geometry::new(pos.width, pos.height);
        if geo.is_empty() || pos.cells.len() != geo.points() {
            return None;
        }
        let mut cells = geo.empty_cells();
        for (i, c) in pos.cells.iter().enumerate() {
            if let Some(c) = c {
                cells[geo.pad(i)] = Cell::of(*c);
            }
        }
        Some(Grid { geo, cells })
    }
}

/// A chain of stones with its distinct liberties (padded indices, in the order met).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// Its colour.
    pub color: Cell,
    /// Its stones.
    pub stones: Vec<usize>,
    /// Its liberties.
    pub libs: Vec<usize>,
}

/// Every chain of a position, with the chain of every stone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chains {
    /// Per padded index: the index in `chains` of the stone's chain.
    pub id: Vec<Option<usize>>,
    /// The chains, in order of their first stone.
    pub chains: Vec<Chain>,
}

impl Chains {
    /// The chains of `cells`, a padded array of shape `geo`.
    pub fn of(geo: &Geometry, cells: &[Cell]) -> Chains {
        let n = cells.len();
        let mut id = vec![None; n];
        let mut chains = Vec::new();
        let mut seen = vec![false; n];
        let mut stack = Vec::new();
        let mut lib_mark = vec![usize::MAX; n];
        for start in 0..n {
            let c = cells[start];
            if !c.is_stone() || seen[start] {
                continue;
            }
            let ci = chains.len();
            let mut libs = Vec::new();
            let mut stones = Vec::new();
            id[start] = Some(ci);
            flood(geo, start, &mut seen, &mut stack, &mut stones, |q| {
                if cells[q] == c {
                    id[q] = Some(ci);
                    return true;
                }
                if cells[q] == Cell::Empty && lib_mark[q] != ci {
                    lib_mark[q] = ci;
                    libs.push(q);
                }
                false
            });
            chains.push(Chain {
                color: c,
                stones,
                libs,
            });
        }
        Chains { id, chains }
    }
}

/// A connected set of points of one kind, with the points next to it of another kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// Its points (padded indices), in the order the fill took them.
    pub points: Vec<usize>,
    /// The on-board points next to it that are not of its kind, as often and in the order
    /// they were met.
    pub border: Vec<usize>,
}

/// The areas of `cells` (a padded array of shape `geo`): the connected sets of points whose
/// cell `inside` accepts, in order of their first point.
pub fn areas(geo: &Geometry, cells: &[Cell], inside: impl Fn(Cell) -> bool) -> Vec<Area> {
    let mut seen = vec![false; cells.len()];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in 0..cells.len() {
        if cells[start] == Cell::Edge || !inside(cells[start]) || seen[start] {
            continue;
        }
        let mut border = Vec::new();
        let mut points = Vec::new();
        flood(geo, start, &mut seen, &mut stack, &mut points, |q| {
            let c = cells[q];
            if c == Cell::Edge {
                return false;
            }
            if !inside(c) {
                border.push(q);
                return false;
            }
            true
        });
        out.push(Area { points, border });
    }
    out
}

/// A connected set of empty points and the colours of the stones around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Its points (padded indices).
    pub points: Vec<usize>,
    /// Whether it touches a black stone and a white stone (`[black, white]`).
    pub touches: [bool; 2],
}

impl Region {
    /// The one colour it touches, if it touches exactly one: its owner.
    pub fn owner(&self) -> Option<Cell> {
        match self.touches {
            [true, false] => Some(Cell::Black),
            [false, true] => Some(Cell::White),
            _ => None,
        }
    }
}

/// The empty regions of `cells`, a padded array of shape `geo`.
pub fn regions(geo: &Geometry, cells: &[Cell]) -> Vec<Region> {
    areas(geo, cells, |c| c == Cell::Empty)
        .into_iter()
        .map(|a| {
            let mut touches = [false; 2];
            for &q in &a.border {
                touches[cells[q].side()] = true;
            }
            Region {
                points: a.points,
                touches,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    fn grid(rows: &[&str]) -> Grid {
        let mut pos = Position::empty(rows[0].len() as u8, rows.len() as u8);
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                pos.cells[y * rows[0].len() + x] = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
            }
        }
        Grid::from_position(&pos).unwrap_or_else(|| panic!("a valid test position"))
    }

    #[test]
    fn chains_know_their_distinct_liberties() {
        let g = grid(&["XX.", "XO.", "..."]);
        let ch = Chains::of(&g.geo, &g.cells);
        assert_eq!(ch.chains.len(), 2);
        let black = &ch.chains[0];
        assert_eq!(
            (black.color, black.stones.len(), black.libs.len()),
            (Cell::Black, 3, 2)
        );
        let white = &ch.chains[1];
        assert_eq!((white.stones.len(), white.libs.len()), (1, 2));
        assert_eq!(ch.id[g.geo.pad(4)], Some(1));
        assert_eq!(ch.id[g.geo.pad(2)], None);
    }

    #[test]
    fn regions_know_who_surrounds_them() {
        let g = grid(&[".X.O.", ".X.O.", ".X.O."]);
        let rs = regions(&g.geo, &g.cells);
        let owners: Vec<_> = rs.iter().map(Region::owner).collect();
        assert_eq!(owners, [Some(Cell::Black), None, Some(Cell::White)]);
        assert_eq!(rs[1].points.len(), 3);
        assert!(Grid::from_position(&Position::empty(0, 3)).is_none());
    }
}
