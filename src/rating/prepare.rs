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
    let mut start = match &opts.ladder {
        Some(t) if LadderList::looks_like(t) => {
            let mut list = LadderList::parse(t).map_err(RateError::List)?;
            if let Some(e) = opts.ladder_encoding {
                list.set_encoding(e);
            }
            StartFile::List(Box::new(Matcher::new(list)))
        }
        Some(t) => StartFile::Tsv(LadderFile::parse(t, &id0)?),
        None => StartFile::None,
    };
    let bound = opts.as_of.as_deref().map(as_of_bound).transpose()?;
    let joined = sources::join(games, &id0, matches!(start, StartFile::List(_)));
    let mut id = id0;
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

    let mut skipped = Vec::new();
    let mut disputed = Vec::new();
    let mut kept: Vec<(usize, String, String)> = Vec::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for &gi in &order {
        let g = &games[gi];
        let (winner, kind) = g.rated_result(opts.winner);
        let date = g.date.as_deref().and_then(DateKey::parse);
        let (bk, wk) = (
            g.black
                .as_deref()
                .map(|n| joined.key(g, id.key(n)))
                .filter(|k| !k.is_empty()),
            g.white
                .as_deref()
                .map(|n| joined.key(g, id.key(n)))
                .filter(|k| !k.is_empty()),
        );
        // Matched to the list's rows: two spellings of one row are one player.
        let (bk, wk) = match &mut start {
            StartFile::List(m) => (
                bk.map(|k| {
                    let raw = g.black.as_deref().unwrap_or("");
                    m.resolve(&k, raw, g.black_licence.as_deref(), &mut id)
                }),
                wk.map(|k| {
                    let raw = g.white.as_deref().unwrap_or("");
                    m.resolve(&k, raw, g.white_licence.as_deref(), &mut id)
                }),
            ),
            _ => (bk, wk),
        };
        let reason = if date.is_none() && (opts.undated == Undated::Skip || bound.is_some()) {
            Some(SkipReason::Undated)
        } else if bk.is_none() || wk.is_none() {
            Some(SkipReason::MissingPlayer)
        } else if !matches!(winner, Winner::Black | Winner::White) {
            Some(SkipReason::NoWinner)
        } else if kind == Some(ResultKind::Forfeit) {
            Some(SkipReason::Forfeit)
        } else if bk == wk {
            Some(SkipReason::SamePlayer)
        } else if let (Some(d), Some(b)) = (date, bound) {
            ((d.year, d.month, d.day) > b).then_some(SkipReason::AfterAsOf)
        } else {
            None
        };
        // A record's game that a results file holds too: the results file's is rated.
        let reason = reason.or_else(|| {
            joined
                .filed_twice
                .get(&gi)
                .map(|of| SkipReason::Duplicate(of.clone()))
        });
        let reason = reason.or_else(|| {
            let (b, w) = (bk.as_deref().unwrap_or(""), wk.as_deref().unwrap_or(""));
            let key = duplicate_key(g, b, w)?;
            match seen.get(&key) {
                // Without a fingerprint, two games of one file are never duplicates.
                Some(&first) if g.fingerprint.is_some() || games[first].file != g.file => {
                    Some(SkipReason::Duplicate(games[first].source()))
                }
                Some(_) => None,
                None => {
                    seen.insert(key, gi);
                    None
                }
            }
        });
        if let Some(count) = g.count.as_ref().filter(|c| c.disputes()) {
            disputed.push(Disputed {
                game: g.label(),
                recorded: g.winner,
                count: count.clone(),
                rated_on: reason.is_none().then_some(winner),
            });
        }
        match (reason, bk, wk) {
            (None, Some(b), Some(w)) => kept.push((gi, b, w)),
            (r, _, _) => skipped.push(Skipped {
                game: g.label(),
                reason: r.unwrap_or(SkipReason::MissingPlayer),
                engine: None,
            }),
        }
    }

    // Players in order of first appearance; start level: ladder, then first rank, then the
    // first opponent's rank less the handicap given, then default.
    let mut pid: BTreeMap<String, usize> = BTreeMap::new();
    let mut players: Vec<PlayerInfo> = Vec::new();
    let mut rank_seen: Vec<Option<Rank>> = Vec::new();
    let mut from_opponent: Vec<Option<f64>> = Vec::new();
    let mut events = Vec::with_capacity(kept.len());
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
                players.push(PlayerInfo {
                    name: String::new(),
                    key: key.clone(),
                    start: 0.0,
                    start_source: StartSource::Default,
                    professional: false,
                    row: None,
                    licence: None,
                });
                rank_seen.push(None);
                from_opponent.push(None);
                players.len() - 1
            });
            if rank_seen[p].is_none() {
                rank_seen[p] = rank.and_then(parse_rank);
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
            if from_opponent[p].is_none() {
                from_opponent[p] = opp.map(|l| l + sign * advantage);
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
        events.push(Event {
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
    let (tsv, list) = match start {
        StartFile::None => (None, None),
        StartFile::Tsv(l) => (Some(l), None),
        StartFile::List(m) => {
            let rows: BTreeMap<String, usize> = m
                .row_keys()
                .into_iter()
                .map(|(k, i)| (k.to_string(), i))
                .collect();
            (None, Some((m.finish(), rows)))
        }
    };
    for (p, info) in players.iter_mut().enumerate() {
        info.name = id.display(&info.key);
        let from_ladder = match (&tsv, &list) {
            (Some(l), _) => l.get(&info.key).flatten(),
            (_, Some(((list, _), rows))) => {
                info.row = rows.get(&info.key).copied();
                let row = info.row.and_then(|i| list.row(i));
                info.licence = row
                    .and_then(|r| r.licence.clone())
                    .or_else(|| id.licence(&info.key).map(str::to_string));
                row.and_then(|r| r.level).map(f64::from)
            }
            _ => None,
        };
        if info.licence.is_none() {
            info.licence = id.licence(&info.key).map(str::to_string);
        }
        (info.start, info.start_source) = match (from_ladder, rank_seen[p], from_opponent[p]) {
            (Some(l), _, _) => (l, StartSource::Ladder),
            (None, Some(r), _) => {
                info.professional = r.professional;
                (r.level, StartSource::Rank)
            }
            (None, None, Some(l)) => (l, StartSource::Opponent),
            (None, None, None) => (opts.default_level, StartSource::Default),
        };
    }
    Ok(Prepared {
        list: list.map(|(l, _)| l),
        sources: joined.report,
        disputed,
        players,
        events,
        skipped,
    })
}
