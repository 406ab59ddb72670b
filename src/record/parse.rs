//! Parsing: SGF text to one result per game tree, with sgf-parse; and the front end from a
//! file's bytes (decoded by `decode`) to its games.
//!
//! The node limit is checked on the raw text before any tree is built. Strict parsing comes
//! first, then the repaired text (see `repair`), then sgf-parse's lenient mode; a collection
//! gives one entry per game tree, non-Go trees as `not-go` errors. Trees are counted and
//! dropped without recursion, so a deep main line cannot overflow the stack. It does not
//! read game facts or moves: each Go tree goes to `game`.

use super::game::build_game;
use super::repair::{repair, scan};
use super::{GameRecord, ParseLimits, ParsedFile, ReadFile, RecordError, RecordErrorKind};
use sgf_parse::{GameTree, ParseOptions, SgfNode, SgfProp};

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

/// Reads one file's bytes into its games: decodes them (see [`crate::decode`]), then
/// [`parse_file`]s the text. The one way from bytes to records.
pub fn read_bytes(bytes: Vec<u8>, limits: &ParseLimits) -> ReadFile {
    let decoded = crate::decode::decode_owned(bytes);
    let parsed = parse_file(&decoded.text, limits);
    ReadFile {
        encoding: decoded.encoding,
        warnings: decoded.warnings,
        parsed,
    }
}

/// Parses one SGF text (already decoded) into its games.
///
/// `Err` means the file as a whole could not be read (one error record for the file); a
/// game that cannot be read is an `Err` entry of `games`. Strict parsing comes first; on
/// failure the text is repaired (BOM, leading junk, Fox's missing `(`, trailing Ctrl-Z,
/// missing `)`) and parsed strictly, then leniently. Every repair is a warning and marks
/// each game `repaired`. Files declaring more than `limits.max_nodes` nodes are rejected
/// with `too-deep` before parsing, and files whose compressed point lists expand to more
/// than `limits.max_points` points, or holding more than `limits.max_values` property values
/// or `limits.max_properties` properties, with `too-large` (sgf-parse expands every range and keeps every value).
pub fn parse_file(text: &str, limits: &ParseLimits) -> Result<ParsedFile, RecordError> {
    within_limits(text, limits)?;
    let (trees, warnings) = parse_trees(text)?;
    let repaired = !warnings.is_empty();
    let total = trees.len();
    let games = trees
        .into_iter()
        .enumerate()
        .map(|(i, tree)| {
            let label = if total > 1 {
                format!("game {} of {total}", i + 1)
            } else {
                "game".to_string()
            };
            game_of(tree, &label, repaired, &warnings)
        })
        .collect();
    Ok(ParsedFile { games, warnings })
}

/// The budgets checked before sgf-parse spends time and memory on the text: what the text
/// declares (nodes, expanded points, values, properties) against `limits`.
fn within_limits(text: &str, limits: &ParseLimits) -> Result<(), RecordError> {
    let declared = scan(text);
    for (n, max, kind, prefix, unit) in [
        (
            declared.nodes as u64,
            limits.max_nodes as u64,
            RecordErrorKind::TooDeep,
            "file declares",
            "nodes",
        ),
        (
            declared.points,
            limits.max_points,
            RecordErrorKind::TooLarge,
            "compressed point lists expand to",
            "points",
        ),
        (
            declared.values,
            limits.max_values,
            RecordErrorKind::TooLarge,
            "file holds",
            "property values",
        ),
        (
            declared.properties,
            limits.max_properties,
            RecordErrorKind::TooLarge,
            "file holds",
            "properties",
        ),
    ] {
        if n > max {
            return Err(RecordError::new(
                kind,
                format!("{prefix} {n} {unit}, over the limit of {max}"),
            ));
        }
    }
    Ok(())
}

/// The text's game trees, and the warnings of the repairs it took: strict first, then the
/// repaired text strictly, then leniently (see [`parse_file`]).
fn parse_trees(text: &str) -> Result<(Vec<GameTree>, Vec<String>), RecordError> {
    let strict = ParseOptions {
        convert_mixed_case_identifiers: true,
        lenient: false,
    };
    let first_error = match sgf_parse::parse_with_options(text, &strict) {
        Ok(trees) => return Ok((trees, Vec::new())),
        Err(e) => e,
    };
    let (fixed, mut warnings) = repair(text);
    if fixed != text
        && let Ok(trees) = sgf_parse::parse_with_options(&fixed, &strict)
    {
        return Ok((trees, warnings));
    }
    let lenient = ParseOptions {
        convert_mixed_case_identifiers: true,
        lenient: true,
    };
    let trees = sgf_parse::parse_with_options(&fixed, &lenient).map_err(|e| {
        RecordError::new(
            RecordErrorKind::Parse,
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
        return Err(RecordError::new(
            RecordErrorKind::NoGame,
            format!("no game found (strict parse error: {first_error})"),
        ));
    }
    Ok((trees, warnings))
}

/// One game tree as a game, `label` naming it in errors: not Go, empty, or built.
fn game_of(
    tree: GameTree,
    label: &str,
    repaired: bool,
    warnings: &[String],
) -> Result<GameRecord, RecordError> {
    match tree {
        GameTree::GoGame(root) => {
            let game = if root.properties.is_empty() && root.children.is_empty() {
                Err(RecordError::new(
                    RecordErrorKind::NoGame,
                    format!("{label}: empty game tree"),
                ))
            } else {
                build_game(&root, label, repaired, warnings)
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
            Err(RecordError::new(
                RecordErrorKind::NotGo,
                format!("{label}: GM[{gm}] is not Go (GM[1])"),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::testing::{has_warning, parse};

    #[test]
    fn read_bytes_decodes_then_parses() {
        let file = read_bytes(
            b"(;CA[ISO-8859-1]PB[Ren\xe9];B[aa])".to_vec(),
            &ParseLimits::default(),
        );
        assert_eq!(
            file.encoding.source,
            crate::decode::EncodingSource::Declared
        );
        let Ok(parsed) = file.parsed else {
            panic!("{:?}", file.parsed)
        };
        let Some(Ok(g)) = parsed.games.first() else {
            panic!("{:?}", parsed.games)
        };
        assert_eq!(g.facts.black.name.as_deref(), Some("René"));
        let file = read_bytes(b"hello".to_vec(), &ParseLimits::default());
        assert!(
            file.parsed
                .is_err_and(|e| e.kind == RecordErrorKind::NoGame)
        );
    }

    #[test]
    fn collection_with_non_go_game() {
        let file = parse("(;GM[1];B[aa])(;GM[12]C[chess?])(;GM[1];W[bb])");
        assert_eq!(file.games.len(), 3);
        assert!(file.games[0].is_ok());
        let Err(e) = &file.games[1] else {
            panic!("GM[12] accepted")
        };
        assert_eq!(e.kind.as_str(), "not-go");
        assert!(e.message.contains("GM[12]") && e.message.contains("game 2 of 3"));
        assert!(file.games[2].is_ok());
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
                Err(e) => assert!(
                    e.kind.as_str() == "no-game" || e.kind.as_str() == "parse",
                    "{text:?}: {e}"
                ),
                Ok(f) => assert!(
                    f.games
                        .iter()
                        .all(|g| g.as_ref().is_err_and(|e| e.kind.as_str() == "no-game")),
                    "{text:?}: {f:?}"
                ),
            }
        }
        let Err(e) = parse_file("hello", &ParseLimits::default()) else {
            panic!("junk accepted");
        };
        assert_eq!(e.kind.as_str(), "no-game");
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
        let limits = ParseLimits {
            max_nodes: 1_000,
            ..ParseLimits::default()
        };
        let Err(e) = parse_file(&text, &limits) else {
            panic!("accepted")
        };
        assert_eq!(e.kind.as_str(), "too-deep");
        assert!(e.message.contains("2001"), "{}", e.message);
        // Semicolons inside values do not count.
        let text = format!("(;C[{}];B[aa])", ";".repeat(5_000));
        assert!(parse_file(&text, &limits).is_ok());
    }
}
