"""Python records against the command line's on the whole shared corpus (../shared/corpus)."""

from __future__ import annotations

import json
import subprocess

import echelle
from conftest import ROOT


def test_python_and_cli_records_are_identical_on_the_corpus(cli, corpus):
    # Both stream: the corpus's ~21,000 records are compared one by one, never all held.
    proc = subprocess.Popen(
        [str(cli), "analyze", "-q", "--no-progress", str(corpus)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
    )
    assert proc.stdout is not None
    n = 0
    records = echelle.analyze([str(corpus)])
    for line, record in zip(proc.stdout, records):
        expected = json.loads(line)
        assert record == expected, f"record {n} differs: {expected['file']}"
        n += 1
    assert next(proc.stdout, None) is None, f"the command line has more than {n} records"
    assert next(records, None) is None, f"Python has more than {n} records"
    assert proc.wait() == 0
    assert n > 10_000
