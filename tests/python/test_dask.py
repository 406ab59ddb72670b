"""echelle.dask on a LocalCluster of two worker processes: the command line's records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import echelle
from conftest import cli_records

dask = pytest.importorskip("dask")
distributed = pytest.importorskip("distributed")
import dask.bag as db  # noqa: E402

import echelle.dask  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_a_bag_of_paths_gives_the_command_lines_records(client, cli, samples):
    bag = echelle.dask.inputs([samples], npartitions=7)
    records = echelle.dask.analyze(bag)
    with distributed.get_task_stream(client) as tasks:
        got = records.compute()
    assert got == cli_records(cli, samples)
    # Really spread: both workers analysed partitions.
    assert len({t["worker"] for t in tasks.data}) == 2


def test_a_bag_of_bytes_gives_the_records_of_the_files(client, cli, samples):
    files = sorted(Path(samples).rglob("*.sgf"))
    bag = db.from_sequence([(str(f), f.read_bytes()) for f in files], npartitions=5)
    got = echelle.dask.analyze(bag, dead_stones="none").compute()
    assert got == cli_records(cli, "--dead-stones", "none", *map(str, files))


def test_sharded_records_rated_once_equal_rate_of_the_files(client, samples):
    records = echelle.dask.analyze(echelle.dask.inputs(samples, npartitions=3))
    got = echelle.dask.rate(records, engines=["ffg1984", "elo"])
    expected = echelle.rate(samples, engines=["ffg1984", "elo"])
    # Records tell nothing of the files a walk skipped (not SGF): the rest is the same.
    got["reading"].pop("other_files_skipped")
    expected["reading"].pop("other_files_skipped")
    assert got == expected


@pytest.mark.parametrize(
    "kw,message",
    [
        (dict(ko="japanese"), "expected one of"),
        (dict(oracle="gnugo"), "expected gtp:COMMAND"),
        (dict(oracle="gtp:x", dead_stones="gtp:y"), "decides them all already"),
        (dict(engine_timeout=0), "at least 1"),
    ],
)
def test_bad_options_are_refused_before_anything_is_shipped(samples, kw, message):
    with pytest.raises(ValueError, match=message):
        echelle.dask.analyze(db.from_sequence([samples]), **kw)
