//! OpenGotha's tournament XML, as far as rating needs it: the `GeneralParameterSet` (name,
//! first day, komi, size), the `Player`s and the `Game`s (round, colours, handicap, result).
//!
//! Not a general XML reader: it scans the self-closing `<Player …/>`, `<Game …/>` and
//! `<GeneralParameterSet …>` elements OpenGotha writes and reads their attributes (quoted
//! values, the five named entities and numeric references; a newline inside a value, as in
//! pairgoth's files, is a blank as any XML parser makes it). Players are keyed as OpenGotha
//! keys them: name and first name, upper-cased, blanks removed.

use crate::rating::GameInput;
use crate::record::{ResultKind, Winner};
use std::collections::BTreeMap;

/// The attributes of each element named `tag`, in file order.
fn elements(text: &str, tag: &str) -> Vec<BTreeMap<String, String>> {
    let open = format!("<{tag} ");
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(&open) {
        rest = &rest[at + open.len()..];
        let mut attrs = BTreeMap::new();
        let mut s = rest;
        loop {
            s = s.trim_start();
            if s.is_empty() || s.starts_with('>') || s.starts_with("/>") {
                break;
            }
            let Some(eq) = s.find('=') else { break };
            let key = s[..eq].trim().to_string();
            let after = s[eq + 1..].trim_start();
            let Some(quote) = after.chars().next().filter(|c| *c == '"' || *c == '\'') else {
                break;
            };
            let body = &after[1..];
            let Some(end) = body.find(quote) else { break };
            attrs.insert(key, unescape(&body[..end]));
            s = &body[end + 1..];
        }
        rest = s;
        out.push(attrs);
    }
    out
}

/// An attribute value with its entities replaced and its line ends made blanks.
fn unescape(v: &str) -> String {
    let mut out = String::new();
    let mut rest = v;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';') else { break };
        let name = &rest[1..end];
        let c = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => name
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| name.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out.replace(['\r', '\n', '\t'], " ")
}

/// A player's key as OpenGotha writes it in `Game`s.
fn key(name: &str, first: &str) -> String {
    format!("{name}{first}")
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

/// The games of an OpenGotha tournament file as rating inputs: the tournament's first day
/// and name, each game's round, colours, handicap (OpenGotha's: 0 even with komi, 1 without)
/// and result. Both-win, both-lose and unknown results have no winner; `_BYDEF` results are
/// forfeits. Names are written `Name First` as the `.tou` and `.h9` write them.
pub fn game_inputs(file: &str, text: &str) -> Vec<GameInput> {
    let general = elements(text, "GeneralParameterSet")
        .into_iter()
        .next()
        .unwrap_or_default();
    let komi = general
        .get("komi")
        .and_then(|k| k.trim().parse::<f64>().ok());
    let size = general
        .get("size")
        .and_then(|s| s.trim().parse::<u8>().ok())
        .unwrap_or(19);
    let mut players: BTreeMap<String, (String, String)> = BTreeMap::new();
    for p in elements(text, "Player") {
        let (name, first) = (
            p.get("name").map_or("", |s| s.trim()),
            p.get("firstName").map_or("", |s| s.trim()),
        );
        let written = format!("{} {}", name.replace(' ', "_"), first.replace(' ', "_"));
        let rank = p.get("rank").map(|r| r.trim().to_string());
        players.insert(key(name, first), (written, rank.unwrap_or_default()));
    }
    elements(text, "Game")
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            let attr = |k: &str| g.get(k).map_or("", String::as_str);
            let who = |k: &str| players.get(attr(k).trim());
            let handicap: u32 = attr("handicap").trim().parse().unwrap_or(0);
            let result = attr("result");
            let forfeit = result.ends_with("_BYDEF");
            let winner = match result.trim_end_matches("_BYDEF") {
                "RESULT_WHITEWINS" => Winner::White,
                "RESULT_BLACKWINS" => Winner::Black,
                "RESULT_EQUAL" => Winner::Draw,
                _ => Winner::Unknown,
            };
            let kind = match (forfeit, winner) {
                (true, _) => Some(ResultKind::Forfeit),
                (false, Winner::Draw) => Some(ResultKind::Score),
                (false, Winner::Unknown) => None,
                _ => Some(ResultKind::Other),
            };
            GameInput {
                file: file.to_string(),
                game: u32::try_from(i).unwrap_or(u32::MAX),
                fingerprint: None,
                date: general.get("beginDate").cloned(),
                event: general.get("name").cloned(),
                round: Some(attr("roundNumber").trim().to_string()),
                black: who("blackPlayer").map(|p| p.0.clone()),
                white: who("whitePlayer").map(|p| p.0.clone()),
                black_rank: who("blackPlayer").map(|p| p.1.clone()),
                white_rank: who("whitePlayer").map(|p| p.1.clone()),
                black_licence: None,
                white_licence: None,
                handicap,
                komi: if handicap == 0 { komi } else { None },
                width: size,
                height: size,
                winner,
                kind,
                count: None,
                origin: crate::rating::Origin::ResultsFile,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_entities_and_keys() {
        let text = r#"<GeneralParameterSet komi="6.5" beginDate="2020-01-02" name="A &amp; B">
<Player name="Nemo" firstName="Andr&#233;" rank="2K"/>
<Player name="Li" firstName="Bo
yuan" rank=" 2D"/>
<Game blackPlayer="NEMOANDRÉ" handicap="0" result="RESULT_WHITEWINS_BYDEF" roundNumber="3" whitePlayer="LIBO YUAN"/>"#;
        let g = game_inputs("x.xml", text);
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].black.as_deref(), Some("Nemo André"));
        assert_eq!(g[0].white, None, "a key with a blank names nobody");
        assert_eq!(g[0].event.as_deref(), Some("A & B"));
        assert_eq!(
            (g[0].winner, g[0].kind),
            (Winner::White, Some(ResultKind::Forfeit))
        );
        assert_eq!((g[0].komi, g[0].round.as_deref()), (Some(6.5), Some("3")));
        // Cut short anywhere: no panic.
        for n in 0..text.len() {
            if let Some(t) = text.get(..n) {
                let _ = game_inputs("y", t);
            }
        }
    }
}
