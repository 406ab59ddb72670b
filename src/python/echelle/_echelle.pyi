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

def analyze(
    paths: List[str],
    threads: Optional[int],
    dead_stones: str,
    ko: str,
    only: str,
    max_file_bytes: int,
    max_entry_bytes: int,
    max_nodes: int,
) -> Records: ...
def analyze_bytes(
    name: str, data: bytes, dead_stones: str, ko: str, only: str, max_nodes: int
) -> List[Dict[str, Any]]: ...
def to_parquet(
    paths: List[str],
    threads: Optional[int],
    dead_stones: str,
    ko: str,
    only: str,
    max_file_bytes: int,
    max_entry_bytes: int,
    max_nodes: int,
) -> bytes: ...
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
    threads: Optional[int],
    dead_stones: str,
    ko: str,
    max_file_bytes: int,
    max_entry_bytes: int,
    max_nodes: int,
) -> Tuple[str, Optional[str]]: ...
