"""Shared fixtures: the command line to compare with, the samples, the shared corpus."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _cli() -> Path:
    """The echelle binary: $ECHELLE_BIN (set by tests/python.rs), else target/release."""
    given = os.environ.get("ECHELLE_BIN")
    path = Path(given) if given else ROOT / "target" / "release" / "echelle"
    return path


@pytest.fixture(scope="session")
def cli() -> Path:
    path = _cli()
    if not path.is_file():
        pytest.skip(f"no echelle binary at {path} (cargo build --release, or set ECHELLE_BIN)")
    return path


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def samples() -> str:
    # Records name files as the paths were given: run from the root, relative paths.
    os.chdir(ROOT)
    return "samples"


@pytest.fixture(scope="session")
def corpus() -> Path:
    path = ROOT.parent / "shared" / "corpus"
    if not path.is_dir():
        print(f"skipping: no shared corpus at {path}", file=sys.stderr)
        pytest.skip(f"no shared corpus at {path}")
    return path


def run_cli(cli: Path, *args: str) -> subprocess.CompletedProcess:
    """Runs the binary from the repository's root, stdout as bytes."""
    return subprocess.run(
        [str(cli), *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False
    )


def cli_records(cli: Path, *args: str) -> List[Dict[str, Any]]:
    """`echelle analyze ARGS -q` as a list of dicts."""
    out = run_cli(cli, "analyze", "-q", "--no-progress", *args)
    assert out.returncode == 0, out.stderr.decode()
    return [json.loads(line) for line in out.stdout.decode().splitlines()]
