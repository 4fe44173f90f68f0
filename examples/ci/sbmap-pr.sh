#!/usr/bin/env bash
# The pull-request job of examples/ci/github-actions.yml, as a script you can run anywhere:
#
#   examples/ci/sbmap-pr.sh BASE_REF [OUT_DIR]        # e.g. origin/main sbmap-out
#
# It writes, into OUT_DIR (default sbmap-out):
#   diff.svg     the map of what the change did (added, removed as ghosts, changed)
#   summary.md   the Markdown summary for the pull-request comment (starts with a marker the comment step finds)
#   maps/        every map of HEAD (overview and one per storyboard, with maps.json) for the artifact
# and prints the new findings to stderr (GitHub annotations when GITHUB_ACTIONS is set).
# Exit: sbmap diff's, by --fail-on (default new-errors): 1 when the change adds an error. Set SBMAP to the binary
# to use (default: sbmap on PATH), SBMAP_FAIL_ON to change the gate.
set -uo pipefail

base="${1:?usage: sbmap-pr.sh BASE_REF [OUT_DIR]}"
out="${2:-sbmap-out}"
sbmap="${SBMAP:-sbmap}"
format=xcode
if [ -n "${GITHUB_ACTIONS:-}" ]; then format=github; fi

mkdir -p "$out"
# A shallow CI clone may not have the base yet.
if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
    git fetch --quiet --depth=50 origin "${base#origin/}" || true
fi

"$sbmap" diff "$base" . -o "$out/diff.svg" --summary "$out/summary.body.md" \
    --findings-format "$format" --fail-on "${SBMAP_FAIL_ON:-new-errors}"
status=$?
# Exit 64 is bad usage (a wrong ref): no summary to post.
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then exit "$status"; fi

{ echo "<!-- sbmap-summary -->"; cat "$out/summary.body.md"; } > "$out/summary.md"
rm -f "$out/summary.body.md"
"$sbmap" render . --all -o "$out/maps" --quiet 2>/dev/null || true
exit "$status"
