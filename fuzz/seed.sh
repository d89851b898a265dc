#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the shared datasets and conformance files (never committed:
# the corpora are rebuilt from ../shared, then minimized with `cargo fuzz cmin`).
set -euo pipefail
cd "$(dirname "$0")"
shared="${URLKIT_SHARED:-../../shared}"
[ -d "$shared/datasets" ] || { echo "seed.sh: no $shared/datasets" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  shuf -n 2000 --random-source=<(yes) "$shared/datasets/realworld.txt"
  shuf -n 1000 --random-source=<(yes) "$shared/datasets/synthetic.txt"
  cat "$shared/datasets/messy.txt"
  python3 - "$shared/conformance" <<'PY'
import json, sys, os
root = sys.argv[1]
def out(s):
    if isinstance(s, str) and "\n" not in s: print(s)
for r in json.load(open(os.path.join(root, "wpt/urltestdata.json"))):
    if isinstance(r, dict):
        out(r.get("input")); out(r.get("href"))
for name, cases in json.load(open(os.path.join(root, "wpt/setters_tests.json"))).items():
    if isinstance(cases, list):
        for c in cases:
            if isinstance(c, dict): out(c["href"] + "\0" + c["new_value"])
for r in json.load(open(os.path.join(root, "rfc3986/resolve.json"))):
    out(r["base"] + "\0" + r["input"])
PY
} > "$tmp/lines"
python3 - "$tmp/lines" fuzz_targets corpus "$shared" <<'PY'
import json, os, re, sys
lines, targets, corpus, shared = sys.argv[1:]
data = open(lines, "rb").read().split(b"\n")

def hosts():
    # domain_split takes a host: the URLs' hosts, the PSL tests' domains, IdnaTestV2 inputs.
    seen = []
    for line in data:
        m = re.match(rb"[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]*)", line)
        if m and m.group(1):
            seen.append(m.group(1))
    psl = open(os.path.join(shared, "conformance/psl/test_psl.txt"), encoding="utf-8").read()
    seen += [m.encode() for m in re.findall(r"checkPublicSuffix\('([^']*)'", psl)]
    for r in json.load(open(os.path.join(shared, "conformance/wpt/IdnaTestV2.json"))):
        if isinstance(r, dict):
            seen.append(r["input"].encode("utf-8", "surrogatepass"))
    return list(dict.fromkeys(seen))

def texts():
    # text_links takes a control byte (chunk size, options) then text: the URLs in prose,
    # wrapped, bracketed, quoted; and the paragraphs of the GFM autolink rules.
    out = []
    frames = [b"see %s.", b"(%s)", b"<%s>", b'"%s",', b"<URL:%s> and", b"URL:%s\n", b"www.%s"]
    for i, line in enumerate(data[:3000]):
        out.append(bytes([i % 256]) + frames[i % len(frames)].replace(b"%s", line))
    gfm = open(os.path.join(shared, "specs/gfm-autolinks.md"), "rb").read()
    out += [bytes([i % 256]) + p for i, p in enumerate(gfm.split(b"\n\n")) if p.strip()]
    return out

def templates():
    # template_expand takes `template \0 values`, template_match `template \0 url`: the
    # uritemplate-test templates, with their expansions.
    out = []
    for name in ["spec-examples", "spec-examples-by-section", "extended-tests", "negative-tests"]:
        groups = json.load(open(os.path.join(shared, "conformance/uritemplate/%s.json" % name), encoding="utf-8"))
        for group in groups.values():
            for template, expected in group["testcases"]:
                for e in (expected if isinstance(expected, list) else [expected]):
                    tail = e if isinstance(e, str) else "a\0b,c\0k=v"
                    out.append(template.encode() + b"\0" + tail.encode())
    return out

def data_urls():
    # data_url takes a control byte (0: a MIME type and `data:` + it, 1: `;base64,` too,
    # 2: a whole URL) then text: the data-urls conformance records' inputs.
    root = os.path.join(shared, "conformance/data-urls")
    out = []
    for r in json.load(open(os.path.join(root, "data-urls.json"))):
        out.append(b"\x02" + r[0].encode("utf-8"))
    for r in json.load(open(os.path.join(root, "base64.json"))):
        out.append(b"\x01" + r[0].encode("utf-8"))
    for name in ["mime-types.json", "generated-mime-types.json"]:
        for r in json.load(open(os.path.join(root, name))):
            if isinstance(r, dict):
                out.append(b"\x00" + r["input"].encode("utf-8", "surrogatepass"))
    return out

def requests():
    # http_target takes `method \0 target [\0 host]`: each URL as an absolute-form GET, its
    # path and query as an origin-form, its authority as a CONNECT; and OPTIONS *.
    out = [b"OPTIONS\0*", b"OPTIONS\0*\0example.com:8080", b"GET\0*"]
    for line in data[:3000]:
        m = re.match(rb"([A-Za-z][A-Za-z0-9+.-]*)://(?:[^/?#@]*@)?([^/?#]*)([^#]*)", line)
        out.append(b"GET\0" + line)
        if m:
            out.append(b"GET\0" + (m.group(3) or b"/") + b"\0" + m.group(2))
            out.append(b"CONNECT\0" + m.group(2))
    return out

def setters():
    # rfc3986_setters takes `reference \0 setter value`: each line with the next line's
    # line for each setter in turn (the character after the NUL picks it, U+0080 and up: remove).
    out = []
    lines = data[:3000]
    for i, line in enumerate(lines):
        value = lines[(i + 1) % len(lines)]
        out.append(line + b"\0" + chr(i % 12 | (0x80 if i % 7 == 0 else 0)).encode() + value)
    return out

special = {"domain_split": hosts, "http_target": requests, "rfc3986_setters": setters, "text_links": texts, "template_expand": templates, "template_match": templates,
           "data_url": data_urls}
for t in sorted(os.listdir(targets)):
    d = os.path.join(corpus, t[:-3])
    if os.path.isdir(d) and os.listdir(d):
        continue
    os.makedirs(d, exist_ok=True)
    seeds = special[t[:-3]]() if t[:-3] in special else data
    for i, line in enumerate(seeds):
        with open(os.path.join(d, "seed-%05d" % i), "wb") as f:
            f.write(line)
PY
echo "seeded $(ls fuzz_targets | wc -l) targets: $(wc -l < "$tmp/lines") lines each (domain_split: their hosts; text_links: them in prose)"
