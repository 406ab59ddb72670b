//! The new ladder in the federation's own list format (`--format ffg`).
//!
//! The base is the list read as `--ladder` (else an empty list in the 2024 layout): every row
//! is kept as it was, the rows of players rated in this run get their new level, and the
//! players rated who have no row are merged in the federation's order as new rows: status
//! `-`, their licence if the alias file gives one (else `-------`), club `XXXX` (the list's
//! placeholder) and country `XX` in the 2024 layout. The first engine's ladder is written.
//!
//! Levels are written as integers, rounded to the nearest (half away from zero); the 1984
//! ladder with `--rounding trunc` only ever makes integers from integers. The header's date
//! is `--ladder-date`, else the last rated game's; with no game the header is kept as read.

use super::error::{FfgOutputError, RateError};
use super::events::DateKey;
use super::report::RateReport;
use crate::federation::{LadderList, Layout, ListDate, Row, Status, WriteError, WriteProblem};

/// The widest name the list's column holds with a blank before the level.
const NAME_MAX: usize = 37;

/// `SURNAME First_name` of a record's name: the surname is its words written in capitals at
/// either end (`MARCHAND Élodie`, `Élodie MARCHAND`), else its last word (`Élodie Marchand`);
/// blanks inside a part become `_`.
pub fn list_name(name: &str) -> Result<String, FfgOutputError> {
    let words: Vec<&str> = name.split_whitespace().collect();
    if words.len() < 2 {
        return Err(FfgOutputError::OnePart(name.to_string()));
    }
    let capitals = |w: &&&str| {
        w.chars().filter(|c| c.is_alphabetic()).count() >= 2 && !w.chars().any(char::is_lowercase)
    };
    let lead = words.iter().take_while(capitals).count();
    let trail = words.iter().rev().take_while(capitals).count();
    let (surname, first): (Vec<&str>, Vec<&str>) = if lead > 0 && lead < words.len() {
        (words[..lead].to_vec(), words[lead..].to_vec())
    } else if trail > 0 && trail < words.len() {
        let cut = words.len() - trail;
        (words[cut..].to_vec(), words[..cut].to_vec())
    } else {
        let cut = words.len() - 1;
        (words[cut..].to_vec(), words[..cut].to_vec())
    };
    let out = format!("{} {}", surname.join("_").to_uppercase(), first.join("_"));
    if out.chars().count() > NAME_MAX {
        return Err(FfgOutputError::TooLong(out));
    }
    Ok(out)
}

/// [`list_name`], checked now so that the error names the player as the records do.
fn latin1_name(name: &str) -> Result<String, FfgOutputError> {
    let out = list_name(name)?;
    match crate::federation::text::encode_latin1(&out) {
        Ok(_) => Ok(out),
        Err(c) => Err(FfgOutputError::Write(WriteError {
            name: name.to_string(),
            problem: WriteProblem::NotLatin1(c),
        })),
    }
}

/// A level as the list writes it, or the error naming the player.
fn list_level(name: &str, level: f64) -> Result<i32, FfgOutputError> {
    let r = level.round();
    // -9999 means unrated: a rated level must stay above it.
    if r.is_finite() && (-9998.0..=99999.0).contains(&r) {
        Ok(r as i32)
    } else {
        Err(FfgOutputError::Level(
            name.to_string(),
            if r.is_finite() { r as i64 } else { 0 },
        ))
    }
}

impl RateReport {
    /// The last rated game's date as a list date; `None` when no game is dated.
    fn last_game_date(&self) -> Result<Option<ListDate>, FfgOutputError> {
        let last = self
            .events
            .iter()
            .filter_map(|e| e.date.as_deref())
            .filter_map(|d| DateKey::parse(d).map(|k| (k, d)))
            .max_by_key(|(k, _)| *k);
        let Some((k, raw)) = last else {
            return Ok(None);
        };
        u16::try_from(k.year)
            .ok()
            .and_then(|y| ListDate::new(y, k.month, k.day))
            .map(Some)
            .ok_or_else(|| FfgOutputError::PartialDate(raw.to_string()))
    }

    /// The new ladder as the federation's list, in ISO-8859-1 (see the module doc).
    pub fn ffg_list(&self, date: Option<ListDate>) -> Result<Vec<u8>, RateError> {
        self.ffg_list_of(date).map_err(RateError::FfgOutput)
    }

    fn ffg_list_of(&self, date: Option<ListDate>) -> Result<Vec<u8>, FfgOutputError> {
        let date = match date {
            Some(d) => Some(d),
            None => self.last_game_date()?,
        };
        let mut list = match (&self.list, date) {
            (Some(l), _) => l.clone(),
            (None, Some(d)) => LadderList::empty(d),
            (None, None) => return Err(FfgOutputError::NoDate),
        };
        if let Some(d) = date {
            list.set_date(d);
        }
        let layout = list.layout();
        let mut new = Vec::new();
        for row in self.engines.first().map_or(&[][..], |e| &e.ladder[..]) {
            let Some(p) = self.players.get(row.player) else {
                continue;
            };
            let level = list_level(&p.name, row.level)?;
            match p.row {
                Some(i) => list.set_level(i, Some(level)),
                None => new.push(Row {
                    name: latin1_name(&p.name)?,
                    level: Some(level),
                    status: Status::Unlicensed,
                    licence: p.licence.clone(),
                    club: Some("XXXX".into()),
                    country: (layout == Layout::Country).then(|| "XX".into()),
                }),
            }
        }
        list.insert_all(new);
        list.to_latin1().map_err(FfgOutputError::Write)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_names_become_surname_first() {
        let ok = |n: &str| list_name(n).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ok("Élodie Marchand"), "MARCHAND Élodie");
        assert_eq!(ok("MARCHAND Élodie"), "MARCHAND Élodie");
        assert_eq!(ok("Élodie MARCHAND"), "MARCHAND Élodie");
        assert_eq!(ok("Jean Pierre DE MASSIAS"), "DE_MASSIAS Jean_Pierre");
        assert_eq!(ok("Zoë Garcia-Muñoz"), "GARCIA-MUÑOZ Zoë");
        assert_eq!(ok("J. Dupont"), "DUPONT J.");
        assert_eq!(
            list_name("Shusaku"),
            Err(FfgOutputError::OnePart("Shusaku".into()))
        );
        assert!(matches!(
            list_name("Maximilian Alexander Christopher Wolfgang Sebastian"),
            Err(FfgOutputError::TooLong(_))
        ));
    }

    #[test]
    fn levels_round_to_the_nearest_integer_within_the_column() {
        assert_eq!(list_level("a", -1234.5), Ok(-1235));
        assert_eq!(list_level("a", 99.4), Ok(99));
        assert_eq!(list_level("a", -9998.0), Ok(-9998));
        assert_eq!(
            list_level("a", -9999.0),
            Err(FfgOutputError::Level("a".into(), -9999))
        );
        assert!(list_level("a", f64::NAN).is_err());
        assert!(list_level("a", 100_000.0).is_err());
    }
}
