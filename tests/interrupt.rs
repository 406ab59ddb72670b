//! Interrupted runs of `echelle analyze -o FILE` and `--resume`: a signal leaves whole records
//! and an interrupted summary; a resumed output is byte for byte the uninterrupted one.

mod common;
use common::Scratch;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn echelle() -> Command {
    Command::new(env!("CARGO_BIN_EXE_echelle"))
}

/// A skip reason, on stderr even under libtest's capture.
fn skip(reason: &str) {
    let _ = writeln!(std::io::stderr(), "skipped: {reason}");
}

/// A finished 19×19 game of 40 distinct points (so that it is counted, with the estimate:
/// a few milliseconds each), different for every `seed`.
fn game(seed: u64) -> String {
    let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(12_345);
    let mut free: Vec<(u8, u8)> = (0..19).flat_map(|a| (0..19).map(move |b| (a, b))).collect();
    let mut moves = String::new();
    for k in 0..40 {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let (a, b) = free.remove(((x >> 33) % free.len() as u64) as usize);
        let color = if k % 2 == 0 { 'B' } else { 'W' };
        moves.push_str(&format!(
            ";{color}[{}{}]",
            (b'a' + a) as char,
            (b'a' + b) as char
        ));
    }
    format!(
        "(;GM[1]FF[4]SZ[19]KM[6.5]PB[Black {seed}]PW[White {seed}]RE[B+{}.5]{moves};B[];W[])",
        seed % 20
    )
}

/// `n` inputs in `dir`, sorted by name: mostly one game each, with collections of three
/// games, files that fail whole, repaired files, rule violations and files that are not SGF.
fn inputs(dir: &Path, n: u64) {
    for i in 0..n {
        let (name, text) = match i % 10 {
            1 => (
                format!("g{i:05}.sgf"),
                game(i) + &game(i + 1000) + &game(i + 2000),
            ),
            4 => (format!("g{i:05}.sgf"), "this is not sgf".to_string()),
            6 => (
                format!("g{i:05}.sgf"),
                "(;GM[1]SZ[9];B[ee];W[cc]".to_string(),
            ),
            7 => (format!("g{i:05}.txt"), "notes".to_string()),
            8 => (
                format!("g{i:05}.sgf"),
                "(;GM[1]SZ[9];B[ee];W[ee])".to_string(),
            ),
            _ => (format!("g{i:05}.sgf"), game(i)),
        };
        std::fs::write(dir.join(name), text).expect("write input");
    }
}

fn analyze(args: &[&str], paths: &[&Path], out: &Path) -> Output {
    echelle()
        .args(["analyze", "--no-progress"])
        .args(args)
        .args(paths)
        .arg("-o")
        .arg(out)
        .output()
        .expect("runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The summary without its timed first line and the line saying what was resumed.
fn summary_counts(stderr: &[u8]) -> String {
    text(stderr)
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("  resumed:"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Checks that `out` holds whole JSON lines only.
fn whole_lines(out: &[u8]) -> usize {
    assert!(
        out.is_empty() || out.ends_with(b"\n"),
        "a partial last line"
    );
    let lines = text(out);
    for l in lines.lines() {
        let v: serde_json::Value = serde_json::from_str(l).expect("a JSON record");
        assert!(v["file"].is_string(), "{l}");
    }
    lines.lines().count()
}

/// Starts `command` (`analyze -o out` or `rate`) on `dir` with one thread, sends it `signal`
/// after a moment (a few
/// dozen games: records are written a chunk of inputs at a time, and what is done when the
/// signal comes is written), and returns its result; `None` (after saying why) when no
/// signal could be sent in time.
#[cfg(unix)]
fn interrupted(command: &[&std::ffi::OsStr], dir: &Path, signal: &str) -> Option<Output> {
    use std::process::Stdio;
    use std::time::Duration;
    let mut child = echelle()
        .args(command)
        .args(["--no-progress", "-j", "1"])
        .arg(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    std::thread::sleep(Duration::from_millis(300));
    if child.try_wait().ok().flatten().is_some() {
        skip("the run ended before it could be interrupted");
        return None;
    }
    let pid = child.id().to_string();
    match Command::new("kill").args(["-s", signal, &pid]).status() {
        Ok(s) if s.success() => {}
        other => {
            let _ = child.kill();
            let _ = child.wait();
            skip(&format!("cannot send a signal with kill: {other:?}"));
            return None;
        }
    }
    let result = child.wait_with_output().expect("waits");
    if result.status.code() == Some(0) {
        skip("the run ended before the signal came");
        return None;
    }
    Some(result)
}

#[cfg(unix)]
#[test]
fn a_signal_leaves_whole_records_a_summary_and_status_130_and_resume_completes_the_file() {
    let d = Scratch::new("int", "signal");
    let dir = d.join("in");
    std::fs::create_dir_all(&dir).expect("dir");
    inputs(&dir, 600);
    let reference = d.join("reference.jsonl");
    let full = analyze(&["-j", "2"], &[&dir], &reference);
    assert_eq!(full.status.code(), Some(0), "{}", text(&full.stderr));
    let want = std::fs::read(&reference).expect("reference");
    let all = whole_lines(&want);

    let out = d.join("out.jsonl");
    let Some(cut) = interrupted(
        &["analyze".as_ref(), "-o".as_ref(), out.as_ref()],
        &dir,
        "INT",
    ) else {
        return;
    };
    let err = text(&cut.stderr);
    assert_eq!(cut.status.code(), Some(130), "{err}");
    assert!(err.starts_with("echelle: interrupted after "), "{err}");
    assert!(err.contains("records written: "), "{err}");
    assert!(err.contains("--resume continues it"), "{err}");
    let got = std::fs::read(&out).expect("output");
    let written = whole_lines(&got);
    assert!(written < all, "{written} of {all}");
    assert!(
        err.contains(&format!("records written: {written}\n")),
        "{err}"
    );
    assert!(want.starts_with(&got), "not the start of the full output");

    let resumed = analyze(&["-j", "2", "--resume"], &[&dir], &out);
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    assert!(
        std::fs::read(&out).expect("output") == want,
        "resumed output differs"
    );
    // The summary counts the whole batch: the records already written from their lines.
    assert_eq!(
        summary_counts(&resumed.stderr),
        summary_counts(&full.stderr)
    );
    assert!(
        text(&resumed.stderr).contains(&format!("  resumed: {written} records were already")),
        "{}",
        text(&resumed.stderr)
    );
}

#[cfg(unix)]
#[test]
fn sigterm_stops_the_batch_like_sigint_and_rate_too() {
    let d = Scratch::new("int", "sigterm");
    let dir = d.join("in");
    std::fs::create_dir_all(&dir).expect("dir");
    inputs(&dir, 400);
    let out = d.join("out.jsonl");
    let analyze = ["analyze".as_ref(), "-o".as_ref(), out.as_ref()];
    if let Some(cut) = interrupted(&analyze, &dir, "TERM") {
        let err = text(&cut.stderr);
        assert_eq!(cut.status.code(), Some(130), "{err}");
        assert!(err.starts_with("echelle: interrupted after "), "{err}");
        whole_lines(&std::fs::read(&out).expect("output"));
    }
    if let Some(rate) = interrupted(&["rate".as_ref()], &dir, "INT") {
        let err = text(&rate.stderr);
        assert_eq!(rate.status.code(), Some(130), "{err}");
        assert!(err.starts_with("echelle: interrupted after "), "{err}");
        assert!(err.contains("nothing rated"), "{err}");
        assert!(rate.stdout.is_empty(), "{}", text(&rate.stdout));
    }
}

/// The `file` column of a Parquet output, read with the parquet crate (which checks the
/// footer: a file cut short is an error).
fn parquet_files(bytes: Vec<u8>) -> Vec<String> {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let reader =
        SerializedFileReader::new(bytes::Bytes::from(bytes)).expect("a valid Parquet file");
    reader
        .get_row_iter(None)
        .expect("rows")
        .map(|row| {
            use parquet::record::RowAccessor;
            row.expect("a row").get_string(0).expect("file").clone()
        })
        .collect()
}

#[cfg(unix)]
#[test]
fn a_signal_leaves_a_valid_parquet_file_of_the_records_done() {
    let d = Scratch::new("int", "parquet");
    let dir = d.join("in");
    std::fs::create_dir_all(&dir).expect("dir");
    inputs(&dir, 600);
    let reference = d.join("reference.jsonl");
    let full = analyze(&["-j", "2"], &[&dir], &reference);
    assert_eq!(full.status.code(), Some(0), "{}", text(&full.stderr));
    let want: Vec<String> = text(&std::fs::read(&reference).expect("reference"))
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            v["file"].as_str().expect("file").to_string()
        })
        .collect();
    let out = d.join("out.parquet");
    let Some(cut) = interrupted(
        &["analyze".as_ref(), "-o".as_ref(), out.as_ref()],
        &dir,
        "INT",
    ) else {
        return;
    };
    let err = text(&cut.stderr);
    assert_eq!(cut.status.code(), Some(130), "{err}");
    assert!(err.contains("closed as a valid Parquet file"), "{err}");
    let got = parquet_files(std::fs::read(&out).expect("output"));
    assert!(got.len() < want.len(), "{} of {}", got.len(), want.len());
    assert!(
        err.contains(&format!("records written: {}\n", got.len())),
        "{err}"
    );
    assert_eq!(
        got[..],
        want[..got.len()],
        "not the first records of the full run"
    );
}

#[cfg(not(unix))]
#[test]
fn signals_are_tested_on_unix() {
    skip("signals are sent with kill(1), on Unix only");
}

/// Cuts `full` at `at` bytes into `out`, resumes with `args`, and checks the result.
fn resume_from_cut(args: &[&str], paths: &[&Path], full: &[u8], at: usize, out: &Path) {
    std::fs::write(out, &full[..at]).expect("cut");
    let args = [args, &["--resume", "-q"]].concat();
    let resumed = analyze(&args, paths, out);
    assert_eq!(
        resumed.status.code(),
        Some(0),
        "cut at {at}: {}",
        text(&resumed.stderr)
    );
    let got = std::fs::read(out).expect("output");
    assert!(
        got == full,
        "cut at {at} of {}: resumed output differs",
        full.len()
    );
}

/// Every place a record ends, and a few inside records.
fn cuts(full: &[u8]) -> Vec<usize> {
    let ends = full
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .map(|(i, _)| i + 1);
    let mut at: Vec<usize> = [0, 1, 100, full.len() / 2, full.len() - 1].into();
    at.extend(ends);
    at
}

#[test]
fn a_cut_output_resumes_to_the_uninterrupted_bytes() {
    let d = Scratch::new("int", "cut");
    let dir = d.join("in");
    std::fs::create_dir_all(&dir).expect("dir");
    inputs(&dir, 12);
    // Files named again on the command line: inputs of the same name (a collection of three
    // games, and a repaired file that `--only problems` keeps).
    let (collection, repaired) = (dir.join("g00001.sgf"), dir.join("g00006.sgf"));
    let paths = [&collection, &dir, &repaired, &collection].map(PathBuf::as_path);
    for only in ["all", "problems"] {
        let reference = d.join(format!("reference-{only}.jsonl"));
        let full = analyze(&["--only", only, "-q"], &paths, &reference);
        assert_eq!(full.status.code(), Some(0), "{}", text(&full.stderr));
        let want = std::fs::read(&reference).expect("reference");
        assert!(whole_lines(&want) > 3);
        for at in cuts(&want) {
            resume_from_cut(&["--only", only], &paths, &want, at, &d.join("out.jsonl"));
        }
    }
}

#[test]
fn resume_refuses_other_inputs_or_options() {
    let d = Scratch::new("int", "refuse");
    let dir = d.join("in");
    std::fs::create_dir_all(&dir).expect("dir");
    inputs(&dir, 12);
    let reference = d.join("reference.jsonl");
    assert_eq!(analyze(&["-q"], &[&dir], &reference).status.code(), Some(0));
    let want = std::fs::read(&reference).expect("reference");
    // Cut in the middle of the record after g00005.sgf's, a counted game (so that other
    // dead stones change it).
    let after = text(&want)
        .split_inclusive('\n')
        .take_while(|l| !l.contains("g00005.sgf"))
        .map(str::len)
        .sum::<usize>();
    let counted = text(&want)[after..].find('\n').map_or(0, |n| after + n + 1);
    let half = &want[..counted + 100];
    let out = d.join("out.jsonl");

    let refused = |args: &[&str], paths: &[&Path], says: &str| {
        std::fs::write(&out, half).expect("cut");
        let r = analyze(args, paths, &out);
        let err = text(&r.stderr);
        assert_eq!(r.status.code(), Some(2), "{err}");
        assert!(err.contains("cannot resume") && err.contains(says), "{err}");
        // Nothing was appended (a last partial line is dropped).
        let left = std::fs::read(&out).expect("output");
        assert!(half.starts_with(&left) && left.len() + 2000 > half.len());
    };
    // Another input set: the first input differs.
    let other = d.join("other");
    std::fs::create_dir_all(&other).expect("dir");
    std::fs::write(other.join("x.sgf"), game(7)).expect("write");
    refused(&["--resume"], &[&other], "the inputs changed");
    // The same inputs, and one more before them.
    refused(&["--resume"], &[&other, &dir], "the inputs changed");
    // Other options: the records differ.
    refused(
        &["--resume", "--dead-stones", "none"],
        &[&dir],
        "is not the one the output holds",
    );
    // Fewer inputs: the last record is never reached.
    let first = dir.join("g00000.sgf");
    refused(
        &["--resume"],
        &[&first],
        "is not among these inputs' records",
    );

    std::fs::write(&out, "not json\n").expect("write");
    let r = analyze(&["--resume"], &[&dir], &out);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("line 1 is not a record"));

    let no_file = echelle()
        .args(["analyze", "--resume"])
        .arg(&dir)
        .output()
        .expect("runs");
    assert_eq!(no_file.status.code(), Some(2));
    assert!(text(&no_file.stderr).contains("--output"));
}

#[test]
fn resume_without_an_output_file_starts_afresh() {
    let d = Scratch::new("int", "afresh");
    let dir = d.join("in");
    std::fs::create_dir_all(&dir).expect("dir");
    inputs(&dir, 6);
    let reference = d.join("reference.jsonl");
    assert_eq!(analyze(&["-q"], &[&dir], &reference).status.code(), Some(0));
    let out = d.join("new.jsonl");
    let r = analyze(&["-q", "--resume"], &[&dir], &out);
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    assert_eq!(std::fs::read(&out).ok(), std::fs::read(&reference).ok());
}
