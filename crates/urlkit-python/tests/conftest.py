"""Where the shared test data lives, as the Rust runners find it
(crates/urlkit/tests/common/shared_data.rs): ``URLKIT_CONFORMANCE`` / ``URLKIT_DATASETS`` /
``URLKIT_SPECS``, else ``../shared/{conformance,datasets,specs}`` beside the checkout. A
missing directory skips its suites with a message saying which variable to set, unless
``URLKIT_REQUIRE_CONFORMANCE`` is set (as ``.ci/run`` does): then they fail."""

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
_VARS = {"conformance": "URLKIT_CONFORMANCE", "datasets": "URLKIT_DATASETS", "specs": "URLKIT_SPECS"}


def _required() -> bool:
    v = os.environ.get("URLKIT_REQUIRE_CONFORMANCE", "")
    return v not in ("", "0")


def shared(kind: str, *parts: str) -> Path:
    """The path of a shared data file; skips (or fails under URLKIT_REQUIRE_CONFORMANCE)
    when it is missing."""
    var = _VARS[kind]
    root = Path(os.environ[var]) if os.environ.get(var) else REPO.parent / "shared" / kind
    path = root.joinpath(*parts)
    if not path.exists():
        msg = f"{path} missing: set {var} to the shared {kind} directory"
        if _required():
            pytest.fail(f"{msg} (URLKIT_REQUIRE_CONFORMANCE is set)")
        pytest.skip(msg)
    return path


def dataset_lines(name: str) -> list:
    """The lines of a dataset (realworld.txt, …) without their line ends."""
    with open(shared("datasets", name), encoding="utf-8", errors="surrogateescape") as f:
        return [line.rstrip("\r\n") for line in f]


def peer(module: str):
    """Imports a peer library an agreement test compares with; skips without it, or fails
    under URLKIT_REQUIRE_CONFORMANCE (CI installs them: ``pip install .[test-peers]``)."""
    try:
        return __import__(module, fromlist=["_"])
    except ImportError:
        msg = f"{module} is not installed (pip install './crates/urlkit-python[test-peers]')"
        if _required():
            pytest.fail(f"{msg} and URLKIT_REQUIRE_CONFORMANCE is set")
        pytest.skip(msg)
