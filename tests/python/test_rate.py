"""echelle.rate against `echelle rate --format json`, from paths and from analysed records."""

from __future__ import annotations

import json

import pytest

import echelle
from conftest import run_cli


def cli_rate(cli, tmp_path, *args):
    history = tmp_path / "history.jsonl"
    out = run_cli(cli, "rate", "-q", "--no-progress", "--format", "json", "--history", str(history), *args)
    assert out.returncode == 0, out.stderr.decode()
    rows = [json.loads(l) for l in history.read_text(encoding="utf-8").splitlines()]
    return json.loads(out.stdout), rows


def test_rate_of_paths_is_the_command_lines_document(cli, samples, tmp_path):
    doc, history = cli_rate(cli, tmp_path, samples, "--engine", "ffg1984,elo,glicko2")
    got = echelle.rate([samples], engines=["ffg1984", "elo", "glicko2"], history=True)
    assert got.pop("history") == history
    assert got == doc
    ladder = got["engines"][0]["ladder"]
    assert got["engines"][0]["engine"] == "ffg1984" and len(ladder) > 5
    assert {"name", "level", "games", "position"} <= set(ladder[0])


def test_rate_of_a_ladder_and_aliases_reads_them_as_the_command_line(cli, samples, tmp_path):
    fed = "samples/federation/"
    flags = ["--ladder", fed + "ech_ffg_sample.txt", "--aliases", fed + "aliases.tsv"]
    doc, _ = cli_rate(cli, tmp_path, samples, *flags)
    got = echelle.rate(samples, ladder=fed + "ech_ffg_sample.txt", aliases=fed + "aliases.tsv")
    assert got == doc


def test_rate_of_records_equals_rate_of_their_files(samples):
    records = list(echelle.analyze([samples]))
    from_records = echelle.rate(records, engines="ffg1984,whr", history=True)
    from_paths = echelle.rate([samples], engines="ffg1984,whr", history=True)
    # Records tell nothing of the files a walk skipped (not SGF): the rest is the same.
    assert from_records["reading"].pop("other_files_skipped") == {}
    assert from_paths["reading"].pop("other_files_skipped")["not an SGF file (by extension)"] > 0
    assert from_records == from_paths


def test_errors_are_the_command_lines(samples):
    with pytest.raises(ValueError, match="expected one of"):
        echelle.rate(samples, engines=["ffg1985"])
    with pytest.raises(echelle.EchelleError, match="cannot read no-such-ladder.txt"):
        echelle.rate(samples, ladder="no-such-ladder.txt")
    with pytest.raises(echelle.EchelleError, match="not a record"):
        echelle.rate([{"file": "x"}])
