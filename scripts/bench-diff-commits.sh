#!/usr/bin/env bash
# diff against check on real commits (docs/benchmarks.md, "diff against check on real commits").
#
# For each app of the mirror set, a clone of its bare mirror (`git clone --shared`, checked out at the mirror's HEAD)
# is measured with each sbmap binary given, the binaries taking turns: `check .`, then `diff` of the CI case (BASE a
# revision, HEAD the working tree: `diff HEAD~1 .`) and of two revisions (`diff HEAD~2 HEAD~1`, `diff HEAD~1 HEAD`),
# each `--summary /dev/null`. Best wall time of ROUNDS runs after a warm-up; a Markdown table on stdout, with each
# diff's ratio to the same binary's check, and the median of the ratios.
#
#   scripts/bench-diff-commits.sh AFTER=.build/release/sbmap [BEFORE=/path/to/old/sbmap]
#   MIRRORS=/work/.mirror APPS="artsy+eidolon Ranchero-Software+NetNewsWire" ROUNDS=3 scripts/bench-diff-commits.sh ...
set -euo pipefail

MIRRORS=${MIRRORS:-/work/.mirror}
APPS=${APPS:-"artsy+eidolon owncloud+ios-app Ranchero-Software+NetNewsWire IBAnimatable+IBAnimatable MonitorControl+MonitorControl"}
ROUNDS=${ROUNDS:-3}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sbmap-bench-diff.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

names=() binaries=()
for argument in "$@"; do
    names+=("${argument%%=*}")
    binary=${argument#*=}
    binaries+=("$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")")
done
[ ${#binaries[@]} -gt 0 ] || { echo "usage: $0 NAME=path/to/sbmap [NAME=path/to/sbmap ...]" >&2; exit 64; }

# Best wall time, in seconds, of ROUNDS runs of "$@" (after one warm-up run), in the current folder.
best() {
    "$@" >/dev/null 2>&1 || true
    local best="" k start end took
    for ((k = 0; k < ROUNDS; k++)); do
        start=$(date +%s.%N)
        "$@" >/dev/null 2>&1 || true
        end=$(date +%s.%N)
        took=$(echo "$end - $start" | bc)
        if [ -z "$best" ] || [ "$(echo "$took < $best" | bc)" = 1 ]; then best=$took; fi
    done
    printf '%.3f' "$best"
}

ratio() { printf '%.1f' "$(echo "$1 / $2" | bc -l)"; }

echo "| app | sbmap | check s | diff HEAD~1 . s | × check | diff HEAD~2 HEAD~1 s | × check | diff HEAD~1 HEAD s | × check |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
declare -A ratios
for app in $APPS; do
    clone="$WORK/$app"
    git clone -q --shared "$MIRRORS/$app/repo" "$clone" 2>/dev/null || { echo "| $app | (no clone) |"; continue; }
    (cd "$clone" && git rev-parse -q --verify HEAD~2 >/dev/null) || { echo "| $app | (under 3 commits) |"; continue; }
    for k in "${!binaries[@]}"; do
        sbmap=${binaries[$k]} name=${names[$k]}
        cd "$clone"
        check=$(best "$sbmap" check .)
        one=$(best "$sbmap" diff HEAD~1 . --summary /dev/null)
        older=$(best "$sbmap" diff HEAD~2 HEAD~1 --summary /dev/null)
        newer=$(best "$sbmap" diff HEAD~1 HEAD --summary /dev/null)
        cd - >/dev/null
        r1=$(ratio "$one" "$check") r2=$(ratio "$older" "$check") r3=$(ratio "$newer" "$check")
        ratios[$name]="${ratios[$name]:-} $r1 $r2 $r3"
        echo "| $app | $name | $check | $one | $r1 | $older | $r2 | $newer | $r3 |"
    done
    rm -rf "$clone"
done
echo
for name in "${names[@]}"; do
    # shellcheck disable=SC2086
    median=$(printf '%s\n' ${ratios[$name]} | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    echo "$name: median diff × check over all rows: $median"
done
