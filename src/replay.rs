//! Replaying a main line under the rules of play: ko rules, suicide, violations, captures,
//! passes.
//!
//! Every recorded move is executed, even an illegal one (the SGF standard); each
//! violation is reported with its move number and kind, and replay never aborts.

use crate::board::{Board, Color, Point, Position};
use crate::record::{MoveAt, Step};
use crate::rules::{KoRule, Rules};
use serde::Serialize;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// What rule a move broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ViolationKind {
    /// Played on a point that already held a stone.
    Occupied,
    /// The move left its own chain without liberty (while suicide is illegal).
    Suicide,
    /// Immediate recapture of a basic ko.
    Ko,
    /// Any other repetition forbidden by the ko rule.
    Superko,
    /// The same colour moved twice in a row.
    WrongTurn,
    /// The point is outside the board.
    OffBoard,
}

/// One illegal move of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// 1-based move number (passes count; setup nodes do not).
    #[serde(rename = "move")]
    pub move_number: u32,
    /// Who moved.
    pub color: Color,
    /// SGF coordinate, or the raw value when off the board; `None` for a pass.
    pub point: Option<String>,
    /// What was wrong.
    pub kind: ViolationKind,
}

/// The outcome of replaying a main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Final position.
    pub position: Position,
    /// Number of moves, passes and off-board moves included.
    pub moves: u32,
    /// Passes by Black.
    pub passes_black: u32,
    /// Passes by White.
    pub passes_white: u32,
    /// Stones captured by Black (white stones removed by Black's moves).
    pub captures_black: u32,
    /// Stones captured by White.
    pub captures_white: u32,
    /// Black stones removed by Black's own suicides.
    pub suicided_black: u32,
    /// White stones removed by White's own suicides.
    pub suicided_white: u32,
    /// True when the last two moves are passes (of either colour).
    pub ended_by_passes: bool,
    /// Colour of the last move, if any.
    pub last_mover: Option<Color>,
    /// Every violation, in move order (a move may have several, e.g. wrong turn and ko).
    pub violations: Vec<Violation>,
    /// Move numbers whose legality differs between the four ko rules.
    pub ko_rule_dependent: Vec<u32>,
}

impl Replay {
    /// The player to move after the last move (passes included), if there was one.
    pub fn to_move(&self) -> Option<Color> {
        self.last_mover.map(Color::opponent)
    }
}

/// Identity hasher: Zobrist keys are already uniformly random.
#[derive(Default)]
struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only reached for non-u64 keys, which this module never uses; fold anyway.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// Bits stored per arrangement hash.
const TO_MOVE_BLACK: u8 = 1;
const TO_MOVE_WHITE: u8 = 2;
const BY_BLACK_PLAY: u8 = 4;
const BY_WHITE_PLAY: u8 = 8;

fn to_move_bit(c: Color) -> u8 {
    match c {
        Color::Black => TO_MOVE_BLACK,
        Color::White => TO_MOVE_WHITE,
    }
}

fn by_play_bit(c: Color) -> u8 {
    match c {
        Color::Black => BY_BLACK_PLAY,
        Color::White => BY_WHITE_PLAY,
    }
}

/// Every arrangement seen so far, with who moved from it and who created it by a play.
///
/// A hash present in the map has occurred (positional). The player to move in a position
/// is the one who actually moved next in the record, so setup without `PL` and handicap
/// placements need no guess. Equal 64-bit hashes are taken as equal positions.
struct History(HashMap<u64, u8, BuildHasherDefault<IdHasher>>);

impl History {
    fn seen(&mut self, h: u64) -> &mut u8 {
        self.0.entry(h).or_insert(0)
    }
    fn flags(&self, h: u64) -> Option<u8> {
        self.0.get(&h).copied()
    }
}

/// The board move just before the current one.
#[derive(Clone, Copy)]
struct PrevPlay {
    color: Color,
    hash_before: u64,
}

/// Replays `steps` on a `width` x `height` board under `rules`.
///
/// The first `handicap_moves` moves, when Black and before any White move, are handicap
/// placements and never a wrong turn. A move on an occupied point is reported and then
/// executed by replacing the stone and resolving captures (Sabaki's behaviour). Ko rules
/// are only judged on moves that are otherwise legal (not occupied, not illegal suicide).
pub fn replay(width: u8, height: u8, steps: &[Step], rules: &Rules, handicap_moves: u32) -> Replay {
    let mut replayer = Replayer::new(width, height, steps.len(), rules, handicap_moves);
    for step in steps {
        match step {
            Step::Setup {
                black,
                white,
                empty,
                to_play,
            } => replayer.set_up(black, white, empty, *to_play),
            Step::Move { color, at } => replayer.play(*color, at),
        }
    }
    replayer.finish()
}

/// A replay under way: the board, what has been seen, and the tally so far.
struct Replayer<'a> {
    board: Board,
    history: History,
    r: Replay,
    rules: &'a Rules,
    handicap_moves: u32,
    /// The colour whose turn it is, once known.
    expected: Option<Color>,
    white_moved: bool,
    trailing_passes: u32,
    prev: Option<PrevPlay>,
}

impl<'a> Replayer<'a> {
    fn new(width: u8, height: u8, steps: usize, rules: &'a Rules, handicap_moves: u32) -> Self {
        let board = Board::new(width, height);
        let mut history = History(HashMap::with_capacity_and_hasher(
            steps + 1,
            BuildHasherDefault::default(),
        ));
        history.seen(board.hash());
        Replayer {
            board,
            history,
            r: Replay {
                position: Position::empty(0, 0),
                moves: 0,
                passes_black: 0,
                passes_white: 0,
                captures_black: 0,
                captures_white: 0,
                suicided_black: 0,
                suicided_white: 0,
                ended_by_passes: false,
                last_mover: None,
                violations: Vec::new(),
                ko_rule_dependent: Vec::new(),
            },
            rules,
            handicap_moves,
            expected: None,
            white_moved: false,
            trailing_passes: 0,
            prev: None,
        }
    }

    /// A setup node: stones placed, and maybe whose turn it is.
    fn set_up(
        &mut self,
        black: &[Point],
        white: &[Point],
        empty: &[Point],
        to_play: Option<Color>,
    ) {
        set_up(&mut self.board, black, white, empty);
        self.history.seen(self.board.hash());
        if to_play.is_some() {
            self.expected = to_play;
        }
        self.prev = None;
    }

    /// One recorded move: a pass, a point off the board, or a stone.
    fn play(&mut self, color: Color, at: &MoveAt) {
        self.r.moves += 1;
        let n = self.r.moves;
        let handicap = n <= self.handicap_moves && color == Color::Black && !self.white_moved;
        if !handicap && self.expected == Some(color.opponent()) {
            self.r.violations.push(Violation {
                move_number: n,
                color,
                point: at_string(at),
                kind: ViolationKind::WrongTurn,
            });
        }
        self.expected = Some(color.opponent());
        self.white_moved |= color == Color::White;
        self.r.last_mover = Some(color);
        let hash_before = self.board.hash();
        *self.history.seen(hash_before) |= to_move_bit(color);
        match at {
            MoveAt::Pass => {
                match color {
                    Color::Black => self.r.passes_black += 1,
                    Color::White => self.r.passes_white += 1,
                }
                self.trailing_passes += 1;
                self.prev = None;
            }
            MoveAt::Point(p) if self.board.on_board(*p) => {
                self.trailing_passes = 0;
                self.stone(color, *p, n, hash_before);
            }
            MoveAt::Point(_) | MoveAt::OffBoard(_) => {
                self.r.violations.push(Violation {
                    move_number: n,
                    color,
                    point: at_string(at),
                    kind: ViolationKind::OffBoard,
                });
                self.trailing_passes = 0;
                self.prev = None;
            }
        }
    }

    /// Move `n`, `color`'s stone at `p` (on the board), played from `hash_before`: executed
    /// whatever it breaks, each rule it breaks reported.
    fn stone(&mut self, color: Color, p: Point, n: u32, hash_before: u64) {
        let occupied = self.board.get(p).is_some();
        let violation = |kind| Violation {
            move_number: n,
            color,
            point: Some(p.to_sgf()),
            kind,
        };
        if occupied {
            self.r.violations.push(violation(ViolationKind::Occupied));
        }
        let out = self.board.play(color, p);
        let hash = self.board.hash();
        match color {
            Color::Black => {
                self.r.captures_black += out.captured;
                self.r.suicided_black += out.suicided;
            }
            Color::White => {
                self.r.captures_white += out.captured;
                self.r.suicided_white += out.suicided;
            }
        }
        let illegal_suicide = out.suicided > 0 && !self.rules.suicide_allowed;
        if illegal_suicide {
            self.r.violations.push(violation(ViolationKind::Suicide));
        }
        if !occupied && !illegal_suicide {
            let basic_ko = out.captured == 1
                && self
                    .prev
                    .is_some_and(|q| q.color == color.opponent() && q.hash_before == hash);
            let ko = KoVerdicts::of(&self.history, hash, color, basic_ko);
            if ko.rule_dependent() {
                self.r.ko_rule_dependent.push(n);
            }
            if ko.repeated(self.rules.ko) {
                self.r.violations.push(violation(if basic_ko {
                    ViolationKind::Ko
                } else {
                    ViolationKind::Superko
                }));
            }
        }
        *self.history.seen(hash) |= by_play_bit(color);
        self.prev = Some(PrevPlay { color, hash_before });
    }

    /// The replay, its final position taken.
    fn finish(mut self) -> Replay {
        self.r.ended_by_passes = self.trailing_passes >= 2;
        self.r.position = self.board.snapshot();
        self.r
    }
}

/// Applies a setup node: `AE` first, then `AB` and `AW`.
fn set_up(board: &mut Board, black: &[Point], white: &[Point], empty: &[Point]) {
    for &p in empty {
        board.set(p, None);
    }
    for &p in black {
        board.set(p, Some(Color::Black));
    }
    for &p in white {
        board.set(p, Some(Color::White));
    }
}

/// Whether a play that left the board at `hash` repeats, under each ko rule.
struct KoVerdicts {
    positional: bool,
    situational: bool,
    natural: bool,
    basic_ko: bool,
}

impl KoVerdicts {
    /// The verdicts for `color`'s play, from the arrangements seen so far.
    fn of(history: &History, hash: u64, color: Color, basic_ko: bool) -> Self {
        let flags = history.flags(hash);
        let f = flags.unwrap_or(0);
        KoVerdicts {
            positional: flags.is_some(),
            situational: f & to_move_bit(color.opponent()) != 0,
            natural: f & by_play_bit(color) != 0,
            basic_ko,
        }
    }

    /// The rules disagree on this play: its legality depends on the ko rule.
    fn rule_dependent(&self) -> bool {
        let v = [
            self.positional,
            self.situational,
            self.natural,
            self.basic_ko,
        ];
        v.iter().any(|&x| x != v[0])
    }

    /// The play repeats under `rule`.
    fn repeated(&self, rule: KoRule) -> bool {
        match rule {
            KoRule::Positional => self.positional,
            KoRule::Situational => self.situational,
            KoRule::NaturalSituational => self.natural,
            KoRule::Simple => self.basic_ko,
        }
    }
}

/// The point of a move as reported: SGF letters, the raw off-board value, `None` for a pass.
fn at_string(at: &MoveAt) -> Option<String> {
    match at {
        MoveAt::Pass => None,
        MoveAt::Point(p) => Some(p.to_sgf()),
        MoveAt::OffBoard(raw) => Some(raw.clone()),
    }
}

#[cfg(test)]
mod tests;
