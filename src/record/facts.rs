//! Parsers for single game facts (`SZ`, `DT`, `RE`, `KM`, `RU`), tolerant of real-world forms.
//!
//! None of them panics; unreadable input gives `Err`/`None`/`Unknown`, never a guess.

use super::{GameDate, Komi, RecordedResult, ResultKind, RuleSet, Size, Winner};

/// Largest board side allowed by SGF FF\[4\].
const MAX_SIDE: i64 = 52;

/// Why an `SZ` value is not a board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeError {
    /// The raw `SZ` value.
    pub raw: String,
    /// What is wrong with it.
    pub problem: SizeProblem,
}

/// What is wrong with an `SZ` value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeProblem {
    /// A side (trimmed) that is not a whole number.
    NotANumber(String),
    /// A side outside 1..=52.
    OutOfRange(i64),
    /// More than `width:height`.
    MoreThanTwoSides,
}

impl std::fmt::Display for SizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SZ[{}]: ", self.raw)?;
        match &self.problem {
            SizeProblem::NotANumber(side) => write!(f, "{side:?} is not a number"),
            SizeProblem::OutOfRange(n) => write!(f, "side {n} is outside 1..={MAX_SIDE}"),
            SizeProblem::MoreThanTwoSides => f.write_str("more than two sides"),
        }
    }
}

impl std::error::Error for SizeError {}

/// Reads `SZ`: `"19"`, `"19:13"` (width 19, height 13), spaces allowed; sides must be 1..=52.
pub fn parse_size(raw: &str) -> Result<Size, SizeError> {
    let error = |problem| SizeError {
        raw: raw.to_string(),
        problem,
    };
    let side = |part: &str| -> Result<u8, SizeError> {
        let n: i64 = part
            .trim()
            .parse()
            .map_err(|_| error(SizeProblem::NotANumber(part.trim().to_string())))?;
        if !(1..=MAX_SIDE).contains(&n) {
            return Err(error(SizeProblem::OutOfRange(n)));
        }
        u8::try_from(n).map_err(|_| error(SizeProblem::OutOfRange(n)))
    };
    let mut parts = raw.split(':');
    let first = parts.next().unwrap_or("");
    let second = parts.next();
    if parts.next().is_some() {
        return Err(error(SizeProblem::MoreThanTwoSides));
    }
    let width = side(first)?;
    let height = match second {
        Some(h) => side(h)?,
        None => width,
    };
    Ok(Size { width, height })
}

/// A date with its precision: year, then optional month and day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ymd {
    y: u32,
    m: Option<u32>,
    d: Option<u32>,
}

impl Ymd {
    fn format(self) -> String {
        match (self.m, self.d) {
            (Some(m), Some(d)) => format!("{:04}-{m:02}-{d:02}", self.y),
            (Some(m), None) => format!("{:04}-{m:02}", self.y),
            _ => format!("{:04}", self.y),
        }
    }

    /// Checks month and day ranges (leap years included).
    fn valid(self) -> bool {
        if self.y == 0 {
            return false;
        }
        match (self.m, self.d) {
            (None, None) => true,
            (Some(m), None) => (1..=12).contains(&m),
            (Some(m), Some(d)) => (1..=12).contains(&m) && d >= 1 && d <= days_in_month(self.y, m),
            (None, Some(_)) => false,
        }
    }
}

fn days_in_month(y: u32, m: u32) -> u32 {
    match m {
        4 | 6 | 9 | 11 => 30,
        2 if (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400) => 29,
        2 => 28,
        _ => 31,
    }
}

fn num(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 8 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// One element of a `DT` list; `prev` resolves the SGF shortcuts (`07` after `1996-05-06`).
fn parse_date_element(element: &str, prev: Option<Ymd>) -> Option<Ymd> {
    // Chinese/Japanese dates: 2016年3月12日.
    let s = element.trim().replace(['年', '月'], "-").replace('日', "");
    // Keep the leading date part: stops before a time (`T16:19`, ` 20:46:58`) or any text.
    let end = s
        .find(|c: char| !(c.is_ascii_digit() || c == '-' || c == '.' || c == '/'))
        .unwrap_or(s.len());
    let head = &s[..end];
    let sep = head.chars().find(|c| matches!(c, '-' | '.' | '/'));
    let mut groups: Vec<&str> = head.split(['-', '.', '/']).collect();
    while groups.last().is_some_and(|g| g.is_empty()) {
        groups.pop();
    }
    if groups.is_empty() || groups.iter().any(|g| g.is_empty()) {
        return None;
    }
    let len = |i: usize| groups[i].len();
    let val = |i: usize| num(groups[i]);
    let date = match groups.len() {
        1 => match len(0) {
            4 => Ymd {
                y: val(0)?,
                m: None,
                d: None,
            },
            6 => Ymd {
                y: num(&groups[0][..4])?,
                m: num(&groups[0][4..])?.into(),
                d: None,
            },
            8 => Ymd {
                y: num(&groups[0][..4])?,
                m: num(&groups[0][4..6])?.into(),
                d: num(&groups[0][6..])?.into(),
            },
            1 | 2 => {
                // A shortcut: a day after a full date, a month after a year-month.
                let p = prev?;
                match (p.m, p.d) {
                    (Some(_), Some(_)) => Ymd { d: val(0), ..p },
                    (Some(_), None) => Ymd { m: val(0), ..p },
                    _ => return None,
                }
            }
            _ => return None,
        },
        2 => {
            if len(0) == 4 && len(1) <= 2 {
                Ymd {
                    y: val(0)?,
                    m: val(1),
                    d: None,
                }
            } else if len(0) <= 2 && len(1) == 4 {
                Ymd {
                    y: val(1)?,
                    m: val(0),
                    d: None,
                }
            } else if len(0) <= 2 && len(1) <= 2 {
                // `MM-DD` shortcut: same year as the previous date.
                Ymd {
                    y: prev?.y,
                    m: val(0),
                    d: val(1),
                }
            } else {
                return None;
            }
        }
        3 => {
            if len(0) == 4 && len(1) <= 2 && len(2) <= 2 {
                Ymd {
                    y: val(0)?,
                    m: val(1),
                    d: val(2),
                }
            } else if len(2) == 4 && len(0) <= 2 && len(1) <= 2 {
                let (a, b, y) = (val(0)?, val(1)?, val(2)?);
                if sep == Some('.') || a > 12 {
                    // `12.03.2016` is day-first (European usage); `25/3/2016` can only be.
                    Ymd {
                        y,
                        m: Some(b),
                        d: Some(a),
                    }
                } else if b > 12 {
                    Ymd {
                        y,
                        m: Some(a),
                        d: Some(b),
                    }
                } else {
                    // `3/4/2016`: day and month order unknown, keep the year only.
                    Ymd {
                        y,
                        m: None,
                        d: None,
                    }
                }
            } else {
                return None;
            }
        }
        _ => return None,
    };
    date.valid().then_some(date)
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// Free-text dates (`August 9, 2001`, `Sun Mar 12 10:00:00 GMT 2009`, `1600 onwards`).
fn parse_date_words(raw: &str) -> Option<Ymd> {
    let tokens: Vec<&str> = raw
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .collect();
    let y = tokens
        .iter()
        .find(|t| t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| num(t))?;
    let month_at = tokens.iter().position(|t| {
        let lower = t.to_ascii_lowercase();
        t.chars().all(|c| c.is_ascii_alphabetic())
            && lower.len() >= 3
            && MONTHS.iter().any(|m| lower.starts_with(m))
    });
    let Some(mi) = month_at else {
        return Some(Ymd {
            y,
            m: None,
            d: None,
        })
        .filter(|d| d.valid());
    };
    let lower = tokens[mi].to_ascii_lowercase();
    let m = MONTHS
        .iter()
        .position(|p| lower.starts_with(p))
        .map(|i| i as u32 + 1);
    // The day is the short number right after (or right before) the month name.
    let day_of = |t: &&str| {
        let digits = t.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        (digits.len() <= 2).then(|| num(digits)).flatten()
    };
    let d = tokens.get(mi + 1).and_then(day_of).or_else(|| {
        mi.checked_sub(1)
            .and_then(|i| tokens.get(i))
            .and_then(day_of)
    });
    let date = Ymd { y, m, d };
    if date.valid() {
        Some(date)
    } else {
        Some(Ymd { y, m, d: None }).filter(|d| d.valid())
    }
}

/// Reads `DT`: ISO dates, partial dates, multi-day lists with shortcuts, timestamps,
/// `2016.03.12`, `2016/3/12`, `20160312`, `2016年3月12日`, English month names.
pub fn parse_date(raw: &str) -> GameDate {
    let mut dates: Vec<Ymd> = Vec::new();
    for element in raw.split(',') {
        match parse_date_element(element, dates.last().copied()) {
            Some(d) => dates.push(d),
            // Past the first date, an unreadable element ends the list.
            None => break,
        }
    }
    // Free text only when there is text: `2016-13-01` stays unreadable, not "2016".
    if dates.is_empty()
        && raw.chars().any(char::is_alphabetic)
        && let Some(d) = parse_date_words(raw)
    {
        dates.push(d);
    }
    let first = dates.first().map(|d| d.format());
    let last = if dates.len() > 1 {
        dates.last().map(|d| d.format())
    } else {
        None
    };
    GameDate {
        first,
        last,
        raw: raw.to_string(),
    }
}

/// Reads a number at the start of `s`: `3.5`, `6,5`, `-.5`, `5 1/2`, `3又1/4`, `1/4`.
/// Returns the value and the number of bytes read.
fn leading_number(s: &str) -> Option<(f64, usize)> {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        i += 1;
    }
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut frac_end = i;
    if i < b.len() && (b[i] == b'.' || b[i] == b',') {
        let mut j = i + 1;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > i + 1 {
            frac_end = j;
        }
    }
    let has_digits =
        frac_end > int_start && s[int_start..frac_end].bytes().any(|c| c.is_ascii_digit());
    if !has_digits {
        return None;
    }
    let text = s[..frac_end].replace(',', ".");
    let text = if text.starts_with("-.") || text.starts_with("+.") || text.starts_with('.') {
        text.replacen('.', "0.", 1)
    } else {
        text
    };
    let mut value: f64 = text.parse().ok()?;
    let mut end = frac_end;
    // A fraction: `a/b` directly (the whole number was the numerator), or after a space/`又`.
    let rest = &s[end..];
    if let Some(r) = rest.strip_prefix('/') {
        if let Some((den, n)) = digits_prefix(r)
            && den > 0.0
            && frac_end == i
        {
            value /= den;
            end += 1 + n;
        }
    } else {
        let (skip, r) = if let Some(r) = rest.strip_prefix(' ') {
            (1, r)
        } else if let Some(r) = rest.strip_prefix('又') {
            ('又'.len_utf8(), r)
        } else {
            (0, rest)
        };
        if skip > 0
            && let Some((fraction, n)) = fraction(r)
        {
            let sign = if text.starts_with('-') { -1.0 } else { 1.0 };
            value += sign * fraction;
            end += skip + n;
        }
    }
    value.is_finite().then_some((value, end))
}

/// Reads `a/b` at the start of `s`: its value and length.
fn fraction(s: &str) -> Option<(f64, usize)> {
    let (numer, n1) = digits_prefix(s)?;
    let (den, n2) = digits_prefix(s[n1..].strip_prefix('/')?)?;
    (den > 0.0).then_some((numer / den, n1 + 1 + n2))
}

fn digits_prefix(s: &str) -> Option<(f64, usize)> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 || n > 9 {
        return None;
    }
    Some((s[..n].parse().ok()?, n))
}

/// Reads `RE`: `B+3.5`, `W+R`, `B+Time`, `0`/`Draw`/`Jigo`, `Void`, `?`, `B+`, free text such
/// as `White resigns.`, Chinese/Japanese/Korean results (`白胜43.5目`, `黑中盘胜`, `黑胜1/4子`).
///
/// A winner with a contradictory negative margin (`W+-.5`) gives `Unknown`: the record
/// disagrees with itself.
pub fn parse_result(raw: &str) -> RecordedResult {
    let s = raw.trim();
    let lower = s.to_lowercase();
    let unknown = || RecordedResult::new(raw, Winner::Unknown, None, None);
    match lower.as_str() {
        "" | "?" | "unknown" => return unknown(),
        "0" | "0.0" | "draw" | "jigo" | "d" | "=" | "d+j" | "d+0" => {
            return RecordedResult::new(raw, Winner::Draw, Some(ResultKind::Score), Some(0.0));
        }
        "void" | "no result" | "nr" => return RecordedResult::new(raw, Winner::Void, None, None),
        "b" => return RecordedResult::new(raw, Winner::Black, Some(ResultKind::Other), None),
        "w" => return RecordedResult::new(raw, Winner::White, Some(ResultKind::Other), None),
        _ => {}
    }
    if let Some(r) = cjk_result(raw, s) {
        return r;
    }
    let plus = lower
        .strip_prefix("b+")
        .map(|r| (Winner::Black, r))
        .or_else(|| lower.strip_prefix("w+").map(|r| (Winner::White, r)));
    if let Some((winner, rest)) = plus {
        let rest = rest.trim();
        if rest.is_empty() {
            return RecordedResult::new(raw, winner, Some(ResultKind::Other), None);
        }
        let word = rest
            .split(|c: char| !c.is_alphabetic())
            .next()
            .unwrap_or("");
        let kind = match word {
            "r" | "res" | "resign" | "resigned" | "resignation" => Some(ResultKind::Resign),
            "t" | "time" | "timeout" => Some(ResultKind::Time),
            "f" | "forfeit" => Some(ResultKind::Forfeit),
            _ => None,
        };
        if let Some(kind) = kind {
            return RecordedResult::new(raw, winner, Some(kind), None);
        }
        if let Some((margin, _)) = leading_number(rest) {
            if margin < 0.0 {
                return unknown();
            }
            // A winner by zero points is no count: Tygem and Fox write `W+0.0` for games
            // decided otherwise (resignation, time). Keep the winner, not a score.
            if margin == 0.0 {
                return RecordedResult::new(raw, winner, Some(ResultKind::Other), None);
            }
            return RecordedResult::new(raw, winner, Some(ResultKind::Score), Some(margin));
        }
        return RecordedResult::new(raw, winner, Some(ResultKind::Other), None);
    }
    // English sentences: "White resigns.", "Black wins by resignation", "W wins on time".
    let black_first = lower.starts_with("black") || lower.starts_with("b ");
    let white_first = lower.starts_with("white") || lower.starts_with("w ");
    if black_first || white_first {
        let named = if black_first {
            Winner::Black
        } else {
            Winner::White
        };
        let other = if black_first {
            Winner::White
        } else {
            Winner::Black
        };
        if lower.contains("resigns") || lower.contains("resigned") {
            return RecordedResult::new(raw, other, Some(ResultKind::Resign), None);
        }
        if lower.contains("win") || lower.contains("won") {
            let kind = if lower.contains("resign") {
                ResultKind::Resign
            } else if lower.contains("time") {
                ResultKind::Time
            } else if lower.contains("forfeit") {
                ResultKind::Forfeit
            } else {
                let margin = lower
                    .find(|c: char| c.is_ascii_digit())
                    .and_then(|i| leading_number(&lower[i..]))
                    .map(|(m, _)| m);
                if let Some(m) = margin {
                    return RecordedResult::new(raw, named, Some(ResultKind::Score), Some(m));
                }
                ResultKind::Other
            };
            return RecordedResult::new(raw, named, Some(kind), None);
        }
    }
    unknown()
}

/// Chinese, Japanese and Korean results; `None` when the text names no colour.
fn cjk_result(raw: &str, s: &str) -> Option<RecordedResult> {
    if ["和棋", "持碁", "무승부", "平局", "和局"]
        .iter()
        .any(|d| s.contains(d))
        || s == "和"
    {
        return Some(RecordedResult::new(
            raw,
            Winner::Draw,
            Some(ResultKind::Score),
            Some(0.0),
        ));
    }
    let black = s.find(['黑', '黒', '흑']);
    let white = s.find(['白', '백']);
    let winner = match (black, white) {
        (Some(b), Some(w)) if w < b => Winner::White,
        (Some(_), _) => Winner::Black,
        (None, Some(_)) => Winner::White,
        (None, None) => return None,
    };
    let wins = ["胜", "勝", "승"].iter().any(|w| s.contains(w));
    // Resignation (中盘 and its kin) is looked for first, then time (超时…).
    let ends: [(&[&str], ResultKind); 2] = [
        (&["中盘", "中盤", "中押", "불계"], ResultKind::Resign),
        (&["超时", "時間", "时间", "시간", "切れ"], ResultKind::Time),
    ];
    for (words, kind) in ends {
        if words.iter().any(|w| s.contains(w)) {
            return Some(RecordedResult::new(raw, winner, Some(kind), None));
        }
    }
    if !wins {
        return Some(RecordedResult::new(raw, Winner::Unknown, None, None));
    }
    // The margin: a number (or 半 = one half) in points (目, 집) or stones (子 = 2 points).
    let mut margin = s
        .char_indices()
        .find(|(_, c)| c.is_ascii_digit())
        .and_then(|(i, _)| leading_number(&s[i..]).map(|(v, n)| (v, i + n)))
        .map(|(v, end)| {
            // `3目半` and `3半`: a half after the number, with or without the unit.
            if s[end..]
                .trim_start_matches(['目', '子', '집'])
                .starts_with('半')
            {
                v + 0.5
            } else {
                v
            }
        });
    if margin.is_none() && s.contains('半') {
        margin = Some(0.5);
    }
    let margin = margin.map(|m| if s.contains('子') { m * 2.0 } else { m });
    Some(match margin {
        Some(m) if m >= 0.0 => RecordedResult::new(raw, winner, Some(ResultKind::Score), Some(m)),
        _ => RecordedResult::new(raw, winner, Some(ResultKind::Other), None),
    })
}

/// Reads `KM`, scaling Fox-style ×100/×50 values down (`650` → 6.5, `375` → 7.5).
///
/// A value is scaled when it is a whole number with |KM| ≥ 50 and dividing by 100 (tried
/// first) or by 50 gives a whole or half point within ±10 (±20 when `fox` is set, i.e. `AP`
/// names foxwq). `KM[6,5]` and `KM[5 1/2]` are read as 6.5 and 5.5.
pub fn parse_komi(raw: &str, fox: bool) -> Komi {
    let t = raw.trim();
    let value = leading_number(t).and_then(|(v, n)| t[n..].trim().is_empty().then_some(v));
    let Some(v) = value else {
        return Komi {
            value: None,
            raw: Some(raw.to_string()),
            scaled: false,
            in_stones: false,
        };
    };
    let limit = if fox { 20.0 } else { 10.0 };
    let half_point = |k: f64| (k * 2.0).fract() == 0.0 && k.abs() <= limit;
    let divisor = if v.fract() == 0.0 && v.abs() >= 50.0 {
        [100.0, 50.0].into_iter().find(|d| half_point(v / d))
    } else {
        None
    };
    Komi {
        value: Some(divisor.map_or(v, |d| v / d)),
        raw: Some(raw.to_string()),
        scaled: divisor.is_some(),
        in_stones: divisor == Some(50.0),
    }
}

impl Komi {
    /// A warning to record when the raw value was unusual (scaled, comma, fraction, unreadable).
    pub fn note(&self) -> Option<String> {
        let raw = self.raw.as_deref()?;
        match self.value {
            None if raw.trim().is_empty() => None,
            None => Some(format!("KM[{raw}] is not a number; komi unknown")),
            Some(v) if self.scaled => {
                Some(format!("KM[{raw}] read as {v} (Fox-style scaled komi)"))
            }
            Some(v) if raw.contains([',', '/']) => Some(format!("KM[{raw}] read as {v}")),
            Some(_) => None,
        }
    }
}

/// Reads `RU` case-insensitively. KataGo rule strings (`koSIMPLEscoreAREAtaxSEKIsui0`) map by
/// their scoring: area → Chinese, territory → Japanese. `BGA` maps to AGA (both area rules
/// with White passing last); `GOE` is Ing. Empty or unknown → `Unknown`.
pub fn parse_rules(raw: &str) -> RuleSet {
    let s = raw.trim().to_lowercase();
    if s.is_empty() {
        return RuleSet::Unknown;
    }
    if s.starts_with("ko") && s.contains("score") {
        if s.contains("scorearea") {
            return RuleSet::Chinese;
        }
        if s.contains("scoreterritory") {
            return RuleSet::Japanese;
        }
        return RuleSet::Unknown;
    }
    let compact: String = s.chars().filter(|c| c.is_alphanumeric()).collect();
    let exact = |names: &[&str]| names.contains(&compact.as_str());
    let has = |names: &[&str]| names.iter().any(|n| s.contains(n));
    if exact(&["fr", "ffg"]) || has(&["french", "fran"]) {
        RuleSet::French
    } else if exact(&["jp", "ja", "jpn", "j"]) || has(&["japan", "日本"]) {
        RuleSet::Japanese
    } else if exact(&["kr", "ko", "kor"]) || has(&["korea", "韩国", "韓国", "한국"]) {
        RuleSet::Korean
    } else if exact(&["nz"]) || has(&["new zealand", "newzealand"]) {
        RuleSet::Nz
    } else if compact.starts_with("tt") || has(&["tromp"]) {
        RuleSet::TrompTaylor
    } else if exact(&["ing", "goe", "sst"]) || has(&["ing ", "ing'", "应氏", "應氏"]) {
        RuleSet::Ing
    } else if exact(&["aga", "bga", "american", "british"]) || has(&["aga ", "american"]) {
        RuleSet::Aga
    } else if exact(&["cn", "chn", "zh"]) || has(&["chinese", "china", "中国", "中國"]) {
        RuleSet::Chinese
    } else {
        RuleSet::Unknown
    }
}

#[cfg(test)]
mod tests;
