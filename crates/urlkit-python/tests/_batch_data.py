"""The URL datasets for the batch tests, found as the Rust runners find them:
``URLKIT_DATASETS``, else ``../shared/datasets`` beside the checkout. Missing datasets skip
the tests with a message, or fail them when ``URLKIT_REQUIRE_CONFORMANCE`` is set (as CI
sets it)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import List

import pytest

DATASETS = ("realworld.txt", "synthetic.txt", "messy.txt")


def datasets_dir() -> Path:
    env = os.environ.get("URLKIT_DATASETS")
    if env:
        return Path(env)
    # crates/urlkit-python/tests → the checkout's parent → shared/datasets
    return Path(__file__).resolve().parents[4] / "shared" / "datasets"


def load(name: str) -> List[str]:
    """The inputs of a dataset: one a line (split on ``\\n`` only, never trimmed); a line of
    ``messy.txt`` that starts with ``{`` is JSON whose ``input`` is the value."""
    path = datasets_dir() / name
    if not path.exists():
        message = f"dataset {path} is missing (set URLKIT_DATASETS)"
        if os.environ.get("URLKIT_REQUIRE_CONFORMANCE"):
            pytest.fail(message)
        pytest.skip(message)
    lines = path.read_bytes().decode("utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if name == "messy.txt":
        lines = [json.loads(line)["input"] if line.startswith("{") else line for line in lines]
    return lines
