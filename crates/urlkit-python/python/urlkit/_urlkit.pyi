__version__: str

# urlkit.batch (python/urlkit/batch.py is the public face of these two).
from typing import Any, List, Optional, Sequence, Tuple

_batch_threads: int
_batch_profiles: List[str]

def _batch(
    values: Any,
    op: str,
    *,
    fields: Optional[Sequence[str]] = None,
    profile: Optional[str] = None,
    private: bool = True,
    unlisted: bool = False,
    bare_domains: bool = False,
) -> Any: ...

class Column:
    """A batch result on Arrow data, exported through the Arrow PyCapsule interface."""

    @property
    def num_chunks(self) -> int: ...
    @property
    def name(self) -> str: ...
    def __len__(self) -> int: ...
    def to_pylist(self) -> Any: ...
    def __arrow_c_schema__(self, requested_schema: Optional[object] = None) -> object: ...
    def __arrow_c_array__(self, requested_schema: Optional[object] = None) -> Tuple[object, object]: ...
    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...
