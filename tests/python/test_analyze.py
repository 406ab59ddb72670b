"""echelle.analyze and analyze_bytes against the command line, on the bundled samples."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

import echelle
from conftest import cli_records, run_cli


def test_records_equal_the_command_lines_lines(cli, samples):
    expected = cli_records(cli, samples)
    got = list(echelle.analyze([samples]))
    assert len(got) == len(expected) > 100
    assert got == expected
    # Key order too: the dict is the line, field by field.
    assert [list(r) for r in got] == [list(r) for r in expected]


# Fake GTP engines, as POSIX sh scripts (the Rust tests' `engine_that_cannot_score` and slow
# engine): no GNU Go needed.
ENGINES = {
    # Shakes hands, but `final_status_list` is an error.
    "cannot_score": "while read -r c; do case \"$c\" in protocol_version) printf '= 2\\n\\n';; "
    "final_status_list*) printf '? cannot score\\n\\n';; *) printf '= fake\\n\\n';; esac; done",
    # Takes 2 s over `final_status_list`, then calls nothing dead.
    "slow": "while read -r c; do case \"$c\" in protocol_version) printf '= 2\\n\\n';; "
    "final_status_list*) sleep 2; printf '= \\n\\n';; *) printf '= slow\\n\\n';; esac; done",
}


@pytest.fixture(scope="session")
def engines(tmp_path_factory):
    """The fake engines' command lines, by name (`sh FILE`)."""
    if shutil.which("sh") is None:
        print("skipping: no POSIX sh to run a fake GTP engine", file=sys.stderr)
        pytest.skip("no POSIX sh to run a fake GTP engine")
    folder = tmp_path_factory.mktemp("gtp-engines")
    commands = {}
    for name, script in ENGINES.items():
        (folder / f"{name}.sh").write_text(script)
        commands[name] = f"sh {folder / f'{name}.sh'}"
    return commands


@pytest.mark.parametrize(
    "kw,flags",
    [
        (dict(ko="situational", dead_stones="none"), ["--ko", "situational", "--dead-stones", "none"]),
        (dict(only="problems", dead_stones="markup"), ["--only", "problems", "--dead-stones", "markup"]),
        (dict(max_nodes=50), ["--max-nodes", "50"]),
        (dict(engine_timeout=5), ["--engine-timeout", "5"]),
        (dict(seed=1, dead_stones="estimate"), ["--seed", "1", "--dead-stones", "estimate"]),
        # `{name}` is a fake engine's command line (the `engines` fixture).
        (dict(oracle="gtp:{cannot_score}"), ["--oracle", "gtp:{cannot_score}"]),
    ],
)
def test_options_mean_what_the_flags_mean(cli, samples, kw, flags, request):
    if any("{" in str(v) for v in [*kw.values(), *flags]):
        # Asked for here only: the cases without an engine run without a shell.
        engines = request.getfixturevalue("engines")
        kw = {k: v.format(**engines) if isinstance(v, str) else v for k, v in kw.items()}
        flags = [f.format(**engines) for f in flags]
    assert list(echelle.analyze(samples, **kw)) == cli_records(cli, samples, *flags)


def test_the_oracle_is_asked_about_the_flagged_positions_only(samples, engines):
    plain = list(echelle.analyze(samples))
    records = echelle.analyze(samples, oracle="gtp:" + engines["cannot_score"])
    asked = list(records)
    failed = 0
    for record in asked:
        dead = (record.get("score") or {}).get("dead_stones") or {}
        if "oracle_error" in dead:
            assert "cannot score" in dead.pop("oracle_error")
            failed += 1
    assert 0 < failed < len(asked)
    # The engine failed, so the estimate stood: beside its error, every record is the same.
    assert asked == plain
    noun = "position" if failed == 1 else "positions"
    line = f"oracle: {failed} flagged {noun} (seki, uncertain group) sent to the engine, {failed} failed"
    assert line in records.summary


def test_engine_timeout_is_the_engines_deadline(cli, tmp_path, engines):
    # One game, the slow engine deciding it: the samples would cost a second a position.
    game = tmp_path / "scored.sgf"
    game.write_text("(;GM[1]FF[4]SZ[9]KM[6.5]RE[B+2.5];B[cc];W[gg];B[];W[])")
    slow = "gtp:" + engines["slow"]
    short = list(echelle.analyze(game, dead_stones=slow, engine_timeout=1))
    assert short == cli_records(cli, "--dead-stones", slow, "--engine-timeout", "1", str(game))
    assert "within 1 s" in short[0]["score"]["dead_stones"]["engine_error"]
    (record,) = echelle.analyze(game, dead_stones=slow, engine_timeout=5)
    assert "engine_error" not in record["score"]["dead_stones"]


def test_one_thread_and_two_give_the_same_records(samples):
    assert list(echelle.analyze(samples, threads=1)) == list(echelle.analyze(samples, threads=2))


def test_bad_files_are_records_not_exceptions(tmp_path):
    (tmp_path / "a-bad.sgf").write_bytes(b"\x00\x01 this is no game")
    (tmp_path / "b-good.sgf").write_bytes(b"(;GM[1]SZ[9]RE[B+R];B[ee];W[cc])")
    records = list(echelle.analyze(tmp_path))
    assert [r["status"] for r in records] == ["error", "ok"]
    assert records[0]["game"] is None and records[0]["errors"]


def test_a_missing_path_raises_the_command_lines_message(cli, samples):
    out = run_cli(cli, "analyze", "no-such-dir")
    assert out.returncode == 2
    message = out.stderr.decode().strip().removeprefix("echelle: ")
    with pytest.raises(echelle.EchelleError) as e:
        echelle.analyze(["no-such-dir"])
    assert str(e.value) == message


@pytest.mark.parametrize("kw", [dict(ko="superko!"), dict(only="some"), dict(dead_stones="guess")])
def test_a_bad_option_name_is_a_value_error_naming_the_choices(kw):
    with pytest.raises(ValueError, match="expected"):
        echelle.analyze(["samples"], **kw)


@pytest.mark.parametrize(
    "kw,message",
    [
        (dict(oracle="gnugo"), "expected gtp:COMMAND"),
        (dict(oracle="gtp: "), "expected gtp:COMMAND"),
        (dict(oracle="gtp:x", dead_stones="gtp:y"), "the engine decides them all already"),
        (dict(engine_timeout=0), "at least 1"),
        (dict(engine_timeout=-5), "at least 1"),
        (dict(engine_timeout=2**64), "at least 1"),
    ],
)
def test_a_bad_engine_option_is_a_value_error_as_the_flag_is_refused(kw, message):
    for call in (
        lambda: echelle.analyze(["samples"], **kw),
        lambda: echelle.analyze_bytes("x.sgf", b"", **kw),
        lambda: echelle.rate(["samples"], **kw),
    ):
        with pytest.raises(ValueError, match=message):
            call()


def test_an_oracle_that_does_not_start_raises_the_command_lines_message(cli, samples):
    out = run_cli(cli, "analyze", "--oracle", "gtp:no-such-gtp-engine", samples)
    assert out.returncode == 2
    message = out.stderr.decode().strip().removeprefix("echelle: ")
    assert "no-such-gtp-engine" in message
    with pytest.raises(echelle.EchelleError) as e:
        echelle.analyze(samples, oracle="gtp:no-such-gtp-engine")
    assert str(e.value) == message


def test_closing_stops_the_stream_and_summary_comes_at_the_end(samples):
    records = echelle.analyze(samples)
    first = next(records)
    assert first["game"] == 0
    records.close()
    assert list(records) == []
    with echelle.analyze(samples) as whole:
        n = sum(1 for _ in whole)
    assert whole.summary is not None and f"{n} games" in whole.summary


def test_dropping_an_iterator_early_leaves_the_next_run_whole(samples):
    for _ in range(5):
        it = echelle.analyze(samples, threads=2)
        next(it)
        del it
    assert len(list(echelle.analyze(samples))) == len(list(echelle.analyze(samples)))


def test_analyze_bytes_gives_the_records_of_the_file(cli, samples):
    files = sorted(Path(samples).rglob("*.sgf"))
    assert len(files) > 50
    expected = cli_records(cli, *map(str, files))
    got = [r for f in files for r in echelle.analyze_bytes(str(f), f.read_bytes())]
    assert got == expected


def test_analyze_bytes_of_garbage_is_one_error_record():
    (record,) = echelle.analyze_bytes("blob-17", b"\x00\xffnot sgf")
    assert record["file"] == "blob-17" and record["status"] == "error"
    assert record["errors"][0]["kind"] in ("parse", "no-game")


def test_list_inputs_in_order_gives_the_same_records(samples):
    files = echelle.list_inputs([samples])
    assert any(f.endswith(".zip") for f in files)
    assert not any(f.endswith(".py") for f in files)
    per_file = [r for f in files for r in echelle.analyze(f)]
    assert per_file == list(echelle.analyze(samples))


def test_to_arrow_is_the_command_lines_parquet_table(cli, samples, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "games.parquet"
    done = run_cli(cli, "analyze", "-q", "--no-progress", "--only", "problems", "-o", str(out), samples)
    assert done.returncode == 0, done.stderr.decode()
    expected = pq.read_table(out)
    table = echelle.to_arrow(samples, only="problems")
    assert table.equals(expected)
    assert table.num_rows == len(list(echelle.analyze(samples, only="problems"))) > 0
    frame = echelle.to_pandas([samples])
    assert len(frame) == len(list(echelle.analyze(samples)))
    assert list(frame["file"])[:3] == [r["file"] for r in echelle.analyze(samples)][:3]


def test_arrow_batches_stream_the_table_in_batches_of_at_most_8192_rows(cli, tmp_path):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    # One collection of 20,000 short games: three files of rows from the library.
    games = "".join(f"(;GM[1]SZ[9]PB[b{i}]PW[w{i}];B[ee];W[cc])" for i in range(20_000))
    (tmp_path / "many.sgf").write_text(games)
    out = tmp_path / "many.parquet"
    done = run_cli(cli, "analyze", "-q", "--no-progress", "-o", str(out), str(tmp_path / "many.sgf"))
    assert done.returncode == 0, done.stderr.decode()
    expected = pq.read_table(out)
    reader = echelle.arrow_batches(tmp_path / "many.sgf", threads=2)
    assert isinstance(reader, pa.RecordBatchReader)
    assert reader.schema == expected.schema
    sizes = [b.num_rows for b in reader]
    assert sum(sizes) == expected.num_rows == 20_000
    assert len(sizes) >= 3 and max(sizes) <= 8192
    table = echelle.to_arrow(tmp_path / "many.sgf")
    assert table.equals(expected)


def test_arrow_batches_without_rows_still_give_the_schema(tmp_path):
    pytest.importorskip("pyarrow")
    (tmp_path / "fine.sgf").write_bytes(b"(;GM[1]SZ[9]RE[B+R];B[ee];W[cc])")
    table = echelle.to_arrow(tmp_path, only="errors")
    assert table.num_rows == 0
    assert "score_dead_stones_uncertain_groups" in table.column_names


def test_closing_arrow_batches_early_stops_the_batch(samples):
    pytest.importorskip("pyarrow")
    reader = echelle.arrow_batches(samples)
    first = reader.read_next_batch()
    assert first.num_rows > 0
    reader.close()
    # The next call runs whole.
    assert echelle.to_arrow(samples).num_rows == len(list(echelle.analyze(samples)))


def test_arrow_batches_raise_a_missing_path_at_once():
    pytest.importorskip("pyarrow")
    with pytest.raises(echelle.EchelleError):
        echelle.arrow_batches(["no-such-dir"])
