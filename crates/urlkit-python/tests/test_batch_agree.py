"""Every batch function on the three URL datasets: the whole column's answer equals the
answer for each value on its own (a one-element call, which runs no thread, slices
nothing and joins nothing), and every kind of container gives the same rows.

The comparison with the public per-value API (``urlkit.URL``, ``urlkit.domain``, …) is in
``test_batch_public.py``."""

from __future__ import annotations

import functools
from typing import Any, Dict, List, Optional, Tuple

import pytest

import urlkit
from urlkit import batch

from _batch_data import DATASETS, load

pa = pytest.importorskip("pyarrow")

# (function, keyword arguments): every batch function, every option that changes a row.
CASES: List[Tuple[str, Dict[str, Any]]] = [
    ("parse", {}),
    ("parse", {"fields": ["hostname", "port", "origin"]}),
    ("host", {}),
    ("hostname", {}),
    ("registered_domain", {}),
    ("registered_domain", {"private": False}),
    ("registered_domain", {"unlisted": True}),
    ("public_suffix", {}),
    ("public_suffix", {"private": False, "unlisted": True}),
    *[("normalize", {"profile": p}) for p in batch.PROFILES],
    ("surt", {}),
    ("is_valid", {}),
    ("lint_severity", {}),
    ("lint_codes", {}),
    ("extract", {}),
    ("extract", {"bare_domains": True}),
]


def case_id(case: Tuple[str, Dict[str, Any]]) -> str:
    name, kwargs = case
    return name + "".join(f"-{k}={v}" for k, v in kwargs.items())


def rows(result: Any) -> List[Any]:
    """A list result as rows: ``parse``'s dict of columns as one dict per row (a null row:
    every field ``None``)."""
    if isinstance(result, dict):
        names = list(result)
        return [dict(zip(names, row)) for row in zip(*result.values())]
    return list(result)


def null_struct_rows(values: List[Any], fields: Optional[List[str]]) -> List[Any]:
    """Arrow's null struct rows (``None``) as a dict of ``None`` fields, as ``rows`` gives."""
    names = list(batch.FIELDS if fields is None else fields)
    return [dict.fromkeys(names) if v is None else v for v in values]


@functools.lru_cache(maxsize=None)
def column(dataset: str, index: int) -> List[Any]:
    name, kwargs = CASES[index]
    return rows(getattr(batch, name)(load(dataset), **kwargs))


@pytest.mark.parametrize("dataset", DATASETS)
@pytest.mark.parametrize("index", range(len(CASES)), ids=[case_id(c) for c in CASES])
def test_column_equals_each_value(dataset: str, index: int) -> None:
    name, kwargs = CASES[index]
    fn = getattr(batch, name)
    values = load(dataset)
    got = column(dataset, index)
    assert len(got) == len(values)
    differ = []
    for i, value in enumerate(values):
        one = rows(fn([value], **kwargs))
        assert len(one) == 1
        if one[0] != got[i]:
            differ.append((i, value, one[0], got[i]))
    assert not differ, f"{len(differ)} rows differ, first: {differ[:3]}"
    # The answers are not all null: the operation ran.
    assert any(v not in (None, [], {}) and not (isinstance(v, dict) and not any(v.values())) for v in got)


def pyarrow_rows(out: Any, name: str, kwargs: Dict[str, Any]) -> List[Any]:
    values = out.to_pylist()
    return null_struct_rows(values, kwargs.get("fields")) if name == "parse" else values


@pytest.mark.parametrize("dataset", DATASETS)
@pytest.mark.parametrize("index", range(len(CASES)), ids=[case_id(c) for c in CASES])
def test_kinds_give_the_same_rows(dataset: str, index: int) -> None:
    name, kwargs = CASES[index]
    fn = getattr(batch, name)
    values = load(dataset)
    expected = column(dataset, index)

    for layout in (pa.string(), pa.large_string(), pa.string_view()):
        array = pa.array(values, type=layout)
        out = fn(array, **kwargs)
        assert isinstance(out, pa.Array) and len(out) == len(values)
        assert pyarrow_rows(out, name, kwargs) == expected, layout

    # Uneven chunks, an empty one among them: a result chunk per input chunk (pyarrow's
    # stream export leaves the empty one out).
    cuts = [0, 1, 1000, 1000, len(values) // 2, len(values)]
    chunked = pa.chunked_array([pa.array(values[a:b], type=pa.string()) for a, b in zip(cuts, cuts[1:])], type=pa.string())
    out = fn(chunked, **kwargs)
    assert isinstance(out, pa.ChunkedArray)
    assert [len(c) for c in out.chunks if len(c)] == [len(c) for c in chunked.chunks if len(c)]
    assert pyarrow_rows(out, name, kwargs) == expected

    tuple_out = rows(fn(tuple(values), **kwargs))
    assert tuple_out == expected
    assert rows(fn(iter(values), **kwargs)) == expected


@pytest.mark.parametrize("dataset", DATASETS)
@pytest.mark.parametrize("index", range(len(CASES)), ids=[case_id(c) for c in CASES])
def test_polars_and_pandas_give_the_same_rows(dataset: str, index: int) -> None:
    pl = pytest.importorskip("polars")
    pd = pytest.importorskip("pandas")
    import urlkit.pandas  # noqa: F401
    import urlkit.polars  # noqa: F401

    name, kwargs = CASES[index]
    fn = getattr(batch, name)
    values = load(dataset)
    expected = column(dataset, index)

    series = pl.Series("url", values)
    out = fn(series, **kwargs)
    assert isinstance(out, pl.Series) and out.name == "url"
    got = out.to_list()
    assert (null_struct_rows(got, kwargs.get("fields")) if name == "parse" else got) == expected

    # The expression namespace, in a lazy query.
    frame = pl.LazyFrame({"url": values}).select(getattr(pl.col("url").urlkit, name)(**kwargs).alias("out")).collect()
    got = frame["out"].to_list()
    assert (null_struct_rows(got, kwargs.get("fields")) if name == "parse" else got) == expected

    index_labels = pd.RangeIndex(start=7, stop=7 + 3 * len(values), step=3)
    series = pd.Series(values, index=index_labels, name="url")
    out = getattr(series.urlkit, name)(**kwargs)
    assert out.index.equals(index_labels)
    if name == "parse":
        assert isinstance(out, pd.DataFrame)
        got = pa.Table.from_pandas(out, preserve_index=False).to_pylist()
    else:
        assert isinstance(out, pd.Series) and out.name == "url"
        got = pa.array(out).to_pylist()
    assert got == expected


def test_the_namespaces_have_every_function() -> None:
    pl = pytest.importorskip("polars")
    pd = pytest.importorskip("pandas")
    import urlkit.pandas  # noqa: F401
    import urlkit.polars  # noqa: F401

    names = {name for name, _ in CASES}
    assert names == set(batch.__all__) - {"FIELDS", "PROFILES"}
    for name in names:
        assert callable(getattr(pl.col("u").urlkit, name))
        assert callable(getattr(pl.Series([], dtype=pl.String).urlkit, name))
        assert callable(getattr(pd.Series([], dtype=object).urlkit, name))
    assert urlkit.batch is batch
