//! Preparing the stream before any engine: games ordered, filtered (each skip with a
//! reason), names folded and aliased, players numbered and their start levels chosen.

use super::error::RateError;
use super::events::{
    self, DateKey, Disputed, Event, GameInput, Identity, SkipReason, Skipped, compare_games,
    duplicate_key,
};
use super::identify::{IdentityReport, Matcher};
use super::ladder::{LadderFile, Rank, parse_rank};
use super::options::{RateOptions, Undated};
use super::report::{PlayerInfo, StartSource};
use super::sources::{self, SourcesReport};
use crate::federation::LadderList;
use crate::record::{ResultKind, Winner};
use std::collections::BTreeMap;

/// The prepared stream: players, events and the games skipped before any engine.
pub(crate) struct Prepared {
    /// Players by id, in order of first appearance.
    pub players: Vec<PlayerInfo>,
    /// The games to rate, in order.
    pub events: Vec<Event>,
    /// The games left out, with reasons.
    pub skipped: Vec<Skipped>,
    /// The games whose count names another winner than `RE`, in stream order.
    pub disputed: Vec<Disputed>,
    /// The federation's list the players were matched to, and how they were.
    pub list: Option<(LadderList, IdentityReport)>,
    /// How results files' players and games were joined to the records'.
    pub sources: SourcesReport,
}

/// Where start levels come from before any record.
enum StartFile {
    /// No ladder file.
    None,
    /// A TSV ladder (or federation lines without the list's header).
    Tsv(LadderFile),
    /// The federation's list, every player matched to its rows.
    List(Box<Matcher>),
}

/// The inclusive bound of `--as-of` as (year, month, day).
fn as_of_bound(s: &str) -> Result<(i32, u8, u8), RateError> {
    let d = DateKey::parse(s).ok_or_else(|| RateError::AsOf(s.to_string()))?;
    // A partial bound covers its whole period.
    Ok((
        d.year,
        if d.month == 0 { 99 } else { d.month },
        if d.day == 0 { 99 } else { d.day },
    ))
}

/// Orders, filters and identifies the games (everything before the engines).
pub(crate) fn prepare(games: &[GameInput], opts: &RateOptions) -> Result<Prepared, RateError> {
    let id0 = Identity::from_aliases(opts.aliases.as_deref())?;
    let mut start = StartFile::open(opts, &id0)?;
    let bound = opts.as_of.as_deref().map(as_of_bound).transpose()?;
    let joined = sources::join(games, &id0, matches!(start, StartFile::List(_)));
    let mut id = id0;
    let order = chronological(games);
    let sifted = {
        let mut sifter = Sifter {
            games,
            opts,
            bound,
            joined: &joined,
            start: &mut start,
            id: &mut id,
            seen: BTreeMap::new(),
        };
        sifter.sift(&order)
    };
    let mut numbered = number(games, sifted.kept, opts, &mut id);
    let levels = start.finish();
    choose_starts(&mut numbered, &levels, &id, opts);
    let list = match levels {
        StartLevels::List(list, report, _) => Some((list, report)),
        _ => None,
    };
    Ok(Prepared {
        list,
        sources: joined.report,
        disputed: sifted.disputed,
        players: numbered.players,
        events: numbered.events,
        skipped: sifted.skipped,
    })
}

impl StartFile {
    /// Reads `--ladder`: the federation's list when it looks like one, else a TSV ladder.
    fn open(opts: &RateOptions, id: &Identity) -> Result<Self, RateError> {
        Ok(match &opts.ladder {
            Some(t) if LadderList::looks_like(t) => {
                let mut list = LadderList::parse(t).map_err(RateError::List)?;
                if let Some(e) = opts.ladder_encoding {
                    list.set_encoding(e);
                }
                StartFile::List(Box::new(Matcher::new(list)))
            }
            Some(t) => StartFile::Tsv(LadderFile::parse(t, id)?),
            None => StartFile::None,
        })
    }

    /// The start levels' source once every player is known: the TSV ladder, or the list
    /// with its matching report and each matched key's row.
    fn finish(self) -> StartLevels {
        match self {
            StartFile::None => StartLevels::None,
            StartFile::Tsv(l) => StartLevels::Tsv(l),
            StartFile::List(m) => {
                let (list, report, rows) = m.finish();
                StartLevels::List(list, report, rows)
            }
        }
    }
}

/// Where start levels come from once the stream is read.
enum StartLevels {
    /// No ladder file.
    None,
    /// A TSV ladder.
    Tsv(LadderFile),
    /// The federation's list, its matching report, and the row of each matched key.
    List(LadderList, IdentityReport, BTreeMap<String, usize>),
}

/// The games in rating order: dated first, by date, event, round, file and game; the full
/// comparison breaks the remaining ties.
fn chronological(games: &[GameInput]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..games.len()).collect();
    // Keys parsed once; the full comparison only breaks the remaining ties.
    let keys: Vec<_> = games
        .iter()
        .map(|g| {
            let d = g.date.as_deref().and_then(DateKey::parse);
            (
                d.is_none(),
                d,
                g.event.as_deref().map(str::trim),
                events::RoundKey::parse(g.round.as_deref()),
                g.file.as_str(),
                g.game,
            )
        })
        .collect();
    order.sort_by(|&a, &b| {
        keys[a]
            .cmp(&keys[b])
            .then_with(|| compare_games(&games[a], &games[b]))
    });
    order
}

/// The games kept (with their players' keys), skipped and disputed.
struct Sifted {
    /// Each kept game's index and its Black and White keys, in rating order.
    kept: Vec<(usize, String, String)>,
    /// The games left out, with reasons.
    skipped: Vec<Skipped>,
    /// The games whose count names another winner than `RE`.
    disputed: Vec<Disputed>,
}

/// Decides, game by game in rating order, whether each is rated.
struct Sifter<'a> {
    games: &'a [GameInput],
    opts: &'a RateOptions,
    /// The inclusive `--as-of` bound.
    bound: Option<(i32, u8, u8)>,
    joined: &'a sources::Joined,
    start: &'a mut StartFile,
    id: &'a mut Identity,
    /// The first game of each duplicate key.
    seen: BTreeMap<String, usize>,
}

impl Sifter<'_> {
    /// Every game in `order`, kept or skipped with its reason; the disputed ones noted.
    fn sift(&mut self, order: &[usize]) -> Sifted {
        let mut sifted = Sifted {
            kept: Vec::new(),
            skipped: Vec::new(),
            disputed: Vec::new(),
        };
        for &gi in order {
            let g = &self.games[gi];
            let (winner, _) = g.rated_result(self.opts.winner);
            let (bk, wk) = self.keys(g);
            let reason = self
                .rule_out(g, bk.as_deref(), wk.as_deref())
                // A record's game that a results file holds too: the results file's is rated.
                .or_else(|| {
                    self.joined
                        .filed_twice
                        .get(&gi)
                        .map(|of| SkipReason::Duplicate(of.clone()))
                })
                .or_else(|| self.duplicate(gi, bk.as_deref(), wk.as_deref()));
            // An uncertain count naming the other winner is disputed too: `--winner count`
            // rates on it, and the officer must see it (its confidence says `unsure`).
            let other_winner = |c: &&super::events::CountCheck| {
                c.disputes()
                    || (c.verdict == crate::scoring::Verdict::Uncertain && c.winner != g.winner)
            };
            if let Some(count) = g.count.as_ref().filter(other_winner) {
                sifted.disputed.push(Disputed {
                    game: g.label(),
                    recorded: g.winner,
                    count: count.clone(),
                    rated_on: reason.is_none().then_some(winner),
                });
            }
            match (reason, bk, wk) {
                (None, Some(b), Some(w)) => sifted.kept.push((gi, b, w)),
                (r, _, _) => sifted.skipped.push(Skipped {
                    game: g.label(),
                    reason: r.unwrap_or(SkipReason::MissingPlayer),
                    engine: None,
                }),
            }
        }
        sifted
    }

    /// Black's and White's keys (`None` for a missing name), joined across sources and,
    /// with the federation's list, resolved to its rows.
    fn keys(&mut self, g: &GameInput) -> (Option<String>, Option<String>) {
        let key = |name: Option<&str>| {
            name.map(|n| self.joined.key(g, self.id.key(n)))
                .filter(|k| !k.is_empty())
        };
        let (bk, wk) = (key(g.black.as_deref()), key(g.white.as_deref()));
        // Matched to the list's rows: two spellings of one row are one player.
        match &mut *self.start {
            StartFile::List(m) => (
                bk.map(|k| {
                    let raw = g.black.as_deref().unwrap_or("");
                    m.resolve(&k, raw, g.black_licence.as_deref(), self.id)
                }),
                wk.map(|k| {
                    let raw = g.white.as_deref().unwrap_or("");
                    m.resolve(&k, raw, g.white_licence.as_deref(), self.id)
                }),
            ),
            _ => (bk, wk),
        }
    }

    /// Why the game cannot be rated on its own facts: its date, players and result.
    fn rule_out(&self, g: &GameInput, bk: Option<&str>, wk: Option<&str>) -> Option<SkipReason> {
        let (winner, kind) = g.rated_result(self.opts.winner);
        let date = g.date.as_deref().and_then(DateKey::parse);
        if date.is_none() && (self.opts.undated == Undated::Skip || self.bound.is_some()) {
            Some(SkipReason::Undated)
        } else if bk.is_none() || wk.is_none() {
            Some(SkipReason::MissingPlayer)
        } else if !matches!(winner, Winner::Black | Winner::White) {
            Some(SkipReason::NoWinner)
        } else if kind == Some(ResultKind::Forfeit) {
            Some(SkipReason::Forfeit)
        } else if bk == wk {
            Some(SkipReason::SamePlayer)
        } else if let (Some(d), Some(b)) = (date, self.bound) {
            ((d.year, d.month, d.day) > b).then_some(SkipReason::AfterAsOf)
        } else {
            None
        }
    }

    /// The earlier game this one repeats, if any (the first of each key is remembered).
    fn duplicate(&mut self, gi: usize, bk: Option<&str>, wk: Option<&str>) -> Option<SkipReason> {
        let g = &self.games[gi];
        let key = duplicate_key(g, bk.unwrap_or(""), wk.unwrap_or(""))?;
        match self.seen.get(&key) {
            // Without a fingerprint, two games of one file are never duplicates.
            Some(&first) if g.fingerprint.is_some() || self.games[first].file != g.file => {
                Some(SkipReason::Duplicate(self.games[first].source()))
            }
            Some(_) => None,
            None => {
                self.seen.insert(key, gi);
                None
            }
        }
    }
}

/// The players numbered in order of first appearance, with what their games say of their
/// level, and the events that name them by number.
struct Numbered {
    /// Players by id; names and start levels are filled in by `choose_starts`.
    players: Vec<PlayerInfo>,
    /// Each player's first rank given in a record.
    rank_seen: Vec<Option<Rank>>,
    /// Each player's level from their first ranked opponent, less the handicap's advantage.
    from_opponent: Vec<Option<f64>>,
    /// The games to rate, in order.
    events: Vec<Event>,
}

/// Numbers the kept games' players and writes their events.
fn number(
    games: &[GameInput],
    kept: Vec<(usize, String, String)>,
    opts: &RateOptions,
    id: &mut Identity,
) -> Numbered {
    let mut pid: BTreeMap<String, usize> = BTreeMap::new();
    let mut n = Numbered {
        players: Vec::new(),
        rank_seen: Vec::new(),
        from_opponent: Vec::new(),
        events: Vec::with_capacity(kept.len()),
    };
    let mut last_day = i64::MIN;
    let mut extra = 0;
    for (idx, (gi, bk, wk)) in kept.into_iter().enumerate() {
        let g = &games[gi];
        let mut ids = [0usize; 2];
        for (slot, (key, raw, rank)) in [
            (
                &bk,
                g.black.as_deref().unwrap_or(""),
                g.black_rank.as_deref(),
            ),
            (
                &wk,
                g.white.as_deref().unwrap_or(""),
                g.white_rank.as_deref(),
            ),
        ]
        .into_iter()
        .enumerate()
        {
            id.see(key, raw);
            let p = *pid.entry(key.clone()).or_insert_with(|| {
                n.players.push(PlayerInfo {
                    name: String::new(),
                    key: key.clone(),
                    start: 0.0,
                    start_source: StartSource::Default,
                    professional: false,
                    row: None,
                    licence: None,
                });
                n.rank_seen.push(None);
                n.from_opponent.push(None);
                n.players.len() - 1
            });
            if n.rank_seen[p].is_none() {
                n.rank_seen[p] = rank.and_then(parse_rank);
            }
            ids[slot] = p;
        }
        // A player with no rank of their own takes the opponent's, less Black's advantage
        // for Black (more for White): ranks differ by the stones it takes to even a game.
        let opponent_rank = |r: Option<&str>| r.and_then(parse_rank).map(|r| r.level);
        let advantage = 100.0 * g.advantage_stones();
        for (p, opp, sign) in [
            (ids[0], opponent_rank(g.white_rank.as_deref()), -1.0),
            (ids[1], opponent_rank(g.black_rank.as_deref()), 1.0),
        ] {
            if n.from_opponent[p].is_none() {
                n.from_opponent[p] = opp.map(|l| l + sign * advantage);
            }
        }
        let day = match g.date.as_deref().and_then(DateKey::parse) {
            Some(d) => d.days(),
            None => {
                // Undated games appended: one period each after the last date.
                extra += 1;
                last_day.max(0) + extra
            }
        };
        last_day = last_day.max(day);
        let square = g.width == g.height;
        n.events.push(Event {
            idx,
            date: g.date.clone().filter(|d| DateKey::parse(d).is_some()),
            day,
            black: ids[0],
            white: ids[1],
            handicap: g.handicap,
            komi: g.komi.filter(|k| k.is_finite()),
            size: if square { g.width } else { 0 },
            black_won: g.rated_result(opts.winner).0 == Winner::Black,
            source: g.source(),
        });
    }
    n
}

/// Names each player and chooses their start level: ladder, then first rank, then the
/// first opponent's rank less the handicap given, then the default.
fn choose_starts(n: &mut Numbered, start: &StartLevels, id: &Identity, opts: &RateOptions) {
    for (p, info) in n.players.iter_mut().enumerate() {
        info.name = id.display(&info.key);
        let from_ladder = match start {
            StartLevels::Tsv(l) => l.get(&info.key).flatten(),
            StartLevels::List(list, _, rows) => {
                info.row = rows.get(&info.key).copied();
                let row = info.row.and_then(|i| list.row(i));
                info.licence = row
                    .and_then(|r| r.licence.clone())
                    .or_else(|| id.licence(&info.key).map(str::to_string));
                row.and_then(|r| r.level).map(f64::from)
            }
            StartLevels::None => None,
        };
        if info.licence.is_none() {
            info.licence = id.licence(&info.key).map(str::to_string);
        }
        (info.start, info.start_source) = match (from_ladder, n.rank_seen[p], n.from_opponent[p]) {
            (Some(l), _, _) => (l, StartSource::Ladder),
            (None, Some(r), _) => {
                info.professional = r.professional;
                (r.level, StartSource::Rank)
            }
            (None, None, Some(l)) => (l, StartSource::Opponent),
            (None, None, None) => (opts.default_level, StartSource::Default),
        };
    }
}
