#!/usr/bin/env bash
# axe-core (the accessibility checker the site's browser tests run on every page) into an ignored cache folder:
# .build/axe/axe.min.js, or the path given. It is not committed: it comes, pinned, from the axe-playwright-python
# wheel on PyPI (axe-core 4.12.1 inside version 0.1.8), fetched with pip.
#
#   scripts/fetch-axe.sh [OUT_FILE]      # default .build/axe/axe.min.js
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/axe/axe.min.js}"
version=0.1.8
[ -s "$out" ] && { echo "$out"; exit 0; }
command -v pip >/dev/null || command -v pip3 >/dev/null || { echo "fetch-axe: pip is needed" >&2; exit 1; }
pip="$(command -v pip || command -v pip3)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/sbmap-axe.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
timeout 120 "$pip" download --quiet --no-deps --only-binary=:all: --dest "$tmp" "axe-playwright-python==$version" >&2
python3 - "$tmp" "$out" <<'PY'
import glob, os, sys, zipfile
wheel = glob.glob(os.path.join(sys.argv[1], "*.whl"))[0]
with zipfile.ZipFile(wheel) as z:
    data = z.read("axe_playwright_python/axe.min.js")
if not data.startswith(b"/*! axe v4.12"):
    sys.exit("fetch-axe: the wheel does not hold axe-core 4.12")
os.makedirs(os.path.dirname(os.path.abspath(sys.argv[2])), exist_ok=True)
with open(sys.argv[2] + ".part", "wb") as f:
    f.write(data)
os.replace(sys.argv[2] + ".part", sys.argv[2])
PY
echo "$out"
