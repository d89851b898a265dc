#!/usr/bin/env python3
"""The public API of the urlkit library as a sorted text listing, from rustdoc's JSON output.

    .ci/public-api.py           print the listing
    .ci/public-api.py --write   rewrite crates/urlkit/public-api.txt
    .ci/public-api.py --check   fail (exit 1, with a diff) when that file is stale

Needs a nightly toolchain (rustdoc's JSON output is unstable). All features are on, so that
feature-gated items are listed too. Every public item is one line: its path, its kind, and
for functions and methods the declaration as written in the source (up to the body).
Trait implementations are listed as `impl Trait for Type`.
"""
import difflib
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LISTING = os.path.join(ROOT, "crates", "urlkit", "public-api.txt")


def rustdoc_json():
    target = os.path.join(ROOT, "target", "public-api")
    env = dict(os.environ, CARGO_TARGET_DIR=target, RUSTDOCFLAGS="-Z unstable-options --output-format json")
    subprocess.run(
        ["cargo", "+nightly", "doc", "-q", "-p", "urlkit", "--no-deps", "--all-features"],
        cwd=ROOT, env=env, check=True,
    )
    with open(os.path.join(target, "doc", "urlkit.json")) as f:
        return json.load(f)


def declaration(item):
    """The item's declaration from its source: from its first line to `{` or `;`."""
    span = item.get("span")
    if not span:
        return ""
    path = os.path.join(ROOT, span["filename"]) if not os.path.isabs(span["filename"]) else span["filename"]
    try:
        lines = open(path).read().split("\n")
    except OSError:
        return ""
    text = "\n".join(lines[span["begin"][0] - 1 : span["end"][0]])
    text = re.sub(r"^\s*#\[[^\n]*\]\s*$", "", text, flags=re.M)
    text = head(text) if "fn " in text else text.split("\n")[0]
    return " ".join(text.split()).rstrip(" {")


def head(text):
    """Text up to the body's `{` or the closing `;`, but not a `;` inside `[T; N]`."""
    depth = 0
    for i, c in enumerate(text):
        if c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        elif depth == 0 and c in "{;":
            return text[:i]
    return text


def type_name(t, index):
    """A short rendering of a rustdoc JSON type (enough to name an impl's self type)."""
    if t is None:
        return "?"
    if "resolved_path" in t:
        p = t["resolved_path"]
        name = p.get("path") or p.get("name", "?")
        args = p.get("args") or {}
        ab = args.get("angle_bracketed") if isinstance(args, dict) else None
        if ab and ab.get("args"):
            inner = [type_name(a["type"], index) if "type" in a else ("'" + a["lifetime"].lstrip("'") if "lifetime" in a else "_") for a in ab["args"]]
            name += "<" + ", ".join(inner) + ">"
        return name
    if "primitive" in t:
        return t["primitive"]
    if "borrowed_ref" in t:
        b = t["borrowed_ref"]
        return "&" + ("mut " if b.get("is_mutable") or b.get("mutable") else "") + type_name(b["type"], index)
    if "generic" in t:
        return t["generic"]
    if "slice" in t:
        return "[" + type_name(t["slice"], index) + "]"
    if "tuple" in t:
        return "(" + ", ".join(type_name(x, index) for x in t["tuple"]) + ")"
    return next(iter(t))


def listing(doc):
    index, paths = doc["index"], doc["paths"]
    root = doc["root"]
    out = set()

    def visit_module(mid, prefix):
        m = index[str(mid)]
        for child in m["inner"]["module"]["items"]:
            visit(child, prefix)

    def visit(iid, prefix):
        it = index.get(str(iid))
        if it is None:
            return
        if it.get("visibility") != "public" and "use" not in it["inner"]:
            return
        kind = next(iter(it["inner"]))
        if kind == "use":
            u = it["inner"]["use"]
            if u.get("id") is None or it.get("visibility") != "public":
                return
            target = index.get(str(u["id"]))
            name = u["name"]
            if target is None:
                out.add(f"{prefix}::{name} (re-export of {u['source']})")
                return
            if u.get("is_glob") or u.get("glob"):
                visit_module(u["id"], prefix)
                return
            visit_named(target, u["id"], f"{prefix}::{name}")
            return
        visit_named(it, iid, f"{prefix}::{it['name']}")

    def visit_named(it, iid, path):
        kind = next(iter(it["inner"]))
        if kind == "module":
            out.add(f"pub mod {path}")
            visit_module(iid, path)
            return
        decl = declaration(it)
        out.add(f"{path} ({kind}) {decl}".rstrip())
        inner = it["inner"][kind]
        if kind == "enum":
            for v in inner.get("variants", []):
                out.add(f"{path}::{index[str(v)]['name']} (variant)")
        if kind == "struct":
            fields = inner.get("kind", {})
            if isinstance(fields, dict) and "plain" in fields:
                for f in fields["plain"].get("fields", []):
                    fi = index.get(str(f))
                    if fi and fi.get("visibility") == "public":
                        out.add(f"{path}::{fi['name']} (field)")
        for impl_id in inner.get("impls", []) if isinstance(inner, dict) else []:
            imp = index[str(impl_id)]["inner"]["impl"]
            if imp.get("is_synthetic") or imp.get("synthetic") or imp.get("blanket_impl"):
                continue
            trait = imp.get("trait")
            if trait:
                tname = trait.get("path") or trait.get("name")
                if not tname.startswith("urlkit") and "::" not in tname and tname in ("Send", "Sync", "Unpin", "UnwindSafe", "RefUnwindSafe", "Freeze"):
                    continue
                out.add(f"{path}: impl {type_name({'resolved_path': trait}, index)} for {type_name(imp['for'], index)}")
                continue
            for m in imp["items"]:
                mi = index[str(m)]
                if mi.get("visibility") != "public":
                    continue
                mkind = next(iter(mi["inner"]))
                out.add(f"{path}::{mi['name']} ({mkind}) {declaration(mi)}".rstrip())

    visit_module(root, "urlkit")
    return "\n".join(sorted(out)) + "\n"


def main():
    text = listing(rustdoc_json())
    if "--write" in sys.argv:
        open(LISTING, "w").write(text)
    elif "--check" in sys.argv:
        old = open(LISTING).read() if os.path.exists(LISTING) else ""
        if old != text:
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True), "public-api.txt (committed)", "public-api.txt (current)"))
            print("error: crates/urlkit/public-api.txt is stale: run .ci/public-api.py --write and review the diff", file=sys.stderr)
            sys.exit(1)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
