#!/usr/bin/env bash
# Prints sbmap's version as its sources declare it (SBMapCommand.version, what `sbmap --version` prints first), with
# no build: for action.yml (the action's own version) and the release workflow (the tag must match it).
set -euo pipefail
file="$(dirname "$0")/../Sources/SBMapCLI/SBMapCommand.swift"
version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$file")"
[ -n "$version" ] || { echo "version.sh: no 'static let version = \"…\"' in $file" >&2; exit 1; }
echo "$version"
