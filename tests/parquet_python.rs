//! The Parquet table as its users read it: pyarrow, pandas and DuckDB from Python
//! (`tests/parquet_check.py`), against the JSON lines of the same run, on the samples and on
//! a generated batch. The packages live in a virtualenv under `target/parquet-venv`, made
//! once and kept between runs; the test skips, saying why, without python3 or PyPI.

mod common;

use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Command;

const PACKAGES: [&str; 3] = ["pyarrow", "duckdb", "pandas"];

/// The virtualenv's python, made (and the packages installed) when it lacks them; `None`
/// with the reason printed when that cannot be done.
fn python() -> Option<PathBuf> {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/parquet-venv");
    let python = venv.join("bin/python");
    let has_packages = |py: &Path| {
        Command::new(py)
            .args(["-c", "import pyarrow, duckdb, pandas"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if has_packages(&python) {
        return Some(python);
    }
    let made = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .output();
    match made {
        Ok(o) if o.status.success() => {}
        Ok(o) => {
            common::skip(&format!(
                "python3 -m venv failed: {}",
                String::from_utf8_lossy(&o.stderr).trim()
            ));
            return None;
        }
        Err(e) => {
            common::skip(&format!("no python3: {e}"));
            return None;
        }
    }
    let pip = Command::new(&python)
        .args(["-m", "pip", "install", "-q", "--disable-pip-version-check"])
        .args(PACKAGES)
        .output();
    if !pip.as_ref().is_ok_and(|o| o.status.success()) || !has_packages(&python) {
        let why = pip.map_or_else(
            |e| e.to_string(),
            |o| String::from_utf8_lossy(&o.stderr).trim().to_string(),
        );
        common::skip(&format!("cannot install {PACKAGES:?} from PyPI: {why}"));
        return None;
    }
    Some(python)
}

/// Runs `analyze` on `inputs` twice (JSON lines, Parquet) and the Python check on both.
fn check(python: &Path, dir: &Path, inputs: &Path) {
    let parquet = dir.join("games.parquet");
    let jsonl = dir.join("games.jsonl");
    for out in [&parquet, &jsonl] {
        let o = Command::new(env!("CARGO_BIN_EXE_echelle"))
            .args(["analyze", "-q", "--no-progress", "-o"])
            .arg(out)
            .arg(inputs)
            .output()
            .expect("runs");
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let columns = dir.join("columns.json");
    let docs: Vec<_> = echelle::columnar::column_docs()
        .into_iter()
        .map(|d| json!({"name": d.name, "sql_type": d.sql_type, "json": d.json}))
        .collect();
    std::fs::write(&columns, serde_json::Value::from(docs).to_string()).expect("columns");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/parquet_check.py");
    let o = Command::new(python)
        .arg(script)
        .args([&parquet, &jsonl, &columns])
        .output()
        .expect("python runs");
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{}: {said}{}",
        inputs.display(),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(said.starts_with("ok: "), "{said}");
}

#[test]
fn pyarrow_pandas_and_duckdb_read_the_table_as_documented() {
    let Some(python) = python() else {
        return;
    };
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("parquet-python");
    let _ = std::fs::remove_dir_all(&root);
    let samples = root.join("samples");
    std::fs::create_dir_all(&samples).expect("dir");
    check(
        &python,
        &samples,
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("samples"),
    );
    let batch = root.join("batch");
    common::generated_batch(&batch.join("in"), 300);
    check(&python, &batch, &batch.join("in"));
}
