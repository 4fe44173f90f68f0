#!/usr/bin/env bash
# sbmap's version, with no build.
#
#   scripts/version.sh                 the version the sources declare (SBMapCommand.version): 0.2.0
#   scripts/version.sh --build-id [REF]  what names an unreleased build: nothing for a release, else the commit
#   scripts/version.sh --build [REF]     the version of this build as `sbmap --version` prints it first: 0.2.0 for
#                                      the release, 0.2.0+3f2a1b4c5d6e for any other commit
#
# The first is for the release workflow (the tag must match it). The build ID is stamped into the binary by `make`
# and `make dist` (BUILD_ID, through the SBMapBuildInfo target), so that a binary built from a commit after 0.2.0
# never passes for 0.2.0, and the action caches and installs by it.
#
# A release is a checkout whose HEAD carries the tag vVERSION (or a tag build: GITHUB_REF=refs/tags/vVERSION).
# REF is the ref the action was pinned to (the last folder of $GITHUB_ACTION_PATH, which GitHub downloads without
# .git): vVERSION is the release; a commit's SHA names that commit; anything else (a branch) names the commit of a
# git checkout, or else the contents of the sources (src.HASH), so that a new push is a new build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
file="$root/Sources/SBMapCLI/SBMapCommand.swift"
version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$file")"
[ -n "$version" ] || { echo "version.sh: no 'static let version = \"…\"' in $file" >&2; exit 1; }

# The commit of the sources' git checkout (12 digits), or nothing.
commit() { git -C "$root" rev-parse --short=12 --verify --quiet HEAD 2>/dev/null || true; }

build_id() {
    local ref="${1-}"
    if [ -n "$ref" ]; then
        case "$ref" in
            "v$version") return ;;
        esac
        if [[ "$ref" =~ ^[0-9a-f]{40}$ ]]; then echo "${ref:0:12}"; return; fi
        local head; head="$(commit)"
        if [ -n "$head" ]; then echo "$head"; return; fi
        # No git (the action's download): the sources themselves, so that each push of a branch is a build of its own.
        local hash
        hash="$(cd "$root" && find Package.swift Sources -type f -print 2>/dev/null | LC_ALL=C sort \
            | while IFS= read -r path; do printf '%s\n' "$path"; cat "$path"; done \
            | { command -v sha256sum >/dev/null && sha256sum || shasum -a 256; } | cut -c1-12)"
        echo "src.$hash"
        return
    fi
    [ "${GITHUB_REF:-}" != "refs/tags/v$version" ] || return 0
    [ -d "$root/.git" ] || [ -f "$root/.git" ] || return 0   # a source tarball: nothing says it is not the release
    local head; head="$(commit)"
    [ -n "$head" ] || return 0
    if git -C "$root" tag --points-at HEAD 2>/dev/null | grep -qxF "v$version"; then return; fi
    echo "$head"
}

case "${1:-}" in
    "") echo "$version" ;;
    --build-id) build_id "${2-}" ;;
    --build) id="$(build_id "${2-}")"; echo "$version${id:++$id}" ;;
    *) echo "usage: version.sh [--build-id|--build [REF]]" >&2; exit 64 ;;
esac
