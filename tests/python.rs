//! The Python module (pyproject.toml, src/python.rs, src/python/echelle/) built into a
//! virtualenv under `target/` and tested with pytest (tests/python/), so that `cargo test
//! --release` runs the Python tests too. Skipped, saying why on stderr, when `python3`, its
//! `venv` module or the package index (first run only) is missing — unless
//! `ECHELLE_REQUIRE_PYTHON=1` (set by `.ci/run`), when a skip is a failure.
//!
//! The virtualenv is kept between runs: its dependencies are installed once (and again when
//! pyproject.toml changes), and the module is rebuilt only when a source it is built from
//! changed (a stamp of their contents).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Where the virtualenv lives, under the crate's target directory.
const VENV: &str = "target/py-venv";
/// What the tests need besides the module (the `test` extra of pyproject.toml), and maturin
/// to build it without an isolated build environment (so without the network once there).
const DEPENDENCIES: &[&str] = &[
    "maturin>=1.5,<2.0",
    "pytest>=7",
    "dask[distributed]>=2023.1",
    "pandas>=1.5",
    "pyarrow>=14",
];

/// Says why the tests cannot run: a skip, or a failure where they are required.
fn skip(why: &str) {
    assert!(
        std::env::var("ECHELLE_REQUIRE_PYTHON").as_deref() != Ok("1"),
        "the Python tests are required (ECHELLE_REQUIRE_PYTHON=1) but cannot run: {why}"
    );
    eprintln!("skipping the Python tests: {why}");
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs a command, its output kept; `None` when it cannot be started at all.
fn run(cmd: &mut Command) -> Option<Output> {
    cmd.current_dir(root()).output().ok()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A stamp of the contents of every file the module is built from.
fn sources_stamp() -> String {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "__pycache__") {
                    walk(&p, files);
                }
            } else {
                files.push(p);
            }
        }
    }
    let mut files = vec![
        root().join("Cargo.toml"),
        root().join("Cargo.lock"),
        root().join("pyproject.toml"),
    ];
    walk(&root().join("src"), &mut files);
    files.sort();
    let mut h = DefaultHasher::new();
    for f in &files {
        f.hash(&mut h);
        std::fs::read(f).unwrap_or_default().hash(&mut h);
    }
    format!("{:016x}", h.finish())
}

#[test]
fn the_python_module_passes_its_tests() {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    if !run(Command::new(&python).arg("--version")).is_some_and(|o| o.status.success()) {
        skip(&format!("no {python} on PATH"));
        return;
    }
    let venv = root().join(VENV);
    let bin = venv.join("bin");
    let vpython = bin.join("python");
    if !vpython.exists() {
        let made = run(Command::new(&python).args(["-m", "venv"]).arg(&venv));
        if !made.as_ref().is_some_and(|o| o.status.success()) {
            skip(&format!(
                "{python} -m venv failed (Debian: apt-get install python3-venv): {}",
                made.as_ref().map(text).unwrap_or_default()
            ));
            let _ = std::fs::remove_dir_all(&venv);
            return;
        }
    }
    // The venv's own bin first: maturin is found there by pip's build step.
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let pip = |args: &[&str]| {
        run(Command::new(&vpython)
            .args(["-m", "pip", "--disable-pip-version-check"])
            .args(args)
            .env("PATH", &path))
    };

    let deps_stamp = venv.join(".echelle-deps");
    let wanted_deps = DEPENDENCIES.join("\n");
    if std::fs::read_to_string(&deps_stamp).ok().as_deref() != Some(wanted_deps.as_str()) {
        let got = pip(&[&["install", "-q"][..], DEPENDENCIES].concat());
        if !got.as_ref().is_some_and(|o| o.status.success()) {
            skip(&format!(
                "cannot install their dependencies (no package index?): {}",
                got.as_ref().map(text).unwrap_or_default()
            ));
            return;
        }
        std::fs::write(&deps_stamp, &wanted_deps).expect("write the dependencies' stamp");
    }

    let module_stamp = venv.join(".echelle-module");
    let stamp = sources_stamp();
    if std::fs::read_to_string(&module_stamp).ok().as_deref() != Some(stamp.as_str()) {
        // `pip install .` as a user would, without build isolation (maturin is already in
        // the venv); cargo builds into this crate's target directory.
        let built = pip(&["install", "-q", "--no-build-isolation", "--no-deps", "."]);
        let built = built.expect("start pip");
        assert!(
            built.status.success(),
            "pip install . failed:\n{}",
            text(&built)
        );
        std::fs::write(&module_stamp, &stamp).expect("write the module's stamp");
    }

    let tests = run(Command::new(&vpython)
        .args([
            "-m",
            "pytest",
            "tests/python",
            "-q",
            "-p",
            "no:cacheprovider",
        ])
        .env("ECHELLE_BIN", env!("CARGO_BIN_EXE_echelle"))
        // No __pycache__ left in the source tree.
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PATH", &path))
    .expect("start pytest");
    eprintln!("{}", text(&tests));
    assert!(tests.status.success(), "pytest failed:\n{}", text(&tests));
    let out = String::from_utf8_lossy(&tests.stdout);
    assert!(out.contains(" passed"), "pytest ran no test:\n{out}");
}
