"""echelle from Python: check, score and rate archives of Go game records (SGF).

A thin binding of the Rust library (the only implementation): every record is the JSON
line ``echelle analyze`` writes, as a dict with the same keys and values; option names are
the command line's. Bad files are records (``status == "error"``), never exceptions; an
:class:`EchelleError` stops a whole call with the command line's message, and a bad option
name is a :class:`ValueError`.

>>> import echelle
>>> rec = next(echelle.analyze(["samples"]))
>>> rec["status"], rec["verdict"]
('ok', 'match')
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from . import _echelle
from ._echelle import EchelleError, Records

if TYPE_CHECKING:  # optional extras: `pip install ".[arrow]"` or `".[pandas]"`
    import pandas
    import pyarrow

__version__: str = _echelle.__version__

__all__ = [
    "EchelleError",
    "Records",
    "analyze",
    "analyze_bytes",
    "arrow_batches",
    "list_inputs",
    "rate",
    "to_arrow",
    "to_pandas",
    "__version__",
]

PathLike = Union[str, "os.PathLike[str]"]
"""A path as the command line takes it: a file, a directory, an archive, or ``-`` (stdin)."""

Record = Dict[str, Any]
"""One record of ``echelle analyze`` (one game, or a file that failed whole)."""

# The command line's limits, from the library.
_MAX_FILE_BYTES: int = _echelle.MAX_FILE_BYTES
_MAX_ENTRY_BYTES: int = _echelle.MAX_ENTRY_BYTES
_MAX_NODES: int = _echelle.MAX_NODES


def _paths(paths: Union[PathLike, Iterable[PathLike]]) -> List[str]:
    """One path or many, as strings (a lone str is one path, not its characters)."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    return [os.fsdecode(p) for p in paths]


def analyze(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    threads: Optional[int] = None,
    dead_stones: str = "auto",
    ko: str = "positional",
    only: str = "all",
    max_file_bytes: int = _MAX_FILE_BYTES,
    max_entry_bytes: int = _MAX_ENTRY_BYTES,
    max_nodes: int = _MAX_NODES,
    oracle: Optional[str] = None,
    engine_timeout: int = 60,
    seed: Optional[int] = None,
) -> Records:
    """Analyse every game under ``paths``, as ``echelle analyze PATH...`` does.

    Returns an iterator of dicts, streamed in input order while the batch runs on its own
    threads (the GIL is released while waiting); each dict equals the JSON line the command
    line writes for the same inputs and options. Dropping or closing the iterator (or
    leaving a ``with`` block) stops the batch. Once exhausted, ``.summary`` holds the
    summary the command line prints on stderr.

    :param paths: files, directories (walked recursively, sorted byte-wise), ``.zip``,
        ``.tar``, ``.tar.gz`` archives, or ``-`` for standard input.
    :param threads: worker threads (``-j``); ``None`` is one per core.
    :param dead_stones: ``auto``, ``markup``, ``estimate``, ``none`` or ``gtp:COMMAND``.
    :param ko: ``positional``, ``situational``, ``natural-situational`` or ``simple``.
    :param only: ``all``, ``problems``, ``errors``, ``violations`` or ``mismatches``.
    :param oracle: ``gtp:COMMAND`` (``--oracle``): a GTP engine asked only about the
        positions the dead-stone estimate flags (a seki, an uncertain group); its dead stones
        replace the estimate's there. Not with ``dead_stones="gtp:..."``, which asks the
        engine about every position already.
    :param engine_timeout: seconds (at least 1) a GTP engine (``dead_stones="gtp:..."``,
        ``oracle``) may take over one position before it counts as giving no answer
        (``--engine-timeout``).
    :param seed: the seed of the dead-stone estimate's playouts (``--seed``); ``None`` is the
        fixed default. Another seed shows which answers rest on sampling luck.
    :raises EchelleError: a path that cannot be used, a GTP engine that does not start.
    :raises ValueError: an option name or value the command line would refuse.
    """
    options = _echelle.Options(
        threads=threads,
        dead_stones=dead_stones,
        ko=ko,
        only=only,
        max_file_bytes=max_file_bytes,
        max_entry_bytes=max_entry_bytes,
        max_nodes=max_nodes,
        oracle=oracle,
        engine_timeout=engine_timeout,
        seed=seed,
    )
    return _echelle.analyze(_paths(paths), options)


def arrow_batches(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    threads: Optional[int] = None,
    dead_stones: str = "auto",
    ko: str = "positional",
    only: str = "all",
    max_file_bytes: int = _MAX_FILE_BYTES,
    max_entry_bytes: int = _MAX_ENTRY_BYTES,
    max_nodes: int = _MAX_NODES,
    oracle: Optional[str] = None,
    engine_timeout: int = 60,
    seed: Optional[int] = None,
) -> "pyarrow.RecordBatchReader":
    """The records of ``paths`` as a stream of :class:`pyarrow.RecordBatch` (at most 8,192
    rows each) while the batch runs: the rows of :func:`to_arrow`, for archives whose table
    should not be held whole (``pyarrow.parquet.ParquetWriter``, ``pyarrow.dataset``).

    The library writes each batch's rows as a small Parquet file in memory (the analysis
    runs on its own threads, the GIL released while waiting) and pyarrow reads it; memory
    stays bounded by a few batches. Closing the reader, or dropping it, stops the batch;
    Ctrl-C is seen while waiting. Takes :func:`analyze`'s options. Needs ``pyarrow``
    (``pip install ".[arrow]"``).

    :param oracle: ``gtp:COMMAND``, a GTP engine asked about the positions the estimate
        flags, as for :func:`analyze` (``--oracle``).
    :param engine_timeout: seconds a GTP engine may take over one position, as for
        :func:`analyze` (``--engine-timeout``).
    :raises EchelleError: a path that cannot be used, a GTP engine that does not start
        (at once), or a batch that fails (when its batch is read).
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    options = _echelle.Options(
        threads=threads,
        dead_stones=dead_stones,
        ko=ko,
        only=only,
        max_file_bytes=max_file_bytes,
        max_entry_bytes=max_entry_bytes,
        max_nodes=max_nodes,
        oracle=oracle,
        engine_timeout=engine_timeout,
        seed=seed,
    )
    files = _echelle.parquet_files(_paths(paths), options)
    # The first file always comes (the schema alone when no record is kept).
    first = pq.read_table(pa.BufferReader(next(files)))

    def batches() -> Iterator["pyarrow.RecordBatch"]:
        with files:  # closed, and the batch stopped, when the reader is done or dropped
            yield from first.to_batches()
            for data in files:
                yield from pq.read_table(pa.BufferReader(data)).to_batches()

    return pa.RecordBatchReader.from_batches(first.schema, batches())


def to_arrow(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    threads: Optional[int] = None,
    dead_stones: str = "auto",
    ko: str = "positional",
    only: str = "all",
    max_file_bytes: int = _MAX_FILE_BYTES,
    max_entry_bytes: int = _MAX_ENTRY_BYTES,
    max_nodes: int = _MAX_NODES,
    oracle: Optional[str] = None,
    engine_timeout: int = 60,
    seed: Optional[int] = None,
) -> "pyarrow.Table":
    """The records of ``paths`` as a :class:`pyarrow.Table` of flat columns, one row per
    record: the table of ``echelle analyze PATH... -o FILE.parquet`` (its schema, column by
    column, is in the README's "Parquet output"), built without a Python object per record.

    The table is gathered from :func:`arrow_batches` as the batch runs: besides the table,
    memory holds a few batches of 8,192 rows, for millions of records. Takes
    :func:`analyze`'s options. Needs ``pyarrow`` (``pip install ".[arrow]"``).

    :param oracle: ``gtp:COMMAND``, a GTP engine asked about the positions the estimate
        flags, as for :func:`analyze` (``--oracle``).
    :param engine_timeout: seconds a GTP engine may take over one position, as for
        :func:`analyze` (``--engine-timeout``).
    """
    return arrow_batches(
        paths,
        threads=threads,
        dead_stones=dead_stones,
        ko=ko,
        only=only,
        max_file_bytes=max_file_bytes,
        max_entry_bytes=max_entry_bytes,
        max_nodes=max_nodes,
        oracle=oracle,
        engine_timeout=engine_timeout,
        seed=seed,
    ).read_all()


def to_pandas(paths: Union[PathLike, Iterable[PathLike]], **options: Any) -> "pandas.DataFrame":
    """:func:`to_arrow` as a :class:`pandas.DataFrame` (``pip install ".[pandas]"``); takes
    :func:`to_arrow`'s options, ``oracle``, ``engine_timeout`` and ``seed`` included."""
    return to_arrow(paths, **options).to_pandas()


def analyze_bytes(
    name: str,
    data: bytes,
    *,
    dead_stones: str = "auto",
    ko: str = "positional",
    only: str = "all",
    max_nodes: int = _MAX_NODES,
    oracle: Optional[str] = None,
    engine_timeout: int = 60,
    seed: Optional[int] = None,
) -> List[Record]:
    """Analyse one SGF file held in memory (a Spark or Dask partition, a database blob).

    ``name`` is the record's ``file``; the records are those ``echelle analyze`` writes
    for a file of that name and content (one per game, or one for a file that fails whole).
    ``data`` is the file's bytes in any encoding (decoded as the command line decodes it);
    archives are not opened here: give their path to :func:`analyze`. The file size limits
    do not apply (the caller already holds the bytes); the parser's limits do.

    :param oracle: ``gtp:COMMAND``, a GTP engine asked about the positions the estimate
        flags, as for :func:`analyze` (``--oracle``).
    :param engine_timeout: seconds a GTP engine may take over one position, as for
        :func:`analyze` (``--engine-timeout``).
    """
    options = _echelle.Options(
        dead_stones=dead_stones,
        ko=ko,
        only=only,
        max_nodes=max_nodes,
        oracle=oracle,
        engine_timeout=engine_timeout,
        seed=seed,
    )
    return _echelle.analyze_bytes(name, bytes(data), options)


def list_inputs(paths: Union[PathLike, Iterable[PathLike]]) -> List[str]:
    """The files under ``paths`` in the order :func:`analyze` reads them.

    Directories are walked as the command line walks them (recursively, sorted byte-wise);
    archives are listed, not opened; files skipped by their extension are left out. The
    records of ``analyze(p)`` for each ``p`` of this list, concatenated in order, are the
    records of ``analyze(paths)``: split the list into shards, analyse each where it lives,
    concatenate in shard order (see :mod:`echelle.dask`).

    :raises EchelleError: a path that cannot be used.
    """
    return [os.fsdecode(p) for p in _echelle.list_inputs(_paths(paths))]


def rate(
    inputs: Union[PathLike, Iterable[Union[PathLike, Record]]],
    *,
    engines: Sequence[str] = ("ffg1984",),
    history: bool = False,
    undated: str = "skip",
    ladder: Optional[PathLike] = None,
    aliases: Optional[PathLike] = None,
    default_level: float = -1500.0,
    rounding: str = "trunc",
    as_of: Optional[str] = None,
    winner: str = "recorded",
    evaluate: bool = False,
    fit: bool = True,
    elo_k: Optional[float] = None,
    stone: Optional[float] = None,
    whr_w2: Optional[float] = None,
    glicko_tau: Optional[float] = None,
    threads: Optional[int] = None,
    dead_stones: str = "auto",
    ko: str = "positional",
    max_file_bytes: int = _MAX_FILE_BYTES,
    max_entry_bytes: int = _MAX_ENTRY_BYTES,
    max_nodes: int = _MAX_NODES,
    oracle: Optional[str] = None,
    engine_timeout: int = 60,
    seed: Optional[int] = None,
) -> Dict[str, Any]:
    """Rate the players, as ``echelle rate --format json`` does.

    ``inputs`` mixes paths (SGF files, directories, archives, ``.tou``/``.h9`` results
    files) and records already analysed (dicts from :func:`analyze`, in input order: the
    records of a sharded run, concatenated). Returns the JSON document of ``rate --format
    json`` as a dict: ``engines`` (each with ``engine``, ``accounting`` and ``ladder``, the
    ladder rows), ``reading`` and ``disputed``; with ``history=True`` also ``history``, one
    row per rated game, player and engine (the lines of ``--history FILE``).

    Records carry no fingerprint of the moves: among games given as records, duplicates
    are found as for results files (same full date, players, handicap, komi, result and
    round, in different files).

    :param engines: ``ffg1984``, ``ffg2003``, ``egf``, ``glicko2``, ``whr``, ``elo``.
    :param fit: ``False`` is ``--no-fit``.
    :param oracle: ``gtp:COMMAND``, a GTP engine asked about the positions the estimate
        flags, as for :func:`analyze` (``--oracle``).
    :param engine_timeout: seconds a GTP engine may take over one position, as for
        :func:`analyze` (``--engine-timeout``).
    :raises EchelleError: an unusable path, an unreadable ladder or aliases file, a record
        that is not one of ``analyze``.
    :raises ValueError: an option name or value the command line would refuse.
    """
    if isinstance(inputs, (str, bytes, os.PathLike, dict)):
        inputs = [inputs]
    paths: List[str] = []
    records: List[str] = []
    for item in inputs:
        if isinstance(item, dict):
            records.append(json.dumps(item, ensure_ascii=False))
        else:
            paths.append(os.fsdecode(item))
    if isinstance(engines, str):
        engines = [e for e in engines.split(",") if e]
    doc, hist = _echelle.rate(
        paths,
        records,
        list(engines),
        undated,
        None if ladder is None else os.fsdecode(ladder),
        None if aliases is None else os.fsdecode(aliases),
        float(default_level),
        rounding,
        as_of,
        winner,
        evaluate,
        fit,
        elo_k,
        stone,
        whr_w2,
        glicko_tau,
        history,
        _echelle.Options(
            threads=threads,
            dead_stones=dead_stones,
            ko=ko,
            max_file_bytes=max_file_bytes,
            max_entry_bytes=max_entry_bytes,
            max_nodes=max_nodes,
            oracle=oracle,
            engine_timeout=engine_timeout,
            seed=seed,
        ),
    )
    out: Dict[str, Any] = json.loads(doc)
    if history:
        out["history"] = [json.loads(line) for line in (hist or "").splitlines() if line]
    return out
