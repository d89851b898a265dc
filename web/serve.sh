#!/usr/bin/env bash
# Serves the built viewer (target/web/, made by web/build.sh) on http://127.0.0.1:PORT/
# (8000 by default) for a local look. Only 127.0.0.1: nothing is exposed to the network.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-8000}"
[ -f target/web/index.html ] || { echo "target/web/ is not built: run web/build.sh first" >&2; exit 2; }
echo "urlkit viewer: http://127.0.0.1:$port/"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory target/web
