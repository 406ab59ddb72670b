//! Start levels: ladder files (TSV or the federation's list), record ranks, grades.

use super::error::{LineProblem, RateError};
use super::events::{Identity, fold_name};
use std::collections::BTreeMap;

/// Start levels from a ladder file, by canonical folded name; `None` = listed but unrated.
#[derive(Clone, Debug, Default)]
pub struct LadderFile {
    levels: BTreeMap<String, Option<f64>>,
}

impl LadderFile {
    /// Parses a ladder file: `name<TAB>level` lines, or the federation's list format
    /// `NAME Firstname  -1500 - 0452000 31To FR` (level signed; -9999 or NC = unrated).
    /// Blank lines and `#` comments are ignored; any other unreadable line is an error.
    pub fn parse(text: &str, id: &Identity) -> Result<LadderFile, RateError> {
        let mut out = LadderFile::default();
        for (n, raw) in text.lines().enumerate() {
            let bad = |problem| RateError::Ladder {
                line: n + 1,
                problem,
            };
            let line = raw.trim_end_matches('\r');
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let (names, level) = if line.contains('\t') {
                let mut cols = line.split('\t');
                let name = cols.next().unwrap_or("").trim();
                let lv = cols.next().unwrap_or("").trim();
                if name.is_empty() {
                    return Err(bad(LineProblem::EmptyName));
                }
                (
                    vec![name.to_string()],
                    parse_level(lv).ok_or_else(|| bad(LineProblem::Level(lv.to_string())))?,
                )
            } else {
                parse_federation(t).ok_or_else(|| bad(LineProblem::NotLadder))?
            };
            for name in names {
                let key = id.key(&name);
                // The first line wins for a name listed twice.
                out.levels.entry(key).or_insert(level);
            }
        }
        Ok(out)
    }

    /// Level for a canonical key: `Some(Some(l))` rated, `Some(None)` listed unrated.
    pub fn get(&self, key: &str) -> Option<Option<f64>> {
        self.levels.get(key).copied()
    }
}

/// `Some(None)` for unrated markers, `Some(Some(v))` for a number, `None` if unreadable.
fn parse_level(s: &str) -> Option<Option<f64>> {
    let s = s.trim();
    if s.eq_ignore_ascii_case("nc") || s == "-9999" {
        return Some(None);
    }
    let v: f64 = s.parse().ok()?;
    v.is_finite().then_some(Some(v))
}

/// Federation list line: name tokens, then the signed level. Both name orders
/// (`NAME Firstname` and `Firstname NAME`) are registered, since SGF files use either.
fn parse_federation(line: &str) -> Option<(Vec<String>, Option<f64>)> {
    let toks: Vec<&str> = line.split_whitespace().collect();
    let pos = toks.iter().position(|t| {
        t.eq_ignore_ascii_case("nc")
            || (t.parse::<i64>().is_ok() && t.chars().any(|c| c.is_ascii_digit()))
    })?;
    if pos == 0 {
        return None;
    }
    let level = parse_level(toks[pos])?;
    let name = toks[..pos].join(" ");
    let mut names = vec![name];
    if pos >= 2 {
        // Surname tokens are the upper-case ones; the rest is the first name.
        let split = toks[..pos]
            .iter()
            .position(|t| t.chars().any(|c| c.is_lowercase()))
            .unwrap_or(pos - 1)
            .max(1);
        let swapped = format!("{} {}", toks[split..pos].join(" "), toks[..split].join(" "));
        if fold_name(&swapped) != fold_name(&names[0]) {
            names.push(swapped);
        }
    }
    Some((names, level))
}

/// A rank read from a record.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rank {
    /// Its start level, the middle of its band.
    pub level: f64,
    /// True for a professional rank.
    pub professional: bool,
}

/// Start level of a record rank, the middle of its band: `3k` → −250, `2d` → 150.
/// Professional ranks (`Np`, and Fox's `PN段`/`PN`): 650 + 30·N (1p = 680 just above 7d's
/// middle, 9p = 920; a professional grade is about a third of a stone). Unreadable ranks
/// give `None`.
pub fn rank_level(rank: &str) -> Option<f64> {
    parse_rank(rank).map(|r| r.level)
}

/// The rank written `rank` (see [`rank_level`]), or `None`.
pub fn parse_rank(rank: &str) -> Option<Rank> {
    let pro = |n: u32| Rank {
        level: 650.0 + 30.0 * f64::from(n),
        professional: true,
    };
    let amateur = |level: f64| Rank {
        level,
        professional: false,
    };
    let r = rank
        .trim()
        .trim_end_matches(['?', '*', '+'])
        .trim()
        .to_lowercase();
    // Fox and other Chinese servers write a professional's rank `P9段` or `P9`.
    if let Some(rest) = r
        .strip_prefix('p')
        .filter(|s| s.starts_with(|c: char| c.is_ascii_digit()))
    {
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        let unit = rest[digits.len()..].trim();
        let n: u32 = digits.parse().ok().filter(|n| (1..=9).contains(n))?;
        return matches!(unit, "" | "段" | "d" | "dan" | "단").then(|| pro(n));
    }
    let digits: String = r.chars().take_while(|c| c.is_ascii_digit()).collect();
    let n: u32 = digits
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=40).contains(n))?;
    let rest = r[digits.len()..].trim();
    let unit = rest.split_whitespace().next().unwrap_or("");
    if unit.starts_with('k') || unit == "级" || unit == "級" || unit == "급" {
        Some(amateur(-100.0 * f64::from(n) + 50.0))
    } else if unit.starts_with("p") || rest.contains("pro") {
        (n <= 9).then(|| pro(n))
    } else if unit.starts_with('d') || unit == "段" || unit == "단" {
        (n <= 9).then(|| amateur(100.0 * f64::from(n) - 50.0))
    } else {
        None
    }
}

/// The strongest grade a ladder shows: the federation's amateur scale stops at 9d (its list
/// goes up to 850), and professional start levels (650 + 30·N) sit on that same scale.
const TOP_DAN: i64 = 9;

/// Grade of a level: 0..99 = 1d, −100..−1 = 1k; 800 and above = 9d (the level keeps the
/// number).
pub fn grade(level: f64) -> String {
    if !level.is_finite() {
        return "?".into();
    }
    let g = (level / 100.0).floor();
    if g >= 0.0 {
        format!("{}d", (g as i64 + 1).min(TOP_DAN))
    } else {
        format!("{}k", -(g as i64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_to_levels() {
        assert_eq!(rank_level("3k"), Some(-250.0));
        assert_eq!(rank_level("2d"), Some(150.0));
        assert_eq!(rank_level("1k"), Some(-50.0));
        assert_eq!(rank_level("1d"), Some(50.0));
        assert_eq!(rank_level("9p"), Some(920.0));
        assert_eq!(rank_level("5 dan"), Some(450.0));
        assert_eq!(rank_level("12 Kyu"), Some(-1150.0));
        assert_eq!(rank_level("3段"), Some(250.0));
        assert_eq!(rank_level("4d?"), Some(350.0));
        assert_eq!(rank_level("pro"), None);
        // Fox and yenw professionals.
        assert_eq!(rank_level("P9段"), Some(920.0));
        assert_eq!(rank_level("P2段"), Some(710.0));
        assert_eq!(rank_level("P1"), Some(680.0));
        assert_eq!(rank_level("18级"), Some(-1750.0));
        assert_eq!(rank_level("P10段"), None);
        assert_eq!(rank_level("Px"), None);
        assert!(parse_rank("P3段").is_some_and(|r| r.professional));
        assert!(parse_rank("9段").is_some_and(|r| !r.professional));
        assert_eq!(rank_level("15d"), None);
        assert_eq!(rank_level(""), None);
    }

    #[test]
    fn grades() {
        assert_eq!(grade(0.0), "1d");
        assert_eq!(grade(99.0), "1d");
        assert_eq!(grade(-1.0), "1k");
        assert_eq!(grade(-100.0), "1k");
        assert_eq!(grade(-101.0), "2k");
        assert_eq!(grade(-15.0), "1k");
        assert_eq!(grade(150.0), "2d");
        assert_eq!(grade(-250.0), "3k");
        assert_eq!(grade(850.0), "9d");
        assert_eq!(grade(799.0), "8d");
        // Above the amateur scale (a strong player, a professional start level): still 9d.
        assert_eq!(grade(1150.0), "9d");
        assert_eq!(rank_level("9p").map(grade).as_deref(), Some("9d"));
        assert_eq!(rank_level("1p").map(grade).as_deref(), Some("7d"));
    }

    #[test]
    fn ladder_formats() {
        let id = Identity::default();
        let text = "# comment\nJean Dupont\t-250\nDUPONT Marie  -1500 - 0452000 31To FR\nMARTIN Paul  -9999 - 0452001 75Pa FR\nNOEL Ann NC\n";
        let l = LadderFile::parse(text, &id).unwrap_or_default();
        assert_eq!(l.get("jean dupont"), Some(Some(-250.0)));
        assert_eq!(l.get("dupont marie"), Some(Some(-1500.0)));
        assert_eq!(l.get("marie dupont"), Some(Some(-1500.0)));
        assert_eq!(l.get("martin paul"), Some(None));
        assert_eq!(l.get("noel ann"), Some(None));
        assert_eq!(l.get("nobody"), None);
        let err =
            LadderFile::parse("ok\t10\nbad line without level\n", &id).map_err(|e| e.to_string());
        assert!(err.is_err_and(|e| e.contains("line 2")));
        assert!(LadderFile::parse("x\tabc\n", &id).is_err());
    }

    #[test]
    fn ladder_names_follow_aliases() {
        let id = Identity::from_aliases(Some("JD\tJean Dupont\n")).unwrap_or_default();
        let l = LadderFile::parse("JD\t120\n", &id).unwrap_or_default();
        assert_eq!(l.get("jean dupont"), Some(Some(120.0)));
    }
}
