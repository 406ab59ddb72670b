//! `echelle show` end to end: it opens every name `analyze` writes (archive entries, nested
//! archives, `#N`, standard input, names that are not UTF-8), and draws the board readably
//! without colours, with board coordinates, and as a fitted SVG with wrapped titles.

mod common;
use common::Scratch;
use std::io::{Cursor, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn echelle() -> Command {
    Command::new(env!("CARGO_BIN_EXE_echelle"))
}

fn zip_bytes(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default();
    for (name, data) in entries {
        w.start_file(*name, opts).expect("zip entry");
        w.write_all(data).expect("zip data");
    }
    w.finish().expect("zip").into_inner()
}

fn tar_bytes(entries: &[(&[u8], &[u8])]) -> Vec<u8> {
    let mut b = tar::Builder::new(Vec::new());
    for (name, data) in entries {
        let mut h = tar::Header::new_gnu();
        h.set_size(data.len() as u64);
        h.set_mode(0o644);
        // Raw bytes: a name that is not UTF-8 stays as it is.
        h.as_old_mut().name[..name.len()].copy_from_slice(name);
        h.set_cksum();
        b.append(&h, *data).expect("tar entry");
    }
    b.into_inner().expect("tar")
}

fn gz(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(data).expect("gzip");
    e.finish().expect("gzip")
}

/// A 9x9 game whose players are named `who`: Black owns the left, White the right, and two
/// white stones left inside Black's area (B8 and C3, SGF `bb` and `cg`) are dead.
fn game(who: &str) -> String {
    format!(
        "(;GM[1]SZ[9]KM[0.5]RE[W+9.5]PB[{who} Black]PW[{who} White]\
         AB[da][db][dc][dd][de][df][dg][dh][di]\
         AW[ea][eb][ec][ed][ee][ef][eg][eh][ei][bb][cg];B[];W[])"
    )
}

/// Runs `show NAME --color never` (unless `extra` sets `--color`) with `extra`, standard
/// input given or closed, and returns its output.
fn show(name: impl AsRef<std::ffi::OsStr>, stdin: Option<&[u8]>, extra: &[&str]) -> Output {
    let mut cmd = echelle();
    cmd.arg("show").arg(name).args(extra);
    if !extra.contains(&"--color") {
        cmd.args(["--color", "never"]);
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let mut input = child.stdin.take().expect("stdin");
    if let Some(bytes) = stdin {
        input.write_all(bytes).expect("writes stdin");
    }
    drop(input);
    child.wait_with_output().expect("waits")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts `show` succeeded and drew the game of the players `who`.
fn drew(o: &Output, who: &str) -> String {
    assert_eq!(o.status.code(), Some(0), "{}", stderr(o));
    let text = stdout(o);
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.contains(&format!("Black {who} Black vs White {who} White"))),
        "{text}"
    );
    assert!(text.contains("   A B C D E F G H J\n"), "{text}");
    text
}

/// An archive folder: `t.zip` (a game in a folder, a collection of two), `n.tar.gz` holding
/// `x.zip` holding `c.sgf`.
fn archives(d: &Path) {
    let collection = format!("{}{}", game("First"), game("Second"));
    let zip = zip_bytes(&[
        ("round-1/b.sgf", game("Zipped").as_bytes()),
        ("round-2/b.sgf", game("Other").as_bytes()),
        ("collection.sgf", collection.as_bytes()),
        ("notes.txt", b"not a game"),
    ]);
    std::fs::write(d.join("t.zip"), &zip).expect("write zip");
    let inner = zip_bytes(&[("c.sgf", game("Nested").as_bytes())]);
    let tar = tar_bytes(&[(b"x.zip", &inner), (b"top.sgf", game("Top").as_bytes())]);
    std::fs::write(d.join("n.tar.gz"), gz(&tar)).expect("write tar.gz");
}

#[test]
fn archive_entries_are_shown_by_the_names_analyze_writes() {
    let d = Scratch::new("show", "entries");
    archives(&d);
    // The names analyze gives, each shown: the walk and the lookup agree.
    let out = echelle()
        .args(["analyze", "-q", "--no-progress"])
        .arg(&d)
        .output()
        .expect("runs");
    let records: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(records.len(), 6, "{}", stdout(&out));
    for r in &records {
        let name = format!(
            "{}#{}",
            r["file"].as_str().expect("file"),
            r["game"].as_u64().expect("game")
        );
        let who = r["black"]["name"]
            .as_str()
            .expect("black's name")
            .trim_end_matches(" Black");
        let o = show(&name, None, &[]);
        assert!(stdout(&o).starts_with(&name), "{name}: {}", stdout(&o));
        drew(&o, who);
    }
    let zip = d.join("t.zip");
    let zip = zip.display();
    drew(&show(format!("{zip}!round-1/b.sgf"), None, &[]), "Zipped");
    drew(&show(format!("{zip}!round-2/b.sgf#0"), None, &[]), "Other");
    // Nested: a zip inside a tar.gz.
    let nested = format!("{}!x.zip!c.sgf", d.join("n.tar.gz").display());
    let text = drew(&show(&nested, None, &[]), "Nested");
    assert!(text.starts_with(&format!("{nested}#0 — ")), "{text}");
}

#[test]
fn the_game_index_picks_a_game_and_says_how_many_there_are() {
    let d = Scratch::new("show", "index");
    archives(&d);
    let name = format!("{}!collection.sgf", d.join("t.zip").display());
    drew(&show(format!("{name}#1"), None, &[]), "Second");
    // No index: the first game, and a note that there are others.
    let first = show(&name, None, &[]);
    drew(&first, "First");
    assert!(
        stderr(&first).contains("holds 2 games; this is #0"),
        "{}",
        stderr(&first)
    );
    let past = show(format!("{name}#5"), None, &[]);
    assert_eq!(past.status.code(), Some(2));
    assert!(
        stderr(&past).contains("holds 2 games (#0 to #1): no game #5"),
        "{}",
        stderr(&past)
    );
}

#[test]
fn a_missing_entry_names_the_archive_the_entry_and_entries_that_exist() {
    let d = Scratch::new("show", "missing");
    archives(&d);
    let zip = d.join("t.zip").display().to_string();
    let o = show(format!("{zip}!b.sgf"), None, &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    // The entries with the same file name come first: the likely meaning.
    assert!(
        err.contains(&format!(
            "{zip} has no entry b.sgf; its 4 entries include round-1/b.sgf, round-2/b.sgf, "
        )),
        "{err}"
    );
    // Inside a nested archive: the innermost archive found is named.
    let tgz = d.join("n.tar.gz").display().to_string();
    let o = show(format!("{tgz}!x.zip!d.sgf"), None, &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "{tgz}!x.zip has no entry d.sgf; its only entry is c.sgf"
        )),
        "{err}"
    );
    // An archive named alone: which entries to name.
    let o = show(&tgz, None, &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("is an archive: name one of its games as")
            && err.contains("its 2 entries include x.zip, top.sgf"),
        "{err}"
    );
    // Past an SGF file, and past the end of the disk.
    let o = show(format!("{tgz}!top.sgf!a.sgf"), None, &[]);
    assert!(
        stderr(&o).contains("top.sgf is not an archive"),
        "{}",
        stderr(&o)
    );
    let o = show(format!("{zip}!notes.txt"), None, &[]);
    assert!(
        stderr(&o).contains("notes.txt: not an SGF file"),
        "{}",
        stderr(&o)
    );
    let o = show(d.join("none.zip!a.sgf"), None, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
}

#[test]
fn standard_input_holds_an_sgf_file_or_an_archive() {
    let sgf = game("Piped");
    drew(&show("-", Some(sgf.as_bytes()), &[]), "Piped");
    let two = format!("{}{}", game("One"), game("Two"));
    drew(&show("-#1", Some(two.as_bytes()), &[]), "Two");
    // A zip on stdin: entries named as analyze names them, `-!entry`.
    let zip = zip_bytes(&[
        ("a.sgf", game("Alpha").as_bytes()),
        ("d/b.sgf", game("Beta").as_bytes()),
    ]);
    let text = drew(&show("-!d/b.sgf", Some(&zip), &[]), "Beta");
    assert!(text.starts_with("-!d/b.sgf#0 — "), "{text}");
    let tar = gz(&tar_bytes(&[(b"g.sgf", game("Gamma").as_bytes())]));
    drew(&show("-!g.sgf", Some(&tar), &[]), "Gamma");
    // The archive alone: a clear error listing its entries.
    let o = show("-", Some(&zip), &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("standard input (-) is an archive: name one of its games as -!ENTRY")
            && err.contains("a.sgf, d/b.sgf"),
        "{err}"
    );
    let o = show("-!c.sgf", Some(&zip), &[]);
    assert!(stderr(&o).contains("has no entry c.sgf"), "{}", stderr(&o));
    let o = show("-!c.sgf", Some(sgf.as_bytes()), &[]);
    assert!(
        stderr(&o).contains("standard input (-) is not an archive"),
        "{}",
        stderr(&o)
    );
    // The entry limit holds on the way.
    let o = show("-!a.sgf", Some(&zip), &["--max-entry-bytes", "10"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("10-byte limit"), "{}", stderr(&o));
}

#[cfg(unix)]
#[test]
fn names_that_are_not_utf8_round_trip_from_analyze_to_show() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let d = Scratch::new("show", "latin1");
    let raw = d.join(OsStr::from_bytes(b"caf\xe9.sgf"));
    if std::fs::write(&raw, game("Latin")).is_err() {
        eprintln!("skipped: this file system refuses names that are not UTF-8");
        return;
    }
    let tar = tar_bytes(&[(b"r\xe9sum\xe9.sgf", game("Entry").as_bytes())]);
    std::fs::write(d.join("t.tar"), tar).expect("write tar");
    let out = echelle()
        .args(["analyze", "-q", "--no-progress"])
        .arg(&d)
        .output()
        .expect("runs");
    let files: Vec<String> = stdout(&out)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            v["file"].as_str().expect("file").to_string()
        })
        .collect();
    assert_eq!(files.len(), 2, "{}", stdout(&out));
    assert!(files[0].ends_with("caf\\xE9.sgf"), "{files:?}");
    assert!(files[1].ends_with("t.tar!r\\xE9sum\\xE9.sgf"), "{files:?}");
    drew(&show(&files[0], None, &[]), "Latin");
    drew(&show(&files[1], None, &[]), "Entry");
    // The name as the shell passes it, raw bytes: read too, titled as analyze names it.
    let text = drew(&show(raw.as_os_str(), None, &[]), "Latin");
    assert!(text.starts_with(&files[0]), "{text}");
}

#[test]
fn without_colour_dead_stones_and_territory_differ_and_points_have_board_names() {
    let sgf = game("Plain");
    let text = drew(&show("-", Some(sgf.as_bytes()), &[]), "Plain");
    let rows: Vec<&str> = text.lines().skip(3).take(9).collect();
    // B8 is a dead white stone in Black's territory; White owns the right side.
    assert_eq!(rows[1], "8  + o + X O - - - -  8", "{text}");
    assert_eq!(rows[6], "3  + + o X O - - - -  3", "{text}");
    assert!(
        text.contains("x o dead  # @ seki  + - territory (Black, White)  . neutral"),
        "{text}"
    );
    assert!(
        text.contains("; White 2: B8 C3 (bb cg)\n"),
        "dead stones in board coordinates and SGF points: {text}"
    );
    // In colour, the glyphs differ too: a terminal that drops the colours still tells them.
    let o = show("-", Some(sgf.as_bytes()), &["--color", "always"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let coloured = stdout(&o);
    let mut plain = String::new();
    let mut esc = false;
    for c in coloured.chars() {
        match (esc, c) {
            (false, '\x1b') => esc = true,
            (true, 'm') => esc = false,
            (true, _) => {}
            (false, c) => plain.push(c),
        }
    }
    let row8 = plain.lines().nth(4).expect("row 8");
    assert!(
        row8.contains('◇') && row8.contains('▪') && row8.contains('▫'),
        "{row8}"
    );
}

#[test]
fn the_svg_is_fitted_to_the_board_and_wraps_long_titles() {
    let d = Scratch::new("show", "svg");
    let long = "Jean-Baptiste Alexandre de La Tour d'Auvergne-Lauraguais";
    for (size, width) in [(9, 9), (13, 13), (19, 19), (19, 9)] {
        let sgf = format!(
            "(;GM[1]SZ[{}]PB[{long}]PW[Maximiliana Oberhauser-Lindqvist von Hohenberg]\
             RE[B+Resign];B[cc];W[dd])",
            if size == width {
                size.to_string()
            } else {
                format!("{size}:{width}")
            }
        );
        let svg = d.join(format!("{size}x{width}.svg"));
        let o = show(
            "-",
            Some(sgf.as_bytes()),
            &["--svg", &svg.display().to_string()],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let g = std::fs::read_to_string(&svg).expect("svg written");
        // The canvas: the board (36 px around 24 px cells) and 8 px each side, no more.
        let board_w = 2 * 36 + (size - 1) * 24;
        let board_h = 2 * 36 + (width - 1) * 24;
        let view: Vec<usize> = g
            .split("viewBox=\"0 0 ")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .map(|v| v.split(' ').filter_map(|n| n.parse().ok()).collect())
            .unwrap_or_default();
        assert_eq!(
            view.first(),
            Some(&(board_w + 16)),
            "{size}x{width}: {view:?}"
        );
        assert!(
            view.get(1)
                .is_some_and(|&h| h > board_h && h < board_h + 240),
            "{size}x{width}: {view:?}"
        );
        // The title on several lines, every word of it there.
        let title = g
            .split("class=\"title\"")
            .nth(1)
            .and_then(|t| t.split("</text>").next())
            .unwrap_or_default();
        let lines: Vec<&str> = title
            .split("<tspan")
            .skip(1)
            .filter_map(|t| t.split('>').nth(1)?.split('<').next())
            .collect();
        assert!(lines.len() >= 2, "{size}x{width}: {title}");
        let joined = lines.join(" ").replace("&apos;", "'");
        for word in long.split(' ').chain(["Hohenberg", "result", "B+Resign"]) {
            assert!(
                joined.contains(word),
                "{size}x{width}: {word} cut from {joined}"
            );
        }
    }
}

#[test]
fn a_reader_that_goes_away_is_no_panic() {
    // `echelle show … | head -0`: standard output closed before the board is drawn.
    let mut child = echelle()
        .args([
            "show",
            "--color",
            "never",
            "samples/club-2025/2025-01-08-1-dubois-aberg.sgf",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("echelle starts");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("echelle ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {err}", out.status);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_record_analyze_calls_not_comparable_is_not_judged_by_show_either() {
    // A scored result after four moves, no passes: unfinished, so the recorded winner stands
    // in `analyze`; `show` once drew the count's "winner differs" for it.
    let d = Scratch::new("show", "unfinished");
    let f = d.join("early.sgf");
    std::fs::write(&f, "(;GM[1]SZ[9]KM[6.5]RE[B+3.5];B[cc];W[gg];B[cg];W[gc])").expect("writes");
    let analyzed = echelle()
        .args(["analyze", "--no-progress", "-q"])
        .arg(&f)
        .output()
        .expect("runs analyze");
    let line = String::from_utf8_lossy(&analyzed.stdout);
    assert!(line.contains("\"verdict\":\"not-comparable\""), "{line}");
    let o = show(&f, None, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Verdict vs RE: not comparable"), "{text}");
    assert!(
        text.contains("Outcome: Black wins by 3.5 (basis: recorded): unfinished position"),
        "{text}"
    );
}
