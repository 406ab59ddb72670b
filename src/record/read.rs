//! From SGF text to `GameRecord`s: strict parse, repairs, lenient fallback, main-line walk.

use super::facts::{parse_date, parse_komi, parse_result, parse_rules, parse_size};
use super::{
    GameRecord, MoveAt, ParseLimits, ParsedFile, Player, RecordError, RecordedResult, RuleSet,
    RulesInfo, Size, Step, Winner,
};
use crate::board::{Color, Point};
use sgf_parse::go::{Move, Prop};
use sgf_parse::{GameTree, ParseOptions, SgfNode, SgfProp};

/// Game-info properties read from the root (or Fox's second node).
const INFO: [&str; 15] = [
    "SZ", "PB", "BR", "PW", "WR", "DT", "EV", "RO", "PC", "RU", "KM", "HA", "RE", "AP", "GM",
];

/// Counts of a text scanned outside property values.
#[derive(Debug, Default, Clone, Copy)]
struct Scan {
    /// `;` outside values: the number of nodes the text declares.
    nodes: usize,
    /// `(` minus `)` outside values, at the end of the text.
    balance: i64,
}

/// Scans SGF text without building anything (bytes: ASCII never occurs inside UTF-8 sequences).
fn scan(text: &str) -> Scan {
    let mut s = Scan::default();
    let mut in_value = false;
    let mut escaped = false;
    for b in text.bytes() {
        if in_value {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b']' {
                in_value = false;
            }
            continue;
        }
        match b {
            b'[' => in_value = true,
            b';' => s.nodes += 1,
            b'(' => s.balance += 1,
            b')' => s.balance -= 1,
            _ => {}
        }
    }
    s
}

/// Where the first game tree starts: the first `(` followed by `;` (prose before a game may
/// hold parentheses), else the first `(`.
fn game_start(text: &str) -> Option<usize> {
    text.match_indices('(')
        .map(|(i, _)| i)
        .find(|&i| text[i + 1..].trim_start().starts_with(';'))
        .or_else(|| text.find('('))
}

/// Applies the known repairs; returns the repaired text and one warning per repair.
fn repair(text: &str) -> (String, Vec<String>) {
    let mut warnings = Vec::new();
    let mut t = text;
    if let Some(rest) = t.strip_prefix('\u{feff}') {
        warnings.push("byte-order mark removed".to_string());
        t = rest;
    }
    let trimmed_end = t.trim_end_matches(|c: char| c == '\u{1a}' || c == '\0' || c.is_whitespace());
    if trimmed_end.len() < t.trim_end().len() {
        warnings.push("trailing Ctrl-Z/NUL bytes removed".to_string());
    }
    t = trimmed_end;
    let start = t.trim_start();
    let mut out = String::with_capacity(t.len() + 2);
    if start.starts_with('(') {
        out.push_str(start);
    } else if start.starts_with(';') {
        // Fox files start with `;GM[1]`, without the outer parenthesis.
        warnings.push("missing outer '(' added".to_string());
        out.push('(');
        out.push_str(start);
    } else {
        match (game_start(start), start.find(';')) {
            (Some(p), _) => {
                warnings.push(format!("{p} bytes of leading junk before '(' removed"));
                out.push_str(&start[p..]);
            }
            (None, Some(p)) => {
                warnings.push(format!(
                    "{p} bytes of leading junk removed, outer '(' added"
                ));
                out.push('(');
                out.push_str(&start[p..]);
            }
            (None, None) => out.push_str(start),
        }
    }
    let balance = scan(&out).balance;
    if balance > 0 && balance <= 64 {
        warnings.push(format!("{balance} missing ')' added at the end"));
        for _ in 0..balance {
            out.push(')');
        }
    }
    (out, warnings)
}

/// Drops a tree without recursion: the derived `Drop` recurses once per node and a
/// 100,000-move main line would need a very deep stack.
fn dismantle<P: SgfProp>(root: SgfNode<P>) {
    let mut stack = vec![root];
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

fn dismantle_all(trees: Vec<GameTree>) {
    for tree in trees {
        match tree {
            GameTree::GoGame(n) => dismantle(n),
            GameTree::Unknown(n) => dismantle(n),
        }
    }
}

/// Number of nodes in a tree, counted without recursion.
fn count_nodes<P: SgfProp>(root: &SgfNode<P>) -> usize {
    let mut n = 0;
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        n += 1;
        stack.extend(node.children.iter());
    }
    n
}

fn tree_nodes(tree: &GameTree) -> usize {
    match tree {
        GameTree::GoGame(n) => count_nodes(n),
        GameTree::Unknown(n) => count_nodes(n),
    }
}

fn tree_is_empty(tree: &GameTree) -> bool {
    match tree {
        GameTree::GoGame(n) => n.properties.is_empty() && n.children.is_empty(),
        GameTree::Unknown(n) => n.properties.is_empty() && n.children.is_empty(),
    }
}

fn parse_error(kind: &'static str, message: String) -> RecordError {
    RecordError { kind, message }
}

/// Parses one SGF text (already decoded) into its games.
///
/// `Err` means the file as a whole could not be read (one error record for the file); a
/// game that cannot be read is an `Err` entry of `games`. Strict parsing comes first; on
/// failure the text is repaired (BOM, leading junk, Fox's missing `(`, trailing Ctrl-Z,
/// missing `)`) and parsed strictly, then leniently. Every repair is a warning and marks
/// each game `repaired`. Files declaring more than `limits.max_nodes` nodes are rejected
/// with `too-deep` before parsing.
pub fn parse_file(text: &str, limits: &ParseLimits) -> Result<ParsedFile, RecordError> {
    let declared = scan(text);
    if declared.nodes > limits.max_nodes {
        return Err(parse_error(
            "too-deep",
            format!(
                "file declares {} nodes, over the limit of {}",
                declared.nodes, limits.max_nodes
            ),
        ));
    }
    let strict = ParseOptions {
        convert_mixed_case_identifiers: true,
        lenient: false,
    };
    let mut warnings = Vec::new();
    let trees = match sgf_parse::parse_with_options(text, &strict) {
        Ok(trees) => trees,
        Err(first_error) => {
            let (fixed, repairs) = repair(text);
            warnings.extend(repairs);
            let retry = if fixed != text {
                sgf_parse::parse_with_options(&fixed, &strict).ok()
            } else {
                None
            };
            match retry {
                Some(trees) => trees,
                None => {
                    let lenient = ParseOptions {
                        convert_mixed_case_identifiers: true,
                        lenient: true,
                    };
                    let trees = sgf_parse::parse_with_options(&fixed, &lenient).map_err(|e| {
                        parse_error(
                            "parse",
                            format!("SGF parse error: {first_error}; lenient parse: {e}"),
                        )
                    })?;
                    warnings.push(format!(
                        "strict parse failed ({first_error}); parsed leniently"
                    ));
                    let kept: usize = trees.iter().map(tree_nodes).sum();
                    let expected = scan(&fixed).nodes;
                    if kept < expected {
                        warnings.push(format!("lenient parse kept {kept} of ~{expected} nodes"));
                    }
                    if trees.iter().all(tree_is_empty) {
                        dismantle_all(trees);
                        return Err(parse_error(
                            "no-game",
                            format!("no game found (strict parse error: {first_error})"),
                        ));
                    }
                    trees
                }
            }
        }
    };
    let repaired = !warnings.is_empty();
    let total = trees.len();
    let mut games = Vec::with_capacity(total);
    for (i, tree) in trees.into_iter().enumerate() {
        let label = if total > 1 {
            format!("game {} of {total}", i + 1)
        } else {
            "game".to_string()
        };
        let game = match tree {
            GameTree::GoGame(root) => {
                let game = if root.properties.is_empty() && root.children.is_empty() {
                    Err(parse_error("no-game", format!("{label}: empty game tree")))
                } else {
                    build_game(&root, &label, repaired, &warnings)
                };
                dismantle(root);
                game
            }
            GameTree::Unknown(root) => {
                let gm = root
                    .properties
                    .iter()
                    .find_map(|p| match p {
                        sgf_parse::unknown_game::Prop::GM(g) => Some(g.to_string()),
                        _ => None,
                    })
                    .unwrap_or_else(|| "?".to_string());
                dismantle(root);
                Err(parse_error(
                    "not-go",
                    format!("{label}: GM[{gm}] is not Go (GM[1])"),
                ))
            }
        };
        games.push(game);
    }
    Ok(ParsedFile { games, warnings })
}

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

fn text_opt(v: Option<&str>) -> Option<String> {
    v.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

fn to_point(p: sgf_parse::go::Point) -> Point {
    Point { x: p.x, y: p.y }
}

fn has_move(node: &SgfNode<Prop>) -> bool {
    node.properties.iter().any(|p| {
        matches!(p, Prop::B(_) | Prop::W(_))
            || matches!(p, Prop::Invalid(id, _) if id == "B" || id == "W")
    })
}

/// Builds one game from its root node.
fn build_game(
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
    let size = match &size_raw {
        None => Size {
            width: 19,
            height: 19,
        },
        Some(raw) => parse_size(raw)
            .map_err(|e| parse_error("invalid-size", format!("{label}: invalid size: {e}")))?,
    };

    let fox = info
        .applications
        .iter()
        .any(|a| a.to_ascii_lowercase().contains("fox"));
    let mut komi = match info.get("KM") {
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

    let (handicap_declared, handicap_raw) = match info.get("HA") {
        None => (None, None),
        Some(raw) => match raw.trim().parse::<i64>() {
            Ok(n) => (Some(n), None),
            Err(_) => {
                warnings.push(format!("HA[{raw}] is not a whole number; ignored"));
                (None, Some(raw.to_string()))
            }
        },
    };

    // YuanYu (a Chinese server client) and Fox write `KM[0]` in even games whatever the
    // komi was: their recorded scores fit the server's komi (6.5 under Japanese rules), not
    // zero. Such a zero is no komi: the rules' default applies, with a warning.
    let yuanyu = info
        .applications
        .iter()
        .any(|a| a.to_ascii_lowercase().contains("yuanyu"));
    if (yuanyu || fox) && komi.value == Some(0.0) && handicap_declared.is_none_or(|h| h <= 1) {
        komi.value = None;
        let client = if fox { "Fox" } else { "YuanYu" };
        warnings.push(format!(
            "KM[0] in a {client} even game: its records write 0 whatever the komi; \
             the rules' default komi is used"
        ));
    }

    let date = info.get("DT").map(parse_date);
    if let Some(d) = &date
        && d.first.is_none()
        && !d.raw.trim().is_empty()
    {
        warnings.push(format!("DT[{}] is not a readable date", d.raw));
    }

    let rules = match info.get("RU") {
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
    };

    let mut result = match info.get("RE") {
        Some(raw) => parse_result(raw),
        None => RecordedResult {
            raw: None,
            winner: Winner::Unknown,
            kind: None,
            margin: None,
        },
    };
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

    let (steps, lowercase) = main_line(&nodes, size, &mut warnings);
    if lowercase > 0 {
        warnings.push(format!(
            "{lowercase} all-lowercase property identifiers ignored (old FF[1-3] style?)"
        ));
    }

    let mut territory_black = Vec::new();
    let mut territory_white = Vec::new();
    if let Some(last) = nodes.last() {
        for p in &last.properties {
            let (target, set) = match p {
                Prop::TB(set) => (&mut territory_black, set),
                Prop::TW(set) => (&mut territory_white, set),
                _ => continue,
            };
            target.extend(
                set.iter()
                    .map(|p| to_point(*p))
                    .filter(|p| on_board(*p, size)),
            );
        }
    }
    territory_black.sort();
    territory_black.dedup();
    territory_white.sort();
    territory_white.dedup();

    Ok(GameRecord {
        size,
        size_raw,
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

fn on_board(p: Point, size: Size) -> bool {
    p.x < size.width && p.y < size.height
}

/// Where a move goes: `tt` is a pass on boards up to 19x19; points off the board keep their text.
fn move_at(mv: &Move, size: Size) -> MoveAt {
    match mv {
        Move::Pass => MoveAt::Pass,
        Move::Move(p) => {
            let p = to_point(*p);
            if p.x == 19 && p.y == 19 && size.width <= 19 && size.height <= 19 {
                MoveAt::Pass
            } else if on_board(p, size) {
                MoveAt::Point(p)
            } else {
                MoveAt::OffBoard(p.to_sgf())
            }
        }
    }
}

/// Walks the main line into steps; returns them and the count of lowercase identifiers met.
fn main_line(
    nodes: &[&SgfNode<Prop>],
    size: Size,
    warnings: &mut Vec<String>,
) -> (Vec<Step>, usize) {
    let mut steps = Vec::with_capacity(nodes.len());
    let mut lowercase = 0;
    let mut dropped_setup = 0;
    for (index, node) in nodes.iter().enumerate() {
        let mut black = Vec::new();
        let mut white = Vec::new();
        let mut empty = Vec::new();
        let mut to_play = None;
        let mut has_setup = false;
        let mut moves = Vec::new();
        for p in &node.properties {
            match p {
                Prop::AB(set) | Prop::AW(set) | Prop::AE(set) => {
                    has_setup = true;
                    let target = match p {
                        Prop::AB(_) => &mut black,
                        Prop::AW(_) => &mut white,
                        _ => &mut empty,
                    };
                    for q in set.iter().map(|q| to_point(*q)) {
                        if on_board(q, size) {
                            target.push(q);
                        } else {
                            dropped_setup += 1;
                        }
                    }
                }
                Prop::PL(c) => {
                    has_setup = true;
                    to_play = Some(match c {
                        sgf_parse::Color::Black => Color::Black,
                        sgf_parse::Color::White => Color::White,
                    });
                }
                // Only `B`/`W`: `get_move()` may hand back `BL`/`WL` (time left).
                Prop::B(mv) => moves.push((Color::Black, move_at(mv, size))),
                Prop::W(mv) => moves.push((Color::White, move_at(mv, size))),
                Prop::Invalid(id, values) if id == "B" || id == "W" => {
                    let color = if id == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let raw = values.join(",");
                    warnings.push(format!("node {index}: unreadable move {id}[{raw}]"));
                    moves.push((color, MoveAt::OffBoard(raw)));
                }
                Prop::Invalid(id, values) if matches!(id.as_str(), "AB" | "AW" | "AE") => {
                    warnings.push(format!(
                        "node {index}: unreadable setup {id}[{}] ignored",
                        values.join("][")
                    ));
                }
                Prop::Unknown(id, _) if id.is_empty() => lowercase += 1,
                _ => {}
            }
        }
        if has_setup {
            // sgf-parse gives hash sets: sort for a deterministic order.
            black.sort();
            black.dedup();
            white.sort();
            white.dedup();
            empty.sort();
            empty.dedup();
            steps.push(Step::Setup {
                black,
                white,
                empty,
                to_play,
            });
        }
        if moves.len() > 1 {
            warnings.push(format!(
                "node {index}: {} moves in one node, all kept in order",
                moves.len()
            ));
        }
        for (color, at) in moves {
            steps.push(Step::Move { color, at });
        }
    }
    if dropped_setup > 0 {
        warnings.push(format!(
            "{dropped_setup} setup points off the board dropped"
        ));
    }
    (steps, lowercase)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{ResultKind, Winner};

    fn parse(text: &str) -> ParsedFile {
        match parse_file(text, &ParseLimits::default()) {
            Ok(f) => f,
            Err(e) => panic!("{text:?}: {e}"),
        }
    }

    fn one(text: &str) -> GameRecord {
        let mut file = parse(text);
        assert_eq!(file.games.len(), 1, "{text}");
        match file.games.remove(0) {
            Ok(g) => g,
            Err(e) => panic!("{text:?}: {e}"),
        }
    }

    fn pt(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    fn mv(color: Color, at: MoveAt) -> Step {
        Step::Move { color, at }
    }

    fn has_warning(g: &GameRecord, needle: &str) -> bool {
        g.warnings.iter().any(|w| w.contains(needle))
    }

    #[test]
    fn facts_from_root() {
        let g = one(
            "(;GM[1]FF[4]SZ[19:13]PB[ Alice ]BR[3k]PW[]WR[2d]DT[2016-03-12]EV[Cup]RO[2]PC[Paris]\
             RU[French]KM[7.5]RE[B+3.5]AP[Test:1];B[aa];W[bb])",
        );
        assert_eq!(
            g.size,
            Size {
                width: 19,
                height: 13
            }
        );
        assert_eq!(g.size_raw.as_deref(), Some("19:13"));
        assert_eq!(g.black.name.as_deref(), Some("Alice"));
        assert_eq!(g.black.rank.as_deref(), Some("3k"));
        assert_eq!(g.white.name, None);
        assert_eq!(g.white.rank.as_deref(), Some("2d"));
        assert_eq!(
            g.date.as_ref().and_then(|d| d.first.as_deref()),
            Some("2016-03-12")
        );
        assert_eq!(g.event.as_deref(), Some("Cup"));
        assert_eq!(g.round.as_deref(), Some("2"));
        assert_eq!(g.place.as_deref(), Some("Paris"));
        assert_eq!(g.rules.name, RuleSet::French);
        assert_eq!(g.komi.value, Some(7.5));
        assert_eq!(g.result.winner, Winner::Black);
        assert_eq!(g.application.as_deref(), Some("Test:1"));
        assert!(!g.repaired);
        assert_eq!(g.steps.len(), 2);
    }

    #[test]
    fn fox_chinese_results_in_stones_are_doubled() {
        let g = one("(;GM[1]AP[foxwq]KM[375]RU[Chinese]RE[B+0.75];B[pd];W[dd])");
        assert_eq!(g.komi.value, Some(7.5));
        assert_eq!(g.result.margin, Some(1.5));
        assert!(has_warning(&g, "in stones"));
        // Komi ×100 (`KM[650]`) is in points, and so is the result.
        let g = one("(;GM[1]AP[foxwq]KM[650]RU[Japanese]RE[W+2.5];B[pd];W[dd])");
        assert_eq!(g.result.margin, Some(2.5));
        let g = one("(;GM[1]AP[foxwq]KM[0]HA[0]RU[Japanese]RE[W+0.5];B[pd];W[dd])");
        assert_eq!(g.komi.value, None);
        assert!(has_warning(&g, "Fox even game"));
    }

    #[test]
    fn yuanyu_zero_komi_in_an_even_game_is_no_komi() {
        let g = one("(;GM[1]AP[YuanYu]KM[0]HA[0]RU[Japanese]RE[W+3.5];B[pd];W[dd])");
        assert_eq!(g.komi.value, None);
        assert_eq!(g.komi.raw.as_deref(), Some("0"));
        assert!(has_warning(&g, "YuanYu"));
        // In a handicap game, or from another program, zero is taken at its word.
        let g = one("(;GM[1]AP[YuanYu]KM[0]HA[2]AB[dd][pp];W[pd])");
        assert_eq!(g.komi.value, Some(0.0));
        let g = one("(;GM[1]AP[CGoban:3]KM[0];B[pd])");
        assert_eq!(g.komi.value, Some(0.0));
        assert!(!has_warning(&g, "YuanYu"));
    }

    #[test]
    fn defaults_when_absent() {
        let g = one("(;B[dd])");
        assert_eq!(
            g.size,
            Size {
                width: 19,
                height: 19
            }
        );
        assert_eq!(g.size_raw, None);
        assert_eq!(g.komi.value, None);
        assert_eq!(g.date, None);
        assert_eq!(g.rules.name, RuleSet::Unknown);
        assert_eq!(g.result.kind, None);
        assert_eq!(g.steps, vec![mv(Color::Black, MoveAt::Point(pt(3, 3)))]);
    }

    #[test]
    fn tt_is_a_pass_on_small_boards_only() {
        let g = one("(;SZ[19];B[tt];W[];B[ss])");
        assert_eq!(
            g.steps,
            vec![
                mv(Color::Black, MoveAt::Pass),
                mv(Color::White, MoveAt::Pass),
                mv(Color::Black, MoveAt::Point(pt(18, 18))),
            ]
        );
        let g = one("(;SZ[9];W[tt])");
        assert_eq!(g.steps, vec![mv(Color::White, MoveAt::Pass)]);
        let g = one("(;SZ[21];B[tt])");
        assert_eq!(g.steps, vec![mv(Color::Black, MoveAt::Point(pt(19, 19)))]);
    }

    #[test]
    fn time_left_is_not_a_move() {
        // get_move() could return BL; only B/W make moves.
        let g = one("(;BL[300]B[dd]WL[200];WL[100]W[pp])");
        assert_eq!(
            g.steps,
            vec![
                mv(Color::Black, MoveAt::Point(pt(3, 3))),
                mv(Color::White, MoveAt::Point(pt(15, 15))),
            ]
        );
    }

    #[test]
    fn lowercase_identifiers_warn_once() {
        let g = one("(;GM[1];b[dd];w[pp];B[qq])");
        assert_eq!(g.steps, vec![mv(Color::Black, MoveAt::Point(pt(16, 16)))]);
        let n = g
            .warnings
            .iter()
            .filter(|w| w.contains("lowercase"))
            .count();
        assert_eq!(n, 1, "{:?}", g.warnings);
        assert!(has_warning(&g, "2 all-lowercase"));
    }

    #[test]
    fn invalid_ha_and_km_read_raw() {
        let g = one("(;HA[0]KM[6,5];B[dd])");
        assert_eq!(g.handicap_declared, Some(0));
        assert_eq!(g.komi.value, Some(6.5));
        assert!(has_warning(&g, "KM[6,5] read as 6.5"), "{:?}", g.warnings);
        let g = one("(;HA[7.5];B[dd])");
        assert_eq!(g.handicap_declared, None);
        assert_eq!(g.handicap_raw.as_deref(), Some("7.5"));
        assert!(has_warning(&g, "HA[7.5]"));
    }

    #[test]
    fn off_board_moves_and_setup() {
        let g = one("(;SZ[9]AB[aa][jj]AW[bb];B[ia];W[ja];B[rp.pm])");
        assert_eq!(
            g.steps,
            vec![
                Step::Setup {
                    black: vec![pt(0, 0)],
                    white: vec![pt(1, 1)],
                    empty: vec![],
                    to_play: None,
                },
                mv(Color::Black, MoveAt::Point(pt(8, 0))),
                mv(Color::White, MoveAt::OffBoard("ja".to_string())),
                mv(Color::Black, MoveAt::OffBoard("rp.pm".to_string())),
            ]
        );
        assert!(has_warning(&g, "1 setup points off the board dropped"));
    }

    #[test]
    fn big_board_uses_uppercase_letters() {
        let g = one("(;SZ[52];B[ZZ];W[Aa])");
        assert_eq!(
            g.steps,
            vec![
                mv(Color::Black, MoveAt::Point(pt(51, 51))),
                mv(Color::White, MoveAt::Point(pt(26, 0))),
            ]
        );
    }

    #[test]
    fn setup_lists_sorted_and_expanded() {
        let g = one("(;AB[cc:ee][aa]AE[ss]PL[W])");
        let Some(Step::Setup {
            black,
            empty,
            to_play,
            ..
        }) = g.steps.first()
        else {
            panic!("no setup: {:?}", g.steps);
        };
        assert_eq!(black.len(), 10);
        assert_eq!(black[0], pt(0, 0));
        assert!(black.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(empty, &vec![pt(18, 18)]);
        assert_eq!(*to_play, Some(Color::White));
    }

    #[test]
    fn both_moves_in_one_node() {
        let g = one("(;B[aa]W[bb])");
        assert_eq!(g.steps.len(), 2);
        assert!(has_warning(&g, "2 moves in one node"));
    }

    #[test]
    fn main_line_is_first_child() {
        let g = one("(;B[aa](;W[bb];B[cc])(;W[dd]))");
        assert_eq!(g.steps.len(), 3);
        assert_eq!(g.steps[1], mv(Color::White, MoveAt::Point(pt(1, 1))));
    }

    #[test]
    fn territory_on_last_node() {
        let g = one("(;B[aa];W[bb]TB[cc][dd]TW[ee];B[]TB[aa:ab]TW[ss])");
        assert_eq!(g.territory_black, vec![pt(0, 0), pt(0, 1)]);
        assert_eq!(g.territory_white, vec![pt(18, 18)]);
    }

    #[test]
    fn invalid_size_is_a_game_error() {
        for sz in ["-10", "0", "53", "10:53", "x"] {
            let file = parse(&format!("(;SZ[{sz}];B[aa])"));
            let Some(Err(e)) = file.games.first() else {
                panic!("SZ[{sz}] accepted");
            };
            assert_eq!(e.kind, "invalid-size");
            assert!(e.message.contains(sz), "{}", e.message);
        }
    }

    #[test]
    fn collection_with_non_go_game() {
        let file = parse("(;GM[1];B[aa])(;GM[12]C[chess?])(;GM[1];W[bb])");
        assert_eq!(file.games.len(), 3);
        assert!(file.games[0].is_ok());
        let Err(e) = &file.games[1] else {
            panic!("GM[12] accepted")
        };
        assert_eq!(e.kind, "not-go");
        assert!(e.message.contains("GM[12]") && e.message.contains("game 2 of 3"));
        assert!(file.games[2].is_ok());
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
        assert_eq!(g.komi.value, Some(6.5));
        assert!(g.komi.scaled);
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
        assert_eq!(g.komi.value, Some(0.0));
    }

    #[test]
    fn repairs_bom_junk_and_ctrl_z() {
        let g = one("\u{feff}(;B[aa])");
        assert!(g.repaired && has_warning(&g, "byte-order mark"));
        let g = one("Downloaded from somewhere (really)\n(;B[aa])");
        assert!(g.repaired && has_warning(&g, "leading junk"));
        let g = one("(;B[aa])\u{1a}\0\0");
        assert!(g.repaired && has_warning(&g, "Ctrl-Z"));
        let g = one("(;B[aa];W[bb]");
        assert!(g.repaired && has_warning(&g, "missing ')'"));
        assert_eq!(g.steps.len(), 2);
    }

    #[test]
    fn lenient_reports_lost_nodes() {
        // An unescaped `]` ends the comment early; the lexer then fails on `ü` and
        // lenient mode silently drops the tail.
        let file = parse("(;B[aa];W[bb]C[x]ü];B[cc];W[dd])");
        let Some(Ok(g)) = file.games.first() else {
            panic!("{:?}", file.games)
        };
        assert!(g.repaired);
        assert!(has_warning(g, "parsed leniently"), "{:?}", g.warnings);
        assert!(
            has_warning(g, "lenient parse kept 2 of ~4"),
            "{:?}",
            g.warnings
        );
        assert_eq!(g.steps.len(), 2);
    }

    #[test]
    fn no_game_is_an_error() {
        for text in ["", "   ", "hello", "()", "\u{1a}"] {
            match parse_file(text, &ParseLimits::default()) {
                Err(e) => assert!(e.kind == "no-game" || e.kind == "parse", "{text:?}: {e}"),
                Ok(f) => assert!(
                    f.games
                        .iter()
                        .all(|g| g.as_ref().is_err_and(|e| e.kind == "no-game")),
                    "{text:?}: {f:?}"
                ),
            }
        }
        let Err(e) = parse_file("hello", &ParseLimits::default()) else {
            panic!("junk accepted");
        };
        assert_eq!(e.kind, "no-game");
    }

    #[test]
    fn results_flow_through() {
        let g = one("(;RE[W+Resign])");
        assert_eq!(g.result.kind, Some(ResultKind::Resign));
        assert!(g.steps.is_empty());
    }

    /// A linear game of `moves` moves.
    fn long_game(moves: usize) -> String {
        let mut s = String::with_capacity(moves * 6 + 16);
        s.push_str("(;GM[1]SZ[19]");
        for i in 0..moves {
            let c = if i % 2 == 0 { 'B' } else { 'W' };
            let x = (b'a' + (i % 19) as u8) as char;
            let y = (b'a' + ((i / 19) % 19) as u8) as char;
            s.push_str(&format!(";{c}[{x}{y}]"));
        }
        s.push(')');
        s
    }

    fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        let handle = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(f)
            .unwrap_or_else(|e| panic!("spawn: {e}"));
        handle.join().unwrap_or_else(|_| panic!("worker panicked"))
    }

    #[test]
    fn deep_game_within_64mib_stack() {
        let steps = on_big_stack(|| {
            let text = long_game(50_000);
            let file = parse_file(&text, &ParseLimits::default());
            file.map(|f| {
                f.games
                    .into_iter()
                    .map(|g| g.map(|g| g.steps.len()))
                    .collect::<Vec<_>>()
            })
        });
        assert_eq!(steps, Ok(vec![Ok(50_000)]));
    }

    #[test]
    fn deepest_accepted_broken_file_within_64mib_stack() {
        // Strict parse fails at the very end: sgf-parse drops its partial tree recursively.
        let out = on_big_stack(|| {
            let mut text = long_game(99_990);
            text.pop();
            text.push_str(";B[aa]C[unterminated");
            parse_file(&text, &ParseLimits::default()).map(|f| f.games.len())
        });
        assert_eq!(out, Ok(1));
    }

    #[test]
    fn too_many_nodes_rejected_before_parsing() {
        let text = long_game(2_000);
        let limits = ParseLimits { max_nodes: 1_000 };
        let Err(e) = parse_file(&text, &limits) else {
            panic!("accepted")
        };
        assert_eq!(e.kind, "too-deep");
        assert!(e.message.contains("2001"), "{}", e.message);
        // Semicolons inside values do not count.
        let text = format!("(;C[{}];B[aa])", ";".repeat(5_000));
        assert!(parse_file(&text, &limits).is_ok());
    }
}
