#!/usr/bin/env bash
# The SARIF 2.1.0 JSON schema (the SARIF test validates sbmap's --findings-format sarif against it) into an ignored
# cache folder: .build/sarif/sarif-schema-2.1.0.json, or the path given. It is not committed: the schema is an OASIS
# work product under OASIS's IPR policy, not an open-source licence. It comes from its source repository,
# oasis-tcs/sarif-spec, pinned to one commit and checked by its SHA-256.
#
#   scripts/fetch-sarif-schema.sh [OUT_FILE]     # default .build/sarif/sarif-schema-2.1.0.json
#   SARIF_SPEC_GIT=/path/to/sarif-spec(.git) scripts/fetch-sarif-schema.sh   # a local clone instead of GitHub
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/sarif/sarif-schema-2.1.0.json}"
commit=e0583813964ec43cea53b6b531b402866095ed1f
path=sarif-2.1/schema/sarif-schema-2.1.0.json
sha256=c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e
[ -s "$out" ] && { echo "$out"; exit 0; }
source="${SARIF_SPEC_GIT:-https://github.com/oasis-tcs/sarif-spec.git}"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/sbmap-sarif.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
if [ -d "$source" ]; then
    git --git-dir="$(git -C "$source" rev-parse --absolute-git-dir 2>/dev/null || echo "$source")" show "$commit:$path" >"$tmp/schema.json"
else
    git init --quiet "$tmp/repo"
    timeout 120 git -C "$tmp/repo" fetch --quiet --depth 1 "$source" "$commit"
    git -C "$tmp/repo" show "$commit:$path" >"$tmp/schema.json"
fi
echo "$sha256  $tmp/schema.json" | sha256sum --check --quiet - >&2 || { echo "fetch-sarif-schema: the schema's SHA-256 differs" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
mv "$tmp/schema.json" "$out"
echo "$out"
