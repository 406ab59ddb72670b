"""echelle on Dask: analyse shards where they live, merge in order, rate once.

Analysis is independent per file, so a :class:`dask.bag.Bag` of inputs is analysed
partition by partition, each partition by the Rust library on its worker; records keep the
bag's order (within a partition, the order of its items; partitions in bag order). Build the
bag from :func:`echelle.list_inputs` (the command line's order) and the concatenated records
are the command line's, byte for byte once written as JSON lines. Rating is sequential but
cheap: :func:`rate` gathers the records in order and rates them once, on the client.

>>> import dask.bag as db, echelle, echelle.dask
>>> bag = echelle.dask.inputs(["samples"], npartitions=4)
>>> records = echelle.dask.analyze(bag)          # a lazy bag of dicts
>>> ladder = echelle.dask.rate(records)          # computed, rated once
"""

from __future__ import annotations

import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import dask.bag as db

import echelle

Record = Dict[str, Any]
Item = Union[str, "os.PathLike[str]", Tuple[str, bytes]]
"""A bag item: a path (file, directory, archive) or a ``(name, bytes)`` pair of one SGF file."""

__all__ = ["analyze", "inputs", "rate"]


def inputs(
    paths: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]],
    *,
    npartitions: Optional[int] = None,
    partition_size: Optional[int] = None,
) -> db.Bag:
    """A bag of the files under ``paths`` in the command line's order (:func:`echelle.list_inputs`).

    The listing runs here, on the client: on a cluster, give paths every worker can read
    (a shared file system), or build the bag of ``(name, bytes)`` pairs yourself where the
    data lives.
    """
    files = echelle.list_inputs(paths)
    if npartitions is None and partition_size is None:
        npartitions = max(1, min(len(files), 100))
    return db.from_sequence(files, npartitions=npartitions, partition_size=partition_size)


def _analyze_partition(items: Iterable[Item], options: Dict[str, Any]) -> List[Record]:
    """The records of one partition's items, in their order (runs on a worker)."""
    out: List[Record] = []
    run: List[str] = []
    bytes_options = {
        k: options[k]
        for k in ("dead_stones", "ko", "only", "max_nodes", "oracle", "engine_timeout")
    }

    def flush() -> None:
        # Consecutive paths share one batch: its threads and its reader overlap the files.
        if run:
            out.extend(echelle.analyze(run, **options))
            run.clear()

    for item in items:
        if isinstance(item, tuple):
            flush()
            name, data = item
            out.extend(echelle.analyze_bytes(name, data, **bytes_options))
        else:
            run.append(os.fsdecode(item))
    flush()
    return out


def analyze(
    bag: db.Bag,
    *,
    threads: Optional[int] = 1,
    dead_stones: str = "auto",
    ko: str = "positional",
    only: str = "all",
    max_file_bytes: int = 64 << 20,
    max_entry_bytes: int = 16 << 20,
    max_nodes: int = 100_000,
    oracle: Optional[str] = None,
    engine_timeout: int = 60,
) -> db.Bag:
    """A lazy bag of the records of every item of ``bag``, in the bag's order.

    Each partition is analysed on its worker by :func:`echelle.analyze` (paths) or
    :func:`echelle.analyze_bytes` (``(name, bytes)`` pairs) with these options; ``threads``
    is per partition (1 by default: Dask already runs one partition per worker thread).
    ``bag.compute()`` of the result, or ``.to_textfiles`` of its ``json.dumps``, gives the
    records of ``echelle analyze`` on the same files in the same order. Options are checked
    here, before anything is shipped.

    :param oracle: ``gtp:COMMAND``, a GTP engine asked about the positions the estimate
        flags, as for :func:`echelle.analyze` (``--oracle``); it runs on the workers.
    :param engine_timeout: seconds a GTP engine may take over one position, as for
        :func:`echelle.analyze` (``--engine-timeout``).
    """
    options: Dict[str, Any] = dict(
        threads=threads,
        dead_stones=dead_stones,
        ko=ko,
        only=only,
        max_file_bytes=max_file_bytes,
        max_entry_bytes=max_entry_bytes,
        max_nodes=max_nodes,
        oracle=oracle,
        engine_timeout=engine_timeout,
    )
    # A bad option is refused now, on the client, not on every worker: building the options
    # checks them all without starting a GTP engine (one starts where the analysis runs).
    echelle._echelle.Options(**options)
    return bag.map_partitions(_analyze_partition, options)


def rate(records: Union[db.Bag, Sequence[Record]], **options: Any) -> Dict[str, Any]:
    """Rate the records of a (sharded) analysis once, in order: :func:`echelle.rate` on the
    computed bag. Takes the keywords of :func:`echelle.rate`; returns its document."""
    if isinstance(records, db.Bag):
        records = records.compute()
    return echelle.rate(list(records), **options)
