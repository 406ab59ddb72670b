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
        match (start.find('('), start.find(';')) {
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
    let komi = match info.get("KM") {
        Some(raw) => parse_komi(raw, fox),
        None => super::Komi {
            value: None,
            raw: None,
            scaled: false,
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

    let result = match info.get("RE") {
        Some(raw) => parse_result(raw),
        None => RecordedResult {
            raw: None,
            winner: Winner::Unknown,
            kind: None,
            margin: None,
        },
    };

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
