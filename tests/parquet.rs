//! `analyze` as a Parquet table, read back with the parquet crate's reader: one row per
//! JSON line, every field of every record equal to its JSON value, the same bytes at any
//! thread count, the documented types, and the refusals of the command line.

mod common;

use echelle::batch::{self, BatchOptions, Only};
use echelle::columnar;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::Field;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

fn samples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples")
}

fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("parquet-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

fn echelle() -> Command {
    Command::new(env!("CARGO_BIN_EXE_echelle"))
}

fn reader(bytes: Vec<u8>) -> SerializedFileReader<bytes::Bytes> {
    SerializedFileReader::new(bytes::Bytes::from(bytes)).expect("a readable Parquet file")
}

/// A Parquet value as JSON (a date as its days: the comparison skips date columns).
fn json(f: &Field) -> Value {
    match f {
        Field::Null => Value::Null,
        Field::Bool(b) => Value::Bool(*b),
        Field::Long(n) => Value::from(*n),
        Field::Int(n) | Field::Date(n) => Value::from(*n),
        Field::Double(x) => Value::from(*x),
        Field::Str(s) => Value::String(s.clone()),
        Field::ListInternal(l) => Value::Array(l.elements().iter().map(json).collect()),
        Field::Group(row) => Value::Object(
            row.get_column_iter()
                .map(|(k, v)| (k.clone(), json(v)))
                .collect(),
        ),
        other => panic!("a type the schema does not use: {other:?}"),
    }
}

/// Nulls and empty lists dropped, at every depth: the JSON leaves out some empty lists
/// (`left_in_atari`) and null fields (`event`) that the table holds as `[]` or null.
fn pruned(v: Value) -> Option<Value> {
    match v {
        Value::Null => None,
        Value::Array(a) if a.is_empty() => None,
        Value::Array(a) => Some(Value::Array(a.into_iter().filter_map(pruned).collect())),
        Value::Object(o) => {
            let o: Map<String, Value> = o
                .into_iter()
                .filter_map(|(k, v)| pruned(v).map(|v| (k, v)))
                .collect();
            (!o.is_empty()).then_some(Value::Object(o))
        }
        other => Some(other),
    }
}

/// Sets `value` at a dotted JSON path, making the objects on the way.
fn set(record: &mut Map<String, Value>, path: &str, value: Value) {
    let mut parts = path.split('.').peekable();
    let mut at = record;
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            at.insert(part.to_string(), value);
            return;
        }
        let next = at
            .entry(part.to_string())
            .or_insert_with(|| Value::Object(Map::new()));
        at = match next {
            Value::Object(o) => o,
            _ => panic!("{path} crosses a value"),
        };
    }
}

/// The rows of a Parquet file rebuilt as JSON records by the documented mapping (each
/// column to its JSON field; a date column is left out, its text column holds the field).
fn records(bytes: Vec<u8>) -> Vec<Value> {
    let docs = columnar::column_docs();
    let r = reader(bytes);
    r.get_row_iter(None)
        .expect("rows")
        .map(|row| {
            let row = row.expect("a row");
            let mut record = Map::new();
            for (name, field) in row.get_column_iter() {
                let doc = docs
                    .iter()
                    .find(|d| d.name == *name || d.name.starts_with(&format!("{name}[]")))
                    .unwrap_or_else(|| panic!("column {name} is not documented"));
                if doc.sql_type == "DATE" {
                    continue;
                }
                let path = doc.json.split("[]").next().unwrap_or_default();
                set(&mut record, path, json(field));
            }
            pruned(Value::Object(record)).unwrap_or(Value::Null)
        })
        .collect()
}

fn options(threads: usize, only: Only) -> BatchOptions {
    BatchOptions {
        threads: Some(threads),
        only,
        ..Default::default()
    }
}

fn parquet_of(paths: &[PathBuf], opts: &BatchOptions) -> Vec<u8> {
    let (_, out) = batch::run_parquet(paths, opts, Vec::new()).expect("batch");
    out
}

fn json_of(paths: &[PathBuf], opts: &BatchOptions) -> Vec<Value> {
    let mut out = Vec::new();
    batch::run(paths, opts, &mut out).expect("batch");
    String::from_utf8(out)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

/// Every record's JSON, field by field, is what its row holds; gives the records.
fn same_records_with(paths: &[PathBuf], opts: &BatchOptions) -> Vec<Value> {
    let want: Vec<Value> = json_of(paths, opts)
        .into_iter()
        .map(|v| pruned(v).unwrap_or(Value::Null))
        .collect();
    let got = records(parquet_of(paths, opts));
    assert_eq!(got.len(), want.len(), "rows vs JSON lines");
    for (g, w) in got.iter().zip(&want) {
        assert_eq!(g, w, "row differs from its JSON record");
    }
    got
}

fn same_records(paths: &[PathBuf]) -> usize {
    same_records_with(paths, &options(2, Only::All)).len()
}

/// How many records hold the JSON field at `path` (`score.margin_range`).
fn holding(records: &[Value], path: &str) -> usize {
    let pointer = format!("/{}", path.replace('.', "/"));
    records
        .iter()
        .filter(|r| r.pointer(&pointer).is_some())
        .count()
}

#[test]
fn every_field_of_every_sample_record_reads_back_from_its_row() {
    let n = same_records(&[samples()]);
    assert!(n > 100, "{n} records");
}

#[test]
fn every_field_of_a_generated_batch_reads_back_from_its_row() {
    let dir = scratch("generated").join("in");
    common::generated_batch(&dir, 200);
    let n = same_records(&[dir]);
    assert!(n > 200, "{n} records");
}

#[test]
fn every_field_of_the_corpus_test_suites_reads_back_from_its_row() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    // The SGF test suites of other tools: odd encodings, broken files, every property.
    let dirs: Vec<PathBuf> = [
        "sgfc-tests",
        "sabaki-sgf-tests",
        "rooklift-sgf-tests",
        "libsgfcplusplus-tests",
        "katrain-tests",
        "katago-tests",
        "goscorer-tests",
        "littlego-sgf",
        "federation-files",
    ]
    .iter()
    .map(|d| corpus.join(d))
    .filter(|d| d.is_dir())
    .collect();
    let n = same_records(&dirs);
    assert!(n > 100, "{n} records");
}

#[test]
fn uncertain_groups_and_margin_ranges_read_back_from_the_gnu_go_set() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let dir = corpus.join("gnugo-regression");
    if !dir.is_dir() {
        common::skip("no gnugo-regression in the shared corpus");
        return;
    }
    let mut opts = options(2, Only::All);
    opts.analyze.dead_stones = "estimate".parse().expect("a method");
    let got = same_records_with(&[dir], &opts);
    let groups = holding(&got, "score.dead_stones.uncertain_groups");
    assert!(groups > 10, "{groups} records with uncertain groups");
    assert!(holding(&got, "score.margin_range") > 10);
}

#[test]
fn an_oracles_error_reads_back_from_its_row() {
    let dir = scratch("oracle");
    let Some(cmd) = common::engine_that_cannot_score(&dir, "fake-gtp-engine.sh") else {
        return;
    };
    let mut opts = options(1, Only::All);
    opts.analyze.oracle = Some(cmd);
    let got = same_records_with(&[samples().join("championnat-2025.tar.gz")], &opts);
    let failed = holding(&got, "score.dead_stones.oracle_error");
    assert!(failed > 0, "no oracle error among {} records", got.len());
}

#[test]
fn every_json_field_has_a_column() {
    let columns: Vec<String> = columnar::column_docs()
        .into_iter()
        .map(|d| d.json)
        .collect();
    fn leaves(prefix: &str, v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(o) => {
                for (k, x) in o {
                    let p = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    leaves(&p, x, out);
                }
            }
            Value::Array(a) => {
                let p = format!("{prefix}[]");
                if a.is_empty() {
                    out.push(p.clone());
                }
                for x in a {
                    leaves(&p, x, out);
                }
            }
            _ => out.push(prefix.to_string()),
        }
    }
    let mut paths = Vec::new();
    for r in common::analyze(&[samples()], 2) {
        leaves("", &r, &mut paths);
    }
    for p in paths {
        // An empty list of objects has no leaf to name: its fields' columns start with it.
        assert!(
            columns
                .iter()
                .any(|c| *c == p || c.starts_with(&format!("{p}."))),
            "JSON field {p} has no column"
        );
    }
}

#[test]
fn the_readme_documents_every_column_with_its_type() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README");
    for d in columnar::column_docs() {
        let row = format!("| `{}` | {} | `{}` |", d.name, d.sql_type, d.json);
        assert!(readme.contains(&row), "README lacks the row {row}");
    }
}

#[test]
fn the_command_writes_one_row_per_json_line_the_same_bytes_at_any_thread_count() {
    let d = scratch("cli");
    for only in ["all", "problems"] {
        let run = |threads: &str, out: &Path, extra: &[&str]| {
            let o = echelle()
                .args([
                    "analyze",
                    "-q",
                    "--no-progress",
                    "-j",
                    threads,
                    "--only",
                    only,
                ])
                .args(extra)
                .arg("-o")
                .arg(out)
                .arg(samples())
                .output()
                .expect("runs");
            assert_eq!(
                o.status.code(),
                Some(0),
                "{}",
                String::from_utf8_lossy(&o.stderr)
            );
            std::fs::read(out).expect("output")
        };
        let one = run("1", &d.join("one.parquet"), &[]);
        let two = run("2", &d.join("two.PARQUET"), &[]);
        let named = run("2", &d.join("named.out"), &["--format", "parquet"]);
        let lines = run("2", &d.join("lines.jsonl"), &[]);
        assert!(
            one == two && two == named,
            "bytes differ with the thread count"
        );
        let rows = reader(one).metadata().file_metadata().num_rows();
        let want = lines.iter().filter(|&&b| b == b'\n').count();
        assert_eq!(rows as usize, want, "--only {only}");
        assert!(rows > 0);
    }
}

#[test]
fn parquet_to_standard_output_or_resumed_is_a_usage_error() {
    let d = scratch("refusals");
    let out = d.join("x.parquet");
    let lines = d.join("x.jsonl");
    let cases: [&[&str]; 3] = [
        &["--format", "parquet"],
        &["-o", out.to_str().expect("utf-8 path"), "--resume"],
        &[
            "--format",
            "parquet",
            "-o",
            lines.to_str().expect("utf-8"),
            "--resume",
        ],
    ];
    for args in cases {
        let o = echelle()
            .args(["analyze", "-q"])
            .args(args)
            .arg(samples())
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("Parquet"), "{err}");
        assert!(o.stdout.is_empty());
    }
    assert!(!out.exists(), "a refused command wrote its output");
}
