"""Type hints of the native module ``echelle._echelle`` (src/python.rs): call it through the
package ``echelle``, whose functions give the keyword defaults."""

from types import TracebackType
from typing import Any, Dict, Iterator, List, Optional, Tuple, Type

__version__: str

class EchelleError(Exception):
    """An error that stops a whole call, with the command line's message."""

class Records(Iterator[Dict[str, Any]]):
    """The records of a running batch, in input order; closing or dropping it stops the batch."""

    def __iter__(self) -> "Records": ...
    def __next__(self) -> Dict[str, Any]: ...
    def close(self) -> None:
        """Stop the batch; the iterator then ends."""
    def __enter__(self) -> "Records": ...
    def __exit__(
        self,
        t: Optional[Type[BaseException]],
        v: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> bool: ...
    @property
    def summary(self) -> Optional[str]:
        """The summary ``echelle analyze`` prints on stderr, once every record was read."""

MAX_FILE_BYTES: int
MAX_ENTRY_BYTES: int
MAX_NODES: int

class Options:
    """``analyze``'s options (the command line's flags), checked once; a bad name or value is
    a ``ValueError``."""

    def __init__(
        self,
        *,
        threads: Optional[int] = None,
        dead_stones: str = "auto",
        ko: str = "positional",
        only: str = "all",
        max_file_bytes: int = ...,
        max_entry_bytes: int = ...,
        max_nodes: int = ...,
        oracle: Optional[str] = None,
        engine_timeout: int = 60,
        seed: Optional[int] = None,
    ) -> None: ...

def analyze(paths: List[str], options: Options) -> Records: ...
def analyze_bytes(name: str, data: bytes, options: Options) -> List[Dict[str, Any]]: ...
class ParquetFiles(Iterator[bytes]):
    """The kept records of a running batch as small Parquet files, in input order (at least
    one: the schema alone when no record is kept); closing or dropping it stops the batch."""

    def __iter__(self) -> "ParquetFiles": ...
    def __next__(self) -> bytes: ...
    def close(self) -> None:
        """Stop the batch; the iterator then ends."""
    def __enter__(self) -> "ParquetFiles": ...
    def __exit__(
        self,
        t: Optional[Type[BaseException]],
        v: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> bool: ...
    @property
    def summary(self) -> Optional[str]:
        """The summary ``echelle analyze`` prints on stderr, once every file was read."""

def parquet_files(paths: List[str], options: Options) -> ParquetFiles: ...
def list_inputs(paths: List[str]) -> List[str]: ...
def rate(
    paths: List[str],
    records: List[str],
    engines: List[str],
    undated: str,
    ladder: Optional[str],
    aliases: Optional[str],
    default_level: float,
    rounding: str,
    as_of: Optional[str],
    winner: str,
    evaluate: bool,
    fit: bool,
    elo_k: Optional[float],
    stone: Optional[float],
    whr_w2: Optional[float],
    glicko_tau: Optional[float],
    history: bool,
    options: Options,
) -> Tuple[str, Optional[str]]: ...
