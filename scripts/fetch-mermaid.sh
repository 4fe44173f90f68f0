#!/usr/bin/env bash
# Mermaid's own library (the tests parse every Mermaid block sbmap writes with `mermaid.parse` in headless Chromium)
# into an ignored cache folder: .build/mermaid/mermaid.min.js, or the path given. It is not committed: it comes,
# pinned, from the artoo-mermaid wheel on PyPI (Mermaid 11.16.0 inside version 11.16.0), fetched with pip, and its
# SHA-256 is the one the wheel's NOTICE.md gives for jsDelivr's mermaid@11.16.0/dist/mermaid.min.js.
#
#   scripts/fetch-mermaid.sh [OUT_FILE]      # default .build/mermaid/mermaid.min.js
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/mermaid/mermaid.min.js}"
version=11.16.0
sha256=74d7c46dabca328c2294733910a8aa1ed0c37451776e8d5295da38a2b758fb9b
[ -s "$out" ] && { echo "$out"; exit 0; }
command -v pip >/dev/null || command -v pip3 >/dev/null || { echo "fetch-mermaid: pip is needed" >&2; exit 1; }
pip="$(command -v pip || command -v pip3)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/sbmap-mermaid.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
timeout 120 "$pip" download --quiet --no-deps --python-version 3.12 --only-binary=:all: --dest "$tmp" \
    "artoo-mermaid==$version" >&2
python3 - "$tmp" "$out" "$sha256" <<'PY'
import glob, hashlib, os, sys, zipfile
wheel = glob.glob(os.path.join(sys.argv[1], "*.whl"))[0]
with zipfile.ZipFile(wheel) as z:
    data = z.read("artoo_mermaid/assets/mermaid.min.js")
if hashlib.sha256(data).hexdigest() != sys.argv[3]:
    sys.exit("fetch-mermaid: the wheel's mermaid.min.js is not Mermaid 11.16.0 (its SHA-256 differs)")
os.makedirs(os.path.dirname(os.path.abspath(sys.argv[2])), exist_ok=True)
with open(sys.argv[2] + ".part", "wb") as f:
    f.write(data)
os.replace(sys.argv[2] + ".part", sys.argv[2])
PY
echo "$out"
