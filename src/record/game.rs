//! One game from its root: game-info properties read into facts, the main line attached.
//!
//! Game info comes from the root (and Fox's second node), the first value of a property
//! kept; each value is read by the tolerant parsers of `facts`, and client quirks (Fox and
//! YuanYu komi and results) are settled here, each with a warning. It neither parses text
//! (see `parse`) nor walks the moves (see `main_line`).

use super::facts::{parse_date, parse_komi, parse_result, parse_rules, parse_size};
use super::main_line::{main_line, territory};
use super::{
    GameFacts, GameRecord, Player, RecordError, RecordErrorKind, RecordedResult, RuleSet,
    RulesInfo, Size, Winner,
};
use sgf_parse::SgfNode;
use sgf_parse::go::Prop;

/// Game-info properties read from the root (or Fox's second node); `TC`/`TT` (Fox's
/// byo-yomi periods and their time) only to recognise Fox's records.
const INFO: [&str; 17] = [
    "SZ", "PB", "BR", "PW", "WR", "DT", "EV", "RO", "PC", "RU", "KM", "HA", "RE", "AP", "GM", "TC",
    "TT",
];

/// The identifier and raw value of a game-info property, if `p` is one.
fn info_raw(p: &Prop) -> Option<(&'static str, String)> {
    let (id, raw) = match p {
        Prop::SZ((w, h)) if w == h => ("SZ", w.to_string()),
        Prop::SZ((w, h)) => ("SZ", format!("{w}:{h}")),
        Prop::PB(t) => ("PB", t.text.clone()),
        Prop::BR(t) => ("BR", t.text.clone()),
        Prop::PW(t) => ("PW", t.text.clone()),
        Prop::WR(t) => ("WR", t.text.clone()),
        Prop::DT(t) => ("DT", t.text.clone()),
        Prop::EV(t) => ("EV", t.text.clone()),
        Prop::RO(t) => ("RO", t.text.clone()),
        Prop::PC(t) => ("PC", t.text.clone()),
        Prop::RU(t) => ("RU", t.text.clone()),
        Prop::RE(t) => ("RE", t.text.clone()),
        Prop::KM(v) => ("KM", v.to_string()),
        Prop::HA(v) => ("HA", v.to_string()),
        Prop::GM(v) => ("GM", v.to_string()),
        Prop::AP((a, b)) => ("AP", format!("{}:{}", a.text, b.text)),
        // `HA[0]`, `KM[6,5]`, `AP[foxwq]`, `SZ[-10]` come back invalid: keep the raw text.
        Prop::Invalid(id, values) | Prop::Unknown(id, values) => {
            let id = INFO.iter().find(|k| **k == id.as_str())?;
            (*id, values.join(","))
        }
        _ => return None,
    };
    Some((id, raw))
}

/// Game-info values of the root (first occurrence), with all `AP` values for Fox detection.
#[derive(Default)]
struct Info {
    values: Vec<(&'static str, String)>,
    applications: Vec<String>,
}

impl Info {
    fn get(&self, id: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(k, _)| *k == id)
            .map(|(_, v)| v.as_str())
    }

    /// Adds the game info of `node` for ids not known yet; repeats within a node are warned.
    fn add(&mut self, node: &SgfNode<Prop>, warnings: &mut Vec<String>) {
        let mut seen: Vec<&'static str> = Vec::new();
        let before: Vec<&'static str> = self.values.iter().map(|(k, _)| *k).collect();
        for p in &node.properties {
            let Some((id, raw)) = info_raw(p) else {
                continue;
            };
            if id == "AP" {
                self.applications.push(raw.clone());
            }
            if seen.contains(&id) {
                warnings.push(format!("duplicated {id}[{raw}] ignored (first value kept)"));
                continue;
            }
            seen.push(id);
            if !before.contains(&id) {
                self.values.push((id, raw));
            }
        }
    }
}

/// Whether a record was written by Fox (foxwq): `AP[foxwq]`, or, in its records before
/// 2017 that lack it, `AP[GNU Go:3.8]` beside Fox's byo-yomi properties `TC` and `TT`,
/// which GNU Go itself never writes (KGS, Tygem and YuanYu write `TC`/`TT` without it).
fn is_fox(info: &Info) -> bool {
    let apps = || info.applications.iter().map(|a| a.to_ascii_lowercase());
    apps().any(|a| a.contains("fox"))
        || (apps().any(|a| a.starts_with("gnu go"))
            && info.get("TC").is_some()
            && info.get("TT").is_some())
}

fn text_opt(v: Option<&str>) -> Option<String> {
    v.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

fn has_move(node: &SgfNode<Prop>) -> bool {
    node.properties.iter().any(|p| {
        matches!(p, Prop::B(_) | Prop::W(_))
            || matches!(p, Prop::Invalid(id, _) if id == "B" || id == "W")
    })
}

/// Builds one game from its root node.
pub(super) fn build_game(
    root: &SgfNode<Prop>,
    label: &str,
    repaired: bool,
    file_warnings: &[String],
) -> Result<GameRecord, RecordError> {
    let mut warnings: Vec<String> = file_warnings.to_vec();
    let nodes: Vec<&SgfNode<Prop>> = root.main_variation().collect();

    let mut info = Info::default();
    info.add(root, &mut warnings);
    // Fox (and some editors) put game info in the second node, before any move.
    if let Some(second) = nodes.get(1)
        && !has_move(root)
    {
        info.add(second, &mut warnings);
    }

    let size_raw = info.get("SZ").map(str::to_string);
    let size = size_of(size_raw.as_deref(), label)?;
    let fox = is_fox(&info);
    let mut komi = komi_of(&info, fox, &mut warnings);
    let (handicap_declared, handicap_raw) = handicap_of(&info, &mut warnings);
    zero_komi_is_none(&mut komi, &info, fox, handicap_declared, &mut warnings);
    let date = date_of(&info, &mut warnings);
    let rules = rules_of(&info, &mut warnings);
    let result = result_of(&info, fox, &komi, handicap_declared, &mut warnings);
    let steps = main_line(&nodes, size, &mut warnings);
    let (territory_black, territory_white) = territory(nodes.last().copied(), size);

    Ok(GameRecord {
        facts: GameFacts {
            size,
            black: Player {
                name: text_opt(info.get("PB")),
                rank: text_opt(info.get("BR")),
            },
            white: Player {
                name: text_opt(info.get("PW")),
                rank: text_opt(info.get("WR")),
            },
            date,
            event: text_opt(info.get("EV")),
            round: text_opt(info.get("RO")),
            place: text_opt(info.get("PC")),
            rules,
            komi,
        },
        size_raw,
        handicap_declared,
        handicap_raw,
        result,
        steps,
        territory_black,
        territory_white,
        application: info.get("AP").map(str::to_string),
        repaired,
        warnings,
    })
}

/// The board size: `SZ`, else 19x19.
fn size_of(raw: Option<&str>, label: &str) -> Result<Size, RecordError> {
    match raw {
        None => Ok(Size {
            width: 19,
            height: 19,
        }),
        Some(raw) => parse_size(raw).map_err(|e| {
            RecordError::new(
                RecordErrorKind::InvalidSize,
                format!("{label}: invalid size: {e}"),
            )
        }),
    }
}

/// `HA` as a whole number, or its raw text when it is none (with a warning).
fn handicap_of(info: &Info, warnings: &mut Vec<String>) -> (Option<i64>, Option<String>) {
    match info.get("HA") {
        None => (None, None),
        Some(raw) => match raw.trim().parse::<i64>() {
            Ok(n) => (Some(n), None),
            Err(_) => {
                warnings.push(format!("HA[{raw}] is not a whole number; ignored"));
                (None, Some(raw.to_string()))
            }
        },
    }
}

/// `KM`, scaled as the server wrote it.
fn komi_of(info: &Info, fox: bool, warnings: &mut Vec<String>) -> super::Komi {
    let komi = match info.get("KM") {
        Some(raw) => parse_komi(raw, fox),
        None => super::Komi {
            value: None,
            raw: None,
            scaled: false,
            in_stones: false,
        },
    };
    if let Some(note) = komi.note() {
        warnings.push(note);
    }
    komi
}

/// YuanYu (a Chinese server client) and Fox write `KM[0]` in even games whatever the komi
/// was: their recorded scores fit the server's komi (6.5 under Japanese rules), not zero.
/// Such a zero is no komi: the rules' default applies, with a warning.
fn zero_komi_is_none(
    komi: &mut super::Komi,
    info: &Info,
    fox: bool,
    handicap: Option<i64>,
    warnings: &mut Vec<String>,
) {
    let yuanyu = info
        .applications
        .iter()
        .any(|a| a.to_ascii_lowercase().contains("yuanyu"));
    if (yuanyu || fox) && komi.value == Some(0.0) && handicap.is_none_or(|h| h <= 1) {
        komi.value = None;
        let client = if fox { "Fox" } else { "YuanYu" };
        warnings.push(format!(
            "KM[0] in a {client} even game: its records write 0 whatever the komi; \
             the rules' default komi is used"
        ));
    }
}

/// `DT`, with a warning when no day, month or year can be read from it.
fn date_of(info: &Info, warnings: &mut Vec<String>) -> Option<super::GameDate> {
    let date = info.get("DT").map(parse_date);
    if let Some(d) = &date
        && d.first.is_none()
        && !d.raw.trim().is_empty()
    {
        warnings.push(format!("DT[{}] is not a readable date", d.raw));
    }
    date
}

/// `RU`, with a warning for a ruleset it does not know.
fn rules_of(info: &Info, warnings: &mut Vec<String>) -> RulesInfo {
    match info.get("RU") {
        Some(raw) => {
            let name = parse_rules(raw);
            if name == RuleSet::Unknown && !raw.trim().is_empty() {
                warnings.push(format!("RU[{raw}] is not a known ruleset"));
            }
            RulesInfo {
                name,
                raw: Some(raw.to_string()),
            }
        }
        None => RulesInfo {
            name: RuleSet::Unknown,
            raw: None,
        },
    }
}

/// `RE`, read as the server meant it: Fox's `draw` in an even half-point game is void, and
/// a margin in stones (komi ×50) is doubled to points.
fn result_of(
    info: &Info,
    fox: bool,
    komi: &super::Komi,
    handicap: Option<i64>,
    warnings: &mut Vec<String>,
) -> RecordedResult {
    let mut result = match info.get("RE") {
        Some(raw) => parse_result(raw),
        None => RecordedResult {
            raw: None,
            winner: Winner::Unknown,
            kind: None,
            margin: None,
        },
    };
    // Fox writes `draw` for a game annulled without a count (its pro handicap and teaching
    // games, aborted games): in an even game its komi has a half point, so no count can end
    // equal. Such a game is void, not a jigo.
    let half_point_komi = komi.value.is_none_or(|k| (k * 2.0).rem_euclid(2.0) == 1.0);
    if fox && result.winner == Winner::Draw && handicap.is_none_or(|h| h <= 1) && half_point_komi {
        warnings.push(format!(
            "RE[{}] in a Fox even game with a half-point komi cannot be a count: read as void (annulled)",
            result.raw.as_deref().unwrap_or_default()
        ));
        result = RecordedResult {
            raw: result.raw.take(),
            winner: Winner::Void,
            kind: None,
            margin: None,
        };
    }
    // Komi written ×50 (`KM[375]`) is Fox's Chinese count in stones (zi, 子: half the
    // points), and so is its result: `B+0.75` is Black by 1.5 points.
    if komi.in_stones
        && let Some(m) = result.margin.as_mut()
    {
        *m *= 2.0;
        warnings.push(format!(
            "RE[{}] read as a margin of {m} points (a Chinese count in stones, as KM)",
            result.raw.as_deref().unwrap_or_default()
        ));
    }
    result
}

#[cfg(test)]
mod tests {
    use crate::board::Color;
    use crate::record::testing::{has_warning, mv, one, parse, pt};
    use crate::record::{MoveAt, ResultKind, RuleSet, Size, Winner};

    #[test]
    fn facts_from_root() {
        let g = one(
            "(;GM[1]FF[4]SZ[19:13]PB[ Alice ]BR[3k]PW[]WR[2d]DT[2016-03-12]EV[Cup]RO[2]PC[Paris]\
             RU[French]KM[7.5]RE[B+3.5]AP[Test:1];B[aa];W[bb])",
        );
        assert_eq!(
            g.facts.size,
            Size {
                width: 19,
                height: 13
            }
        );
        assert_eq!(g.size_raw.as_deref(), Some("19:13"));
        assert_eq!(g.facts.black.name.as_deref(), Some("Alice"));
        assert_eq!(g.facts.black.rank.as_deref(), Some("3k"));
        assert_eq!(g.facts.white.name, None);
        assert_eq!(g.facts.white.rank.as_deref(), Some("2d"));
        assert_eq!(
            g.facts.date.as_ref().and_then(|d| d.first.as_deref()),
            Some("2016-03-12")
        );
        assert_eq!(g.facts.event.as_deref(), Some("Cup"));
        assert_eq!(g.facts.round.as_deref(), Some("2"));
        assert_eq!(g.facts.place.as_deref(), Some("Paris"));
        assert_eq!(g.facts.rules.name, RuleSet::French);
        assert_eq!(g.facts.komi.value, Some(7.5));
        assert_eq!(g.result.winner, Winner::Black);
        assert_eq!(g.application.as_deref(), Some("Test:1"));
        assert!(!g.repaired);
        assert_eq!(g.steps.len(), 2);
    }

    #[test]
    fn fox_chinese_results_in_stones_are_doubled() {
        let g = one("(;GM[1]AP[foxwq]KM[375]RU[Chinese]RE[B+0.75];B[pd];W[dd])");
        assert_eq!(g.facts.komi.value, Some(7.5));
        assert_eq!(g.result.margin, Some(1.5));
        assert!(has_warning(&g, "in stones"));
        // Komi ×100 (`KM[650]`) is in points, and so is the result.
        let g = one("(;GM[1]AP[foxwq]KM[650]RU[Japanese]RE[W+2.5];B[pd];W[dd])");
        assert_eq!(g.result.margin, Some(2.5));
        let g = one("(;GM[1]AP[foxwq]KM[0]HA[0]RU[Japanese]RE[W+0.5];B[pd];W[dd])");
        assert_eq!(g.facts.komi.value, None);
        assert!(has_warning(&g, "Fox even game"));
    }

    #[test]
    fn fox_records_without_foxwq_are_recognised_by_their_byo_yomi() {
        // Fox's records before 2017: `AP[GNU Go:3.8]` only, with its TC/TT byo-yomi.
        let old = "(;GM[1]FF[4]SZ[19]KM[0]HA[0]RU[Japanese]AP[GNU Go:3.8]RE[W+3.5]\
                   TM[1200]TC[3]TT[30];B[pd];W[dd])";
        let g = one(old);
        assert_eq!(g.facts.komi.value, None);
        assert!(has_warning(&g, "Fox even game"), "{:?}", g.warnings);
        // GNU Go's own records (no TC/TT) and other clients' TC/TT keep their zero.
        let g = one("(;GM[1]KM[0]HA[0]AP[GNU Go:3.8]RE[W+3.5];B[pd];W[dd])");
        assert_eq!(g.facts.komi.value, Some(0.0));
        let g = one("(;GM[1]KM[0]AP[CGoban:3]TC[3]TT[30]RE[W+3.5];B[pd];W[dd])");
        assert_eq!(g.facts.komi.value, Some(0.0));
        // A Fox handicap game's zero is its komi.
        let g = one("(;GM[1]KM[0]HA[2]AP[GNU Go:3.8]TC[3]TT[30];AB[pd][dp];W[dd])");
        assert_eq!(g.facts.komi.value, Some(0.0));
    }

    #[test]
    fn a_fox_draw_in_an_even_game_is_void() {
        let g = one("(;GM[1]AP[foxwq]KM[0]HA[0]RU[Japanese]RE[draw];B[pd];W[dd])");
        assert_eq!(g.result.winner, Winner::Void);
        assert_eq!(g.result.kind, None);
        assert_eq!(g.result.raw.as_deref(), Some("draw"));
        assert!(has_warning(&g, "read as void"), "{:?}", g.warnings);
        // A handicap game with komi 0 can end equal; other clients' draws stay draws.
        let g = one("(;GM[1]AP[foxwq]KM[0]HA[3]RE[draw];AB[dd][pd][dp];W[pp])");
        assert_eq!(g.result.winner, Winner::Draw);
        let g = one("(;GM[1]AP[CGoban:3]KM[6.5]RE[0];B[pd])");
        assert_eq!(g.result.winner, Winner::Draw);
    }

    #[test]
    fn yuanyu_zero_komi_in_an_even_game_is_no_komi() {
        let g = one("(;GM[1]AP[YuanYu]KM[0]HA[0]RU[Japanese]RE[W+3.5];B[pd];W[dd])");
        assert_eq!(g.facts.komi.value, None);
        assert_eq!(g.facts.komi.raw.as_deref(), Some("0"));
        assert!(has_warning(&g, "YuanYu"));
        // In a handicap game, or from another program, zero is taken at its word.
        let g = one("(;GM[1]AP[YuanYu]KM[0]HA[2]AB[dd][pp];W[pd])");
        assert_eq!(g.facts.komi.value, Some(0.0));
        let g = one("(;GM[1]AP[CGoban:3]KM[0];B[pd])");
        assert_eq!(g.facts.komi.value, Some(0.0));
        assert!(!has_warning(&g, "YuanYu"));
    }

    #[test]
    fn defaults_when_absent() {
        let g = one("(;B[dd])");
        assert_eq!(
            g.facts.size,
            Size {
                width: 19,
                height: 19
            }
        );
        assert_eq!(g.size_raw, None);
        assert_eq!(g.facts.komi.value, None);
        assert_eq!(g.facts.date, None);
        assert_eq!(g.facts.rules.name, RuleSet::Unknown);
        assert_eq!(g.result.kind, None);
        assert_eq!(g.steps, vec![mv(Color::Black, MoveAt::Point(pt(3, 3)))]);
    }

    #[test]
    fn invalid_ha_and_km_read_raw() {
        let g = one("(;HA[0]KM[6,5];B[dd])");
        assert_eq!(g.handicap_declared, Some(0));
        assert_eq!(g.facts.komi.value, Some(6.5));
        assert!(has_warning(&g, "KM[6,5] read as 6.5"), "{:?}", g.warnings);
        let g = one("(;HA[7.5];B[dd])");
        assert_eq!(g.handicap_declared, None);
        assert_eq!(g.handicap_raw.as_deref(), Some("7.5"));
        assert!(has_warning(&g, "HA[7.5]"));
    }

    #[test]
    fn invalid_size_is_a_game_error() {
        for sz in ["-10", "0", "53", "10:53", "x"] {
            let file = parse(&format!("(;SZ[{sz}];B[aa])"));
            let Some(Err(e)) = file.games.first() else {
                panic!("SZ[{sz}] accepted");
            };
            assert_eq!(e.kind.as_str(), "invalid-size");
            assert!(e.message.contains(sz), "{}", e.message);
        }
    }

    #[test]
    fn fox_missing_paren_and_duplicates() {
        let text = ";GM[1]FF[4]SZ[19]KM[650]HA[0]AP[GNU Go:3.8]RE[B+2.25]AP[foxwq]\
                    ;B[pd];W[dd])";
        let file = parse(text);
        assert!(
            file.warnings.iter().any(|w| w.contains("'('")),
            "{:?}",
            file.warnings
        );
        let Some(Ok(g)) = file.games.first() else {
            panic!("{:?}", file.games)
        };
        assert!(g.repaired);
        assert_eq!(g.facts.komi.value, Some(6.5));
        assert!(g.facts.komi.scaled);
        assert_eq!(g.application.as_deref(), Some("GNU Go:3.8"));
        assert!(has_warning(g, "duplicated AP[foxwq]"));
        assert_eq!(g.result.margin, Some(2.25));
        assert_eq!(g.handicap_declared, Some(0));
        assert_eq!(g.steps.len(), 2);
    }

    #[test]
    fn fox_game_info_in_second_node() {
        let g = one("(;GM[1]SZ[19];AB[pd][dp]HA[2]KM[0];W[pp])");
        assert_eq!(g.handicap_declared, Some(2));
        assert_eq!(g.facts.komi.value, Some(0.0));
    }

    #[test]
    fn results_flow_through() {
        let g = one("(;RE[W+Resign])");
        assert_eq!(g.result.kind, Some(ResultKind::Resign));
        assert!(g.steps.is_empty());
    }
}
