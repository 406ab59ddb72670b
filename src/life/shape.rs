//! The eye space a capture leaves: a few points walled in by the captor's stones, and what
//! they make for the captor when the opponent, whose stones were taken, moves next.
//!
//! Capturing three to six stones does not give two eyes when they stood in a killing
//! shape — straight or bent three, pyramid four, bulky five, crossed five, rabbity six: the
//! opponent plays its vital point and the captor is left with one eye (a square four, or
//! one or two points, are one eye already). A group shut in with nothing but such a capture
//! to live by is dead. Each shape is known by its size, its number of inside adjacencies
//! and its most connected point, which is the vital one.

use crate::board::Geometry;

/// What a space freed by a capture makes for the captor, the opponent to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum EyeSpace {
    /// One eye at most, whatever the opponent plays (one point, two, a square four).
    Dead,
    /// One eye once the opponent takes its vital point (the most connected point).
    Killable,
    /// Room for two eyes, or a shape not recognised (counted as living: nothing is said).
    Lives,
}

/// The eye space of the points `pts` (padded indices, walled in by one colour).
pub(super) fn eye_space(geo: &Geometry, pts: &[usize]) -> EyeSpace {
    let n = pts.len();
    if n == 0 || n > 6 {
        return EyeSpace::Lives;
    }
    let mut degree = [0u32; 6];
    let mut edges = 0;
    for i in 0..n {
        let nb = geo.neighbours(pts[i]);
        for j in i + 1..n {
            if nb.contains(&pts[j]) {
                degree[i] += 1;
                degree[j] += 1;
                edges += 1;
            }
        }
    }
    let top = degree[..n].iter().copied().max().unwrap_or(0);
    // One vital point: a single most connected point.
    let single = degree[..n].iter().filter(|&&d| d == top).count() == 1;
    // Every shape below is connected: a path of three has two adjacencies, a star of four
    // three, and a five or six with a cycle or a point of degree 4 has no room for a second
    // piece.
    match (n, edges, top) {
        (1, _, _) | (2, 1, _) | (4, 4, _) => EyeSpace::Dead,
        (3, 2, 2) | (4, 3, 3) | (5, 5, 3) | (5, 4, 4) | (6, 6, 4) if single => EyeSpace::Killable,
        _ => EyeSpace::Lives,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;
    use crate::life::tests::pos;

    /// The eye space of the `#` points of a 7x7 layout.
    fn space_of(rows: &[&str]) -> EyeSpace {
        let p = pos(&["......."; 7]);
        let g = Grid::from_position(&p).unwrap_or_else(|| panic!("a valid test position"));
        let mut pts = Vec::new();
        for (y, r) in rows.iter().enumerate() {
            for (x, c) in r.chars().enumerate() {
                if c == '#' {
                    pts.push(g.geo.pad(y * 7 + x));
                }
            }
        }
        eye_space(&g.geo, &pts)
    }

    #[test]
    fn killing_shapes_one_eye_shapes_and_living_shapes_are_told_apart() {
        let killable: [&[&str]; 6] = [
            &["###"],               // straight three
            &["##.", ".#."],        // bent three
            &["###", ".#."],        // pyramid four
            &["##.", "###"],        // bulky five
            &[".#.", "###", ".#."], // crossed five
            &[".##", "###", ".#."], // rabbity six
        ];
        for rows in killable {
            assert_eq!(space_of(rows), EyeSpace::Killable, "{rows:?}");
        }
        for rows in [&["#"][..], &["##"], &["##", "##"]] {
            assert_eq!(space_of(rows), EyeSpace::Dead, "{rows:?}");
        }
        let lives: [&[&str]; 9] = [
            &["####"],         // straight four
            &["###", "#.."],   // bent four
            &["#.#"],          // two separate points
            &["#.##"],         // a point and a pair
            &["#####"],        // straight five
            &["###", "#.#"],   // a U of five
            &["####", ".#.."], // a Y of five
            &["###", "###"],   // a rectangle of six
            &["#######"],      // too big to say
        ];
        for rows in lives {
            assert_eq!(space_of(rows), EyeSpace::Lives, "{rows:?}");
        }
    }
}
