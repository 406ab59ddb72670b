//! Groups shut in a small space of their own, read out instead of left to the playouts.
//!
//! A group whose every liberty lies in a few points it encloses (empty points, and opposing
//! stones with no way out) lives or dies by that space alone: a square four, a bulky five or
//! a flower six is dead, a straight three dies once the opponent takes its vital point, a
//! false eye is no eye, a couple of stones sharing the group's last liberties are a
//! sacrifice, not a seki. The playouts never try the self-ataris these kills need, so the
//! space is searched exhaustively (`reading`), the opponent moving first — a group that needs
//! one more move to live is dead at the end of a game, as the players and the engines count
//! it. Only a capture the search proves turns a living group dead; the walls around the
//! space must be safe (alive in the estimate, two liberties outside it), or nothing is said
//! — or safe once they answer a threat outside, and the group dies with the exchange played
//! and without it.
//! When the record leaves the stones inside to move and the group cannot be taken, the
//! stones inside are read too: those the group cannot take even then make seki with it
//! (the move the record leaves them connects them, as a game played on would). When the
//! group lives, a chain of it on the space's border (it or a liberty of it touching an
//! opposing stone) joined to the rest only through the space, its two liberties there, may
//! still be cut off and taken: it dies alone.

use super::reading;
use super::shape;
use crate::board::{Cell, Chain, Chains, Grid};

/// Most points (empty, or opposing stones inside) a space may hold to be read.
const MAX_SPACE: usize = 8;
/// Nodes one group's reading may visit.
const BUDGET: u32 = 6_000;
/// Nodes all the readings of one position may visit.
const POSITION_BUDGET: u32 = 6_000;

/// How far an opposing chain around a space may be trusted as a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wall {
    /// It may be taken while the space is fought out: nothing is read.
    Unsafe,
    /// Alive in the estimate: safe when it has room to extend outside the space.
    Alive,
    /// Settled by rule (pass-alive): nothing played inside the space can take it, so it
    /// needs no room (a wall whose only room is two small eyes of its own).
    Settled,
    /// Held in a seki the seki proof read: safe when none of its liberties (its eye and the
    /// points it shares with its partner) lies in the space, for then nothing played there
    /// fills them; it needs no room. It is no way out for the chains inside, as a
    /// pass-alive chain is.
    Held,
}

/// What the reading of one group's space proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fate {
    /// The group is captured: it is dead, the opposing chains inside live. (Or, when their
    /// capture of it leaves them a dead eye shape, the reverse: `group` then holds the
    /// chains inside, dead, and `inside` the group, alive.)
    Killed,
    /// The group lives and cannot take the opposing chains inside, their owner moving first
    /// as the record leaves them: seki, both live.
    Seki,
    /// The group lives, but the chains in `group` here — joined to it only through its
    /// space, their two liberties inside it, they or a liberty touching an opposing stone —
    /// are captured with the opponent moving first: cut off inside the group's own eye
    /// space, they die alone (the group needs one more move to keep them, as a false eye
    /// needs one).
    Cut,
}

/// A group whose space was read, and the opposing chains inside it the answer concerns.
pub(super) struct Read {
    /// The group's chains (indices in the `Chains` given); for [`Fate::Cut`], only the
    /// chains cut off; for a nakade (see [`Fate::Killed`]), the chains inside, which die.
    pub group: Vec<usize>,
    /// Opposing chains inside its space that live: all of them when the group is killed,
    /// those it cannot take in a seki; for a nakade, the group's chains.
    pub inside: Vec<usize>,
    /// What was proved.
    pub fate: Fate,
}

/// The groups among `candidates` (lists of chain indices, one colour each) that are shut in
/// a small space and die there with the opponent moving first (the group's owner first when
/// `to_move` is its colour), and those in seki with opposing chains inside their space when
/// `to_move` is those chains' colour; read on `board` (`g`'s cells, or those with the chains
/// a seki proof found dead taken off). `wall(ci)` says how far an opposing chain around the
/// space may be trusted. The nodes visited are taken from `nodes` too.
#[allow(clippy::too_many_arguments)]
pub(super) fn read(
    g: &Grid,
    board: &[Cell],
    ch: &Chains,
    candidates: &[Vec<usize>],
    wall: &dyn Fn(usize) -> Wall,
    lifted: &[Cell],
    to_move: Option<Cell>,
    nodes: &mut u32,
) -> Vec<Read> {
    let mut out = Vec::new();
    let start = POSITION_BUDGET.min(*nodes);
    let mut left = start;
    let settled = |ci: usize| matches!(wall(ci), Wall::Settled);
    for grp in candidates {
        if left == 0 {
            break;
        }
        let Some(space) = space_of(g, ch, grp, &settled) else {
            continue;
        };
        let mut exchanges = Vec::new();
        let safe =
            space
                .walls
                .iter()
                .all(|&w| match wall_is_safe(g, lifted, ch, &space, w, wall(w)) {
                    Holds::Yes => true,
                    Holds::AfterExchange(e) => {
                        exchanges.push(e);
                        true
                    }
                    Holds::No => false,
                });
        if !safe || exchanges.len() > MAX_EXCHANGES {
            continue;
        }
        if exchanges.is_empty() {
            let Some(reading) = SpaceRead::new(g, board, ch, grp, space) else {
                continue;
            };
            out.extend(reading.fates(to_move, &mut left));
        } else if let Some(killed) =
            killed_either_way(g, board, ch, grp, space, &exchanges, to_move, &mut left)
        {
            out.push(killed);
        }
    }
    *nodes -= start - left;
    out
}

/// Most walls a space may have that hold only after an exchange ([`Holds::AfterExchange`]):
/// each is read with the exchange played and without it.
const MAX_EXCHANGES: usize = 2;

/// Whether a wall holds while the space is fought out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holds {
    /// It may be taken: nothing is read.
    No,
    /// Nothing played in the space takes it.
    Yes,
    /// It holds once it answers the group's one threat, a stone on its last liberty in the
    /// space (the first point), by joining a friend at its liberty outside (the second):
    /// a move the group gets for nothing, which the reading (confined to the space) would
    /// charge it a move for.
    AfterExchange((usize, usize)),
}

/// Whether the chain `w` round `space`, trusted as far as `trust` says, holds while the
/// space is fought out.
fn wall_is_safe(
    g: &Grid,
    lifted: &[Cell],
    ch: &Chains,
    space: &Space,
    w: usize,
    trust: Wall,
) -> Holds {
    match trust {
        Wall::Settled => Holds::Yes,
        // Its liberties must all lie outside: one inside is filled in the reading.
        Wall::Held
            if ch.chains[w]
                .libs
                .iter()
                .all(|l| space.points.binary_search(l).is_err()) =>
        {
            Holds::Yes
        }
        Wall::Held => Holds::No,
        Wall::Alive => wall_holds(g, lifted, ch, w, &space.points),
        Wall::Unsafe => Holds::No,
    }
}

/// The capture of `grp` when the reading kills it both as the board stands and with each
/// set of the `exchanges` played (the group's stone on the wall's liberty inside, the wall's
/// answer outside): the group may play them or not, and whenever, the attacker's answer
/// forced; `None` when one reading does not kill it (then nothing is said, as for a wall
/// that does not hold).
#[allow(clippy::too_many_arguments)]
fn killed_either_way(
    g: &Grid,
    board: &[Cell],
    ch: &Chains,
    grp: &[usize],
    space: Space,
    exchanges: &[(usize, usize)],
    to_move: Option<Cell>,
    left: &mut u32,
) -> Option<Read> {
    let own = ch.chains.get(*grp.first()?)?.color;
    let killed = |reads: Vec<Read>| {
        reads
            .into_iter()
            .find(|r| r.fate == Fate::Killed && r.group.as_slice() == grp)
    };
    // Not played, the liberty inside stays the group's (reserved): its stone there is the
    // exchange, read with it played; the attacker's fills a liberty of its own wall, at
    // worst a self-atari taken from outside. Leaving that move out only spares the group.
    // The first set is none played; it names the capture.
    let mut variant = board.to_vec();
    let mut first = None;
    for set in 0..1usize << exchanges.len() {
        variant.copy_from_slice(board);
        let mut reserved = Vec::new();
        for (k, &(inside, outside)) in exchanges.iter().enumerate() {
            if set & (1 << k) != 0 {
                variant[inside] = own;
                variant[outside] = own.opponent();
            } else {
                reserved.push(inside);
            }
        }
        let mut reading = SpaceRead::new(g, &variant, ch, grp, space.clone())?;
        reading.reserved = reserved;
        let read = killed(reading.fates(to_move, left))?;
        first.get_or_insert(read);
    }
    first
}

/// One group's space made ready for the capture searches: where they play, what they watch
/// and how deep they go.
struct SpaceRead<'a> {
    g: &'a Grid,
    board: &'a [Cell],
    ch: &'a Chains,
    grp: &'a [usize],
    space: Space,
    /// The group's biggest chain: the one to take, the rest cannot live without it.
    target: usize,
    /// The space's points and those of the group's small chains, played again once taken.
    area: Vec<usize>,
    /// The group's big chains but the target: room the search does not read.
    watched: Vec<usize>,
    /// Points the group keeps (see [`reading::Area::reserved`]).
    reserved: Vec<usize>,
    depth: u32,
}

impl<'a> SpaceRead<'a> {
    /// The reading of `grp`'s `space`; `None` for a group with no chain.
    fn new(
        g: &'a Grid,
        board: &'a [Cell],
        ch: &'a Chains,
        grp: &'a [usize],
        space: Space,
    ) -> Option<SpaceRead<'a>> {
        let &target = grp.iter().max_by_key(|&&ci| ch.chains[ci].stones.len())?;
        let mut area = space.points.clone();
        let mut watched = Vec::new();
        // The group's other chains may be taken: the small ones' points played again.
        let others = grp.iter().copied().filter(|&ci| ci != target);
        reading::replay_or_watch(ch, others, &mut area, &mut watched);
        // A kill in a space of n points fills it (the defender passing), is captured and
        // starts again in the smaller space left: about n² moves.
        let n = space.points.len() as u32;
        let depth = (n * (n + 2)).clamp(8, reading::MAX_DEPTH);
        Some(SpaceRead {
            g,
            board,
            ch,
            grp,
            space,
            target,
            area,
            watched,
            reserved: Vec::new(),
            depth,
        })
    }

    /// The group's colour.
    fn owner(&self) -> Cell {
        self.ch.chains[self.target].color
    }

    /// One capture search of `chain` in the space, `watched` stones watched, on `left` nodes
    /// at most (less what it used).
    fn captured(
        &self,
        chain: &Chain,
        attacker_first: bool,
        watched: &[usize],
        left: &mut u32,
    ) -> Option<bool> {
        let (answer, used) = reading::captures(
            &self.g.geo,
            self.board,
            reading::Area {
                points: &self.area,
                watched,
                rivals: &[],
                // A group that lives here mostly lives by an answer (splitting its space),
                // seldom by a pass: its moves first prove it in a tenth of the nodes, where a
                // pass first let the attacker pile stones in unanswered.
                pass_last: true,
                reserved: &self.reserved,
            },
            chain,
            attacker_first,
            self.depth..=self.depth,
            BUDGET.min(*left),
        );
        *left -= used;
        answer
    }

    /// What the reading proves of the group, its owner first when `to_move` is its colour,
    /// the opponent first otherwise.
    fn fates(self, to_move: Option<Cell>, left: &mut u32) -> Vec<Read> {
        let attacker_first = to_move != Some(self.owner());
        let target = &self.ch.chains[self.target];
        match self.captured(target, attacker_first, &self.watched, left) {
            // Taken, it leaves the stones inside, walled in by its friends, nothing but the
            // eye shape its stones stood in, a dead one: its owner plays the vital point and
            // they die; so it lives (the playouts never find that point).
            Some(true)
                if capture_leaves_them_dead(self.g, self.board, self.ch, self.grp, &self.space) =>
            {
                vec![Read {
                    group: self.space.inside.clone(),
                    inside: self.grp.to_vec(),
                    fate: Fate::Killed,
                }]
            }
            Some(true) => vec![Read {
                group: self.grp.to_vec(),
                inside: self.space.inside,
                fate: Fate::Killed,
            }],
            Some(false) => self.living(to_move, attacker_first, left),
            None => Vec::new(),
        }
    }

    /// Of a group that cannot be taken: its chains cut off inside its space, and the
    /// opposing chains inside in seki with it.
    fn living(&self, to_move: Option<Cell>, attacker_first: bool, left: &mut u32) -> Vec<Read> {
        // The searches below target other chains: the group's may fall on the way (a
        // self-atari taken), the small ones played again, as above, the others and the
        // biggest watched so that the table never mistakes the space with them for the space
        // without them.
        let mut keyed = self.watched.clone();
        keyed.extend(&self.ch.chains[self.target].stones);
        keyed.sort_unstable();
        let mut out = Vec::new();
        let cut = self.answering(self.cut_candidates(), attacker_first, true, &keyed, left);
        if !cut.is_empty() {
            out.push(Read {
                group: cut,
                inside: Vec::new(),
                fate: Fate::Cut,
            });
        }
        // The stones inside are to move: those the group cannot take either, their owner
        // moving first, make seki with it — all but the group's chains in atari, which that
        // first move takes.
        if to_move == Some(self.owner().opponent()) && !self.space.inside.is_empty() {
            let inside = self.space.inside.iter().copied();
            let seki = self.answering(inside, false, false, &keyed, left);
            if !seki.is_empty() {
                out.push(Read {
                    group: self
                        .grp
                        .iter()
                        .copied()
                        .filter(|&ci| self.ch.chains[ci].libs.len() > 1)
                        .collect(),
                    inside: seki,
                    fate: Fate::Seki,
                });
            }
        }
        out
    }

    /// The group's other chains with two liberties, both in the space, that may still be
    /// cut off and taken there (a chain in atari is the ko and atari rules' business; one
    /// with three or more, cut, still escapes: on every set measured, each chain so taken
    /// had two). It, or a liberty of it, must touch an opposing stone: one whose stones and
    /// liberties touch only its own side and the space stands inside the group's eye, where
    /// the stones that take it die.
    fn cut_candidates(&self) -> impl Iterator<Item = usize> + '_ {
        let (g, ch, board) = (self.g, self.ch, self.board);
        let opponent = self.owner().opponent();
        let two_inside = move |ci: usize| {
            let chain = &ch.chains[ci];
            let on_border = || {
                chain
                    .stones
                    .iter()
                    .chain(&chain.libs)
                    .any(|&s| g.geo.neighbours(s).iter().any(|&q| board[q] == opponent))
            };
            chain.libs.len() == 2
                && chain
                    .libs
                    .iter()
                    .all(|l| self.space.points.binary_search(l).is_ok())
                && on_border()
        };
        self.grp
            .iter()
            .copied()
            .filter(move |&ci| ci != self.target && two_inside(ci))
    }

    /// The chains of `chains` whose capture search (`attacker_first` or not, `keyed` stones
    /// watched) answers `want`, while the budget lasts.
    fn answering(
        &self,
        chains: impl Iterator<Item = usize>,
        attacker_first: bool,
        want: bool,
        keyed: &[usize],
        left: &mut u32,
    ) -> Vec<usize> {
        let mut found = Vec::new();
        for ci in chains {
            if *left == 0 {
                break;
            }
            if self.captured(&self.ch.chains[ci], attacker_first, keyed, left) == Some(want) {
                found.push(ci);
            }
        }
        found
    }
}

/// True when the opposing chains inside `grp`'s space, once they take it, are left with
/// nothing but the eye space its stones leave, and that is dead or killable (see
/// [`shape`]): the space has no wall, every empty point of it is a liberty of
/// the group (the capture fills them), and the group's stones stand in a one-eye or killing
/// shape. (The chains inside have every liberty in the space and touch nothing of the
/// group's colour but the group and settled chains: [`space_of`] took them in so.)
fn capture_leaves_them_dead(
    g: &Grid,
    board: &[Cell],
    ch: &Chains,
    grp: &[usize],
    space: &Space,
) -> bool {
    let stones: Vec<usize> = grp
        .iter()
        .flat_map(|&ci| ch.chains[ci].stones.iter().copied())
        .collect();
    if space.inside.is_empty() || !space.walls.is_empty() || stones.len() > 6 {
        return false;
    }
    let group_liberty = |p: usize| g.geo.neighbours(p).iter().any(|q| stones.contains(q));
    space
        .points
        .iter()
        .all(|&p| board[p] != Cell::Empty || group_liberty(p))
        && shape::eye_space(&g.geo, &stones) != shape::EyeSpace::Lives
}

/// Whether the wall `w` holds while the space is fought out: it keeps two liberties outside
/// the space (or one where a friend joins it, [`joined_outside`]), and the
/// empty points it can reach from them outside (through its own colour's stones too) are
/// more than the space holds, so it can always extend (two liberties inside a tiny eye of
/// its own, as in a seki, are no such reserve). Read on `lifted`, the board without the dead
/// stones: the points they hold are the wall's once they are taken off. `space` is sorted.
fn wall_holds(g: &Grid, lifted: &[Cell], ch: &Chains, w: usize, space: &[usize]) -> Holds {
    if taken_only_as_a_ko(g, ch, w) {
        return Holds::Yes;
    }
    let outside = outside_liberties(g, lifted, &ch.chains[w], space);
    let holds = match outside.as_slice() {
        [] => Holds::No,
        [lib] => joined_outside(g, lifted, ch, w, *lib, space),
        _ => Holds::Yes,
    };
    if holds == Holds::No {
        return Holds::No;
    }
    // Room: empty points reached through empty points and the wall's own stones (its
    // friends' territory is its reserve too), the space excepted.
    let own = ch.chains[w].color;
    let need = space.len() + 2;
    let mut empties = outside.len();
    let mut seen = outside.clone();
    let mut stack = outside;
    while let Some(p) = stack.pop() {
        if empties >= need {
            return holds;
        }
        for q in g.geo.neighbours(p) {
            let v = lifted[q];
            if (v == Cell::Empty || v == own) && !space.contains(&q) && !seen.contains(&q) {
                seen.push(q);
                stack.push(q);
                empties += usize::from(v == Cell::Empty);
            }
        }
    }
    if empties >= need { holds } else { Holds::No }
}

/// Whether the wall `w`, with one liberty `lib` outside the space, holds as if it had two:
/// it has a liberty in the space too (it is not in atari), `lib` touches a friendly chain
/// with two more liberties outside the space (the wall joins it there when threatened), and
/// every point where the group's colour could threaten it is a self-atari taking nothing:
/// each of the wall's liberties in the space (its last liberty in the space, where the
/// attacker takes it as the reading plays) and `lib` itself. A threat that costs a stone
/// taken at once wins no move the reading does not count. A wall's one liberty inside that
/// the group can fill taking nothing and keeping a liberty (joined to its own stones) is a
/// real threat, a move the reading would not charge it for: the wall holds only after the
/// exchange, which the group plays or not (KGS `2017-01-18-12`: White's h1, whose j1 joins
/// Black's k1; GNU Go's `score42`: Black's r18, whose r19 joins White's s19).
fn joined_outside(
    g: &Grid,
    lifted: &[Cell],
    ch: &Chains,
    w: usize,
    lib: usize,
    space: &[usize],
) -> Holds {
    let wall = &ch.chains[w];
    let group = wall.color.opponent();
    let inside: Vec<usize> = wall
        .libs
        .iter()
        .copied()
        .filter(|l| space.binary_search(l).is_ok())
        .collect();
    let friend = || {
        g.geo.neighbours(lib).into_iter().any(|q| {
            g.cells[q] == wall.color
                && ch.id[q].is_some_and(|ci| {
                    ci != w
                        && outside_liberties(g, lifted, &ch.chains[ci], space)
                            .iter()
                            .filter(|&&l| l != lib)
                            .count()
                            >= 2
                })
        })
    };
    if inside.is_empty() || !friend() || !self_atari(g, ch, lib, group, |_| true) {
        return Holds::No;
    }
    if inside
        .iter()
        .all(|&p| self_atari(g, ch, p, group, |l| space.binary_search(&l).is_ok()))
    {
        return Holds::Yes;
    }
    // One liberty inside, where the group's stone would take nothing: a threat the wall
    // answers outside.
    let takes = |p: usize| {
        g.geo.neighbours(p).iter().any(|&q| {
            g.cells[q] == wall.color && ch.id[q].is_some_and(|ci| ch.chains[ci].libs.len() == 1)
        })
    };
    match inside.as_slice() {
        [p] if !takes(*p) => Holds::AfterExchange((*p, lib)),
        _ => Holds::No,
    }
}

/// True when a stone of colour `c` at the empty point `p` would take nothing and be left
/// with one liberty at most, a liberty `last_ok` accepts.
fn self_atari(g: &Grid, ch: &Chains, p: usize, c: Cell, last_ok: impl Fn(usize) -> bool) -> bool {
    let mut libs: Vec<usize> = Vec::new();
    for q in g.geo.neighbours(p) {
        match (g.cells[q], ch.id[q]) {
            (Cell::Empty, _) => libs.push(q),
            (v, Some(ci)) if v == c => {
                libs.extend(ch.chains[ci].libs.iter().copied().filter(|&l| l != p));
            }
            // An opposing chain in atari would be taken.
            (v, Some(ci)) if v == c.opponent() && ch.chains[ci].libs.len() == 1 => return false,
            _ => {}
        }
    }
    libs.sort_unstable();
    libs.dedup();
    match libs.as_slice() {
        [] => true,
        [l] => last_ok(*l),
        _ => false,
    }
}

/// True when the wall `w` is one stone in atari that touches nothing but stones of the
/// group's colour, the edge and its liberty, where the group's stone taking it would stand
/// alone among safe opposing chains (two liberties besides that point) or the edge, with the
/// taken point as its only liberty: a ko, retaken at once or filled by the group for no eye
/// and no room. Such a wall holds while the space is read (GNU Go's `dumonteil-5`: h1, which
/// the group takes at g1 for nothing).
fn taken_only_as_a_ko(g: &Grid, ch: &Chains, w: usize) -> bool {
    let chain = &ch.chains[w];
    let (&[stone], &[lib]) = (chain.stones.as_slice(), chain.libs.as_slice()) else {
        return false;
    };
    let group = chain.color.opponent();
    let hemmed = g
        .geo
        .neighbours(stone)
        .iter()
        .all(|&q| q == lib || g.cells[q] == Cell::Edge || g.cells[q] == group);
    let lone = g.geo.neighbours(lib).iter().all(|&q| {
        q == stone
            || g.cells[q] == Cell::Edge
            || (g.cells[q] == chain.color
                && ch.id[q].is_some_and(|ci| {
                    ch.chains[ci].libs.iter().filter(|&&l| l != lib).count() >= 2
                }))
    });
    hemmed && lone
}

/// The liberties of `chain` on `cells` outside `space` (sorted), ascending.
fn outside_liberties(g: &Grid, cells: &[Cell], chain: &Chain, space: &[usize]) -> Vec<usize> {
    let mut outside: Vec<usize> = chain
        .stones
        .iter()
        .flat_map(|&s| g.geo.neighbours(s))
        .filter(|&q| cells[q] == Cell::Empty && space.binary_search(&q).is_err())
        .collect();
    outside.sort_unstable();
    outside.dedup();
    outside
}

/// A group's own space: the points it encloses, the opposing chains inside them and the
/// opposing chains around (its walls).
#[derive(Clone)]
struct Space {
    /// Empty points and opposing stones inside, padded indices, ascending.
    points: Vec<usize>,
    /// Opposing chains wholly inside.
    inside: Vec<usize>,
    /// Opposing chains next to the group or its space that are not inside.
    walls: Vec<usize>,
}

/// The space of `grp`: empty points reached from its liberties through empty points (and
/// through the opposing stones it encloses, to the points they hold), and the opposing chains
/// whose every liberty is among them and that touch no other group of the group's colour
/// but chains `settled` by rule (a pass-alive chain is no way out for them). `None` when it
/// holds more than [`MAX_SPACE`] points or no point at all.
fn space_of(
    g: &Grid,
    ch: &Chains,
    grp: &[usize],
    settled: &dyn Fn(usize) -> bool,
) -> Option<Space> {
    let own = ch.chains.get(*grp.first()?)?.color;
    let around = Around {
        g,
        ch,
        grp,
        own,
        settled,
    };
    let libs: Vec<usize> = grp
        .iter()
        .flat_map(|&ci| ch.chains[ci].libs.iter().copied())
        .collect();
    let mut empties = reach(g, &libs, &[], MAX_SPACE)?;
    if empties.is_empty() {
        return None;
    }
    around.grow(&mut empties);
    let mut points = empties.clone();
    let (mut inside, mut walls) = (Vec::new(), Vec::new());
    for ci in around.near(&empties) {
        if around.shut_in(ci, &empties) {
            inside.push(ci);
            points.extend(&ch.chains[ci].stones);
        } else {
            walls.push(ci);
        }
    }
    // Every empty point of the space next to a wall is a shared liberty; an empty point must
    // not also border another group of the group's colour (then it is no space of its own).
    if empties.iter().any(|&p| {
        g.geo
            .neighbours(p)
            .into_iter()
            .any(|q| g.cells[q] == own && !around.in_grp(q))
    }) {
        return None;
    }
    if points.len() > MAX_SPACE {
        return None;
    }
    points.sort_unstable();
    Some(Space {
        points,
        inside,
        walls,
    })
}

/// A group and the opposing chains around it, while its space is built.
struct Around<'a> {
    g: &'a Grid,
    ch: &'a Chains,
    /// The group's chains.
    grp: &'a [usize],
    /// The group's colour.
    own: Cell,
    /// Chains settled by rule (pass-alive): an opposing chain shut in the space may also
    /// touch such a chain of the group's colour.
    settled: &'a dyn Fn(usize) -> bool,
}

impl Around<'_> {
    /// A stone of the group at `q`.
    fn in_grp(&self, q: usize) -> bool {
        self.ch.id[q].is_some_and(|ci| self.grp.contains(&ci))
    }

    /// Opposing chains next to the group or to `empties`, ascending.
    fn near(&self, empties: &[usize]) -> Vec<usize> {
        let ch = self.ch;
        let mut near: Vec<usize> = self
            .grp
            .iter()
            .flat_map(|&ci| ch.chains[ci].stones.iter())
            .chain(empties.iter())
            .flat_map(|&p| self.g.geo.neighbours(p))
            .filter_map(|q| ch.id[q])
            .filter(|&ci| ch.chains[ci].color == self.own.opponent())
            .collect();
        near.sort_unstable();
        near.dedup();
        near
    }

    /// Touching no stone of the group's colour but the group's: enclosed by it, or a wall
    /// with nothing else around.
    fn only_grp(&self, ci: usize) -> bool {
        self.ch.chains[ci].stones.iter().all(|&s| {
            self.g
                .geo
                .neighbours(s)
                .into_iter()
                .all(|q| self.g.cells[q] != self.own || self.in_grp(q))
        })
    }

    /// Every liberty among `empties`, and touching nothing of the group's colour but the
    /// group and settled chains: shut in its space.
    fn shut_in(&self, ci: usize, empties: &[usize]) -> bool {
        let ch = self.ch;
        ch.chains[ci].libs.iter().all(|l| empties.contains(l))
            && ch.chains[ci].stones.iter().all(|&s| {
                self.g.geo.neighbours(s).into_iter().all(|q| {
                    self.g.cells[q] != self.own
                        || self.in_grp(q)
                        || ch.id[q].is_some_and(|c| (self.settled)(c))
                })
            })
    }

    /// Stones inside a group's space can hold empty points the group does not touch (a point
    /// between them, or behind them against the edge): an opposing chain that touches nothing
    /// but the group and whose liberties open on a few more empty points, closed by the group
    /// and such chains, is inside, and those points join `empties`. A wall with room or
    /// friends behind it stays a wall.
    fn grow(&self, empties: &mut Vec<usize>) {
        let ch = self.ch;
        'grow: loop {
            let near = self.near(empties);
            let stones_inside: usize = near
                .iter()
                .filter(|&&ci| self.shut_in(ci, empties))
                .map(|&ci| ch.chains[ci].stones.len())
                .sum();
            for ci in near {
                let c = &ch.chains[ci];
                if self.shut_in(ci, empties) || !self.only_grp(ci) {
                    continue;
                }
                let room = MAX_SPACE.saturating_sub(empties.len() + stones_inside + c.stones.len());
                let Some(extra) = reach(self.g, &c.libs, empties, room) else {
                    continue;
                };
                // Closed by the group and stones like this one: a point that opens on a chain
                // with other neighbours of the group's colour is outside (an eye behind a wall).
                let closed = extra.iter().all(|&p| {
                    self.g
                        .geo
                        .neighbours(p)
                        .into_iter()
                        .all(|q| match ch.id[q] {
                            Some(qi) if ch.chains[qi].color == self.own => self.grp.contains(&qi),
                            Some(qi) => self.only_grp(qi),
                            None => true,
                        })
                });
                if closed {
                    empties.extend(extra);
                    continue 'grow;
                }
            }
            return;
        }
    }
}

/// The empty points reached from `from` through empty points, `known` left out; `None` when
/// they are more than `room`.
pub(super) fn reach(g: &Grid, from: &[usize], known: &[usize], room: usize) -> Option<Vec<usize>> {
    let mut out: Vec<usize> = Vec::new();
    let mut stack: Vec<usize> = from.to_vec();
    while let Some(p) = stack.pop() {
        if known.contains(&p) || out.contains(&p) {
            continue;
        }
        out.push(p);
        if out.len() > room {
            return None;
        }
        stack.extend(
            g.geo
                .neighbours(p)
                .into_iter()
                .filter(|&q| g.cells[q] == Cell::Empty),
        );
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::life::tests::{
        FALSE_SEKI_BESIDE_A_KO_WALL, NOTCH_E0242, est, generated_13, grid, pos,
    };

    #[test]
    fn a_chain_touching_a_pass_alive_friend_of_the_group_is_still_inside_its_space() {
        // A generated final position (notches, seed 23, e0242): Black's l12-m13-m12-m11 cuts
        // into White's ring round h13, k13, k12 and touches White's pass-alive right side
        // too. Its liberties are all in the ring's space and a pass-alive chain is no way
        // out, so it lies inside the space, which is read; it is no wall.
        let g = grid(&generated_13(&NOTCH_E0242));
        let ch = Chains::of(&g.geo, &g.cells);
        let at = |x: usize, y: usize| g.geo.pad(y * 13 + x);
        let (settled, _) = super::super::benson::pass_alive_and_enclosures(&g, &ch);
        let ring: Vec<usize> = [(6, 0), (8, 0), (10, 0)]
            .iter()
            .filter_map(|&(x, y)| ch.id[at(x, y)])
            .collect();
        let (Some(cut), Some(side)) = (ch.id[at(11, 1)], ch.id[at(12, 0)]) else {
            panic!("stones at m12 and n13")
        };
        assert!(settled[side], "White's right side is pass-alive");
        let Some(space) = space_of(&g, &ch, &ring, &|ci| settled[ci]) else {
            panic!("the ring has a space")
        };
        assert!(space.inside.contains(&cut) && !space.walls.contains(&cut));
        // Counted as any other White chain, the side would be a way out: a wall then.
        let Some(space) = space_of(&g, &ch, &ring, &|_| false) else {
            panic!("the ring has a space")
        };
        assert!(space.walls.contains(&cut));
    }

    #[test]
    fn a_stone_with_an_eye_behind_it_that_opens_on_the_wall_is_a_wall() {
        // g3 touches only White's group (row 2, column b, the ring around c3-e3), but its
        // liberty g4 opens on Black's wall (f4, row 5): g3 is part of that wall, not a stone
        // shut in the group's space, and g4 is no point of it.
        let p = pos(&[
            "XXXXXXX", "XOOOOOO", "XO...OX", "XOOOOX.", "XXXXXXX", "X.X.X.X", "OOOOOOO",
        ]);
        let g = grid(&p);
        let ch = Chains::of(&g.geo, &g.cells);
        let at = |x: usize, y: usize| g.geo.pad(y * 7 + x);
        let (Some(group), Some(stone)) = (ch.id[at(1, 1)], ch.id[at(6, 2)]) else {
            panic!("stones at b2 and g3")
        };
        let Some(space) = space_of(&g, &ch, &[group], &|_| false) else {
            panic!("the ring has a space")
        };
        assert_eq!(space.points, vec![at(2, 2), at(3, 2), at(4, 2)]);
        assert!(space.walls.contains(&stone) && space.inside.is_empty());
    }

    #[test]
    fn a_wall_stone_that_is_taken_only_as_a_ko_holds() {
        // Black's d1, in atari next to White's group, touches nothing else: White's c1
        // would take it and stand alone in atari among Black's stones, a ko for no eye and
        // no room, so d1 holds as a wall while White's space (g2, j2 and Black's g1-j1) is
        // read (GNU Go's regression game `dumonteil-5` has this shape: its h1 stopped the
        // reading of a false seki). With b1 empty, c1 would have a liberty of its own:
        // no such ko, and d1, with one liberty outside the space, does not hold.
        let rows = FALSE_SEKI_BESIDE_A_KO_WALL;
        let mut open = rows;
        open[8] = "X..XOOXXX";
        for (rows, ko) in [(rows, true), (open, false)] {
            let p = pos(&rows);
            let g = grid(&p);
            let ch = Chains::of(&g.geo, &g.cells);
            let at = |x: usize, y: usize| g.geo.pad(y * 9 + x);
            let Some(d1) = ch.id[at(3, 8)] else {
                panic!("a stone at d1")
            };
            let space = [at(6, 7), at(8, 7), at(6, 8), at(7, 8), at(8, 8)];
            assert_eq!(taken_only_as_a_ko(&g, &ch, d1), ko);
            let holds = if ko { Holds::Yes } else { Holds::No };
            assert_eq!(wall_holds(&g, &g.cells, &ch, d1, &space), holds);
        }
    }

    /// KGS January played on (check set 929, `c0054`), its lower-left corner on a 9x14
    /// board: Black's b1-b5 and c1 shut in White's side, round a space of six empty points
    /// and White's a2. White's a8 has one liberty outside the space, b8, where White's b7
    /// chain joins it; Black filling a7 is a self-atari that White takes at a6.
    const ONE_LIBERTY_WALL: [&str; 14] = [
        "XXXXXXXXX",
        "X.X.X.X.X",
        "XXXXXXXXX",
        "XOOOOOOOO",
        "XXOO.O.O.",
        "XO.OOOOOO",
        "O..O.O.O.",
        ".OOOOOOOO",
        ".OOOO.O.O",
        ".XO.OOOOO",
        ".XOOO.O.O",
        ".XO.OOOOO",
        "OXO.O.O.O",
        ".XXOOOOOO",
    ];

    #[test]
    fn a_wall_with_one_liberty_outside_holds_when_its_liberty_inside_is_a_self_atari() {
        let p = pos(&ONE_LIBERTY_WALL);
        let g = grid(&p);
        let ch = Chains::of(&g.geo, &g.cells);
        let at = |x: usize, y: usize| g.geo.pad(y * 9 + x);
        let Some(a8) = ch.id[at(0, 6)] else {
            panic!("a stone at a8")
        };
        let mut space: Vec<usize> = (7..14).map(|y| at(0, y)).collect();
        space.sort_unstable();
        assert_eq!(wall_holds(&g, &g.cells, &ch, a8, &space), Holds::Yes);
        // Both judges kill the group, whoever moves first; the reading now does.
        let ld = est(&p);
        for y in 9..14 {
            assert_eq!(
                ld.status[y * 9 + 1],
                Some(super::super::ChainStatus::Dead),
                "b at row {y}"
            );
        }
        // With Black stones at a6 and a5, Black's a7 joins the group: a real threat to a8,
        // which the reading would not charge Black for, so a8 does not hold.
        let mut rows = ONE_LIBERTY_WALL;
        rows[8] = "XOOOO.O.O";
        rows[9] = "XXO.OOOOO";
        let p = pos(&rows);
        let g = grid(&p);
        let ch = Chains::of(&g.geo, &g.cells);
        let Some(a8) = ch.id[at(0, 6)] else {
            panic!("a stone at a8")
        };
        let space: Vec<usize> = [7, 10, 11, 12, 13].iter().map(|&y| at(0, y)).collect();
        assert_eq!(
            wall_holds(&g, &g.cells, &ch, a8, &space),
            Holds::AfterExchange((at(0, 7), at(1, 6)))
        );
    }

    /// The group (by the stones at `stones`, (x, y)) read on `rows` with every opposing
    /// chain trusted as a living wall, `to_move` to move: whether the reading kills it.
    fn read_kills(rows: &[&str], stones: &[(usize, usize)], to_move: Cell) -> bool {
        let p = pos(rows);
        let g = grid(&p);
        let ch = Chains::of(&g.geo, &g.cells);
        let w = rows[0].len();
        let mut grp: Vec<usize> = stones
            .iter()
            .filter_map(|&(x, y)| ch.id[g.geo.pad(y * w + x)])
            .collect();
        grp.sort_unstable();
        grp.dedup();
        let mut nodes = u32::MAX;
        let wall = |_: usize| Wall::Alive;
        let reads = read(
            &g,
            &g.cells,
            &ch,
            &[grp.clone()],
            &wall,
            &g.cells,
            Some(to_move),
            &mut nodes,
        );
        reads
            .iter()
            .any(|r| r.fate == Fate::Killed && r.group == grp)
    }

    /// GNU Go's scoring test `score42` (expected B+145.5), its upper right corner on a 7x9
    /// board (Black's room below): White's six stones round seven points with Black's t18
    /// inside. Black's r18 has one liberty outside, q18, where Black's chain joins it;
    /// White's r19, joined to its s19, puts it in atari and Black answers at q18: an
    /// exchange, not a move the reading may charge White for.
    const EXCHANGE_WALL: [&str; 9] = [
        ".X.X.O.", "XXX.XOX", "XXXXO..", "XXXXO.O", "XXXXXO.", "XXXXXXX", ".X.X.X.", ".......",
        ".......",
    ];

    #[test]
    fn a_wall_that_answers_a_threat_outside_holds_and_the_group_is_read_both_ways() {
        let p = pos(&EXCHANGE_WALL);
        let g = grid(&p);
        let ch = Chains::of(&g.geo, &g.cells);
        let at = |x: usize, y: usize| g.geo.pad(y * 7 + x);
        let Some(r18) = ch.id[at(4, 1)] else {
            panic!("a stone at r18")
        };
        let mut space = vec![
            at(4, 0),
            at(6, 0),
            at(6, 1),
            at(5, 2),
            at(6, 2),
            at(5, 3),
            at(6, 4),
        ];
        space.sort_unstable();
        assert_eq!(
            wall_holds(&g, &g.cells, &ch, r18, &space),
            Holds::AfterExchange((at(4, 0), at(3, 1)))
        );
        // `local_capture.py` (q18 in the area): Black first takes the group, White first
        // does not; the reading says the same with r19 kept and with the exchange played.
        let white = [(5, 0), (4, 2), (6, 3), (5, 4)];
        assert!(read_kills(&EXCHANGE_WALL, &white, Cell::Black));
        assert!(!read_kills(&EXCHANGE_WALL, &white, Cell::White));
    }

    #[test]
    fn a_liberty_the_wall_cannot_fill_stays_the_groups() {
        // ONE_LIBERTY_WALL with Black's a6 and a5: a7, the wall a8's liberty inside, joins
        // Black's group, and White filling it would be a self-atari Black takes at b8. Read
        // with a7 open to White, the group (b1-b5, a5-a6, c1) dies whoever moves first; it
        // lives either way (`local_capture.py` with b8 in the area, to 30 plies).
        let mut rows = ONE_LIBERTY_WALL;
        rows[8] = "XOOOO.O.O";
        rows[9] = "XXO.OOOOO";
        let black = [(0, 8), (1, 9), (1, 13), (2, 13)];
        assert!(!read_kills(&rows, &black, Cell::White));
        assert!(!read_kills(&rows, &black, Cell::Black));
    }

    #[test]
    fn a_walls_room_runs_through_its_friends_stones() {
        // The wall (row 4) has two liberties outside the space below it, c3 and e3, each
        // closed by White stones but opening on Black's chain of row 2 and its territory:
        // eleven points of room, though only two are reached through empty points alone.
        let p = pos(&[
            ".........",
            "XXXXXXXXX",
            "OOO.O.OOO",
            "XXXXXXXXX",
            "XOOOOOOOX",
            "XO...X.OX",
            "XOOOOOOOX",
            "XXXXXXXXX",
        ]);
        let g = grid(&p);
        let ch = Chains::of(&g.geo, &g.cells);
        let at = |x: usize, y: usize| g.geo.pad(y * 9 + x);
        let Some(wall) = ch.id[at(0, 3)] else {
            panic!("a stone at a4")
        };
        let space: Vec<usize> = (2..7).map(|x| at(x, 5)).collect();
        assert_eq!(wall_holds(&g, &g.cells, &ch, wall, &space), Holds::Yes);
        // Without the chain of row 2 behind them, its two liberties are all the room it has.
        let mut shut = g.cells.clone();
        for x in 0..9 {
            shut[at(x, 1)] = Cell::White;
        }
        let ch = Chains::of(&g.geo, &shut);
        let Some(wall) = ch.id[at(0, 3)] else {
            panic!("a stone at a4")
        };
        assert_eq!(wall_holds(&g, &shut, &ch, wall, &space), Holds::No);
    }
}
