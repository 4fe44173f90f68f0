#!/usr/bin/env bash
# Code scanning against storyboard loading, end to end, through one release build of sbmap.
#
# Generates a realistic app (300 storyboards of 20 scenes, scripts/gen-app.py's scene size model: ~45 MB of XML)
# and N Swift files (default 10,000, ~20 MB) that use that app's storyboards, Storyboard IDs, segues and unwind
# actions, then times, best of R runs (default 3), the three cases taking turns run by run:
#   storyboards  sbmap check --no-code over the app and the sources (the sources are skipped)
#   both         sbmap check over the same folder: storyboards and sources, scanned in parallel by ProjectLoader,
#                then linked by CodeLinker
#   code alone   sbmap check over the sources alone (no storyboards to link against)
# and reports the cost of the code (both − storyboards) in files/s and MB/s, and its ratio to the storyboards.
#
# With SHARE (default 1) only that share of the Swift files link to storyboards (gen-swift-tree.py --linking-share);
# the others are files of the same shape that do not, as most of a real app's files do not. SHARE=1 is the worst case.
#
# Usage: scripts/bench-code-vs-storyboards.sh [N] [R] [SHARE]
# Needs python3; the app comes from scripts/gen-app.py (GEN_CORPUS=path picks another generator with the same
# flags). SBMAP=path skips the build.
set -euo pipefail
N="${1:-10000}"
RUNS="${2:-3}"
SHARE="${3:-1}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
GEN_CORPUS="${GEN_CORPUS:-$ROOT/scripts/gen-app.py}"
DIR="$(mktemp -d "${TMPDIR:-/tmp}/sbmap-code-vs-sb.XXXXXX")"
trap 'rm -rf "$DIR"' EXIT

if [ -z "${SBMAP:-}" ]; then
    (cd "$ROOT" && swift build -c release --scratch-path .build-bench --product sbmap >&2)
    SBMAP="$ROOT/.build-bench/release/sbmap"
fi

python3 "$GEN_CORPUS" --storyboards 300 --scenes-per 20 --seed 7 --unresolved 5 --out "$DIR/App" --size-model scene >/dev/null
python3 "$ROOT/scripts/gen-swift-tree.py" "$DIR/App/Sources" "$N" --app "$DIR/App" --linking-share "$SHARE"
mkdir -p "$DIR/CodeOnly" && mv "$DIR/App/Sources" "$DIR/CodeOnly/Sources"
# The same sources, inside the app for the runs that map both.
cp -R "$DIR/CodeOnly/Sources" "$DIR/App/Sources"

python3 - "$SBMAP" "$DIR" "$N" "$RUNS" "$SHARE" <<'PY'
import os, subprocess, sys, time
sbmap, root, n, runs, share = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
app, code = os.path.join(root, "App"), os.path.join(root, "CodeOnly")

def size(folder, suffix):
    total = count = 0
    for d, _, files in os.walk(folder):
        for f in files:
            if f.endswith(suffix):
                total += os.path.getsize(os.path.join(d, f)); count += 1
    return count, total / 1048576

def run(args):
    start = time.perf_counter()
    out = subprocess.run([sbmap, "check"] + args, cwd=root, capture_output=True, text=True)
    return time.perf_counter() - start, out.stderr.strip().splitlines()[-1] if out.stderr.strip() else ""

# The three cases take turns, run by run, so that a slow minute of a shared machine slows each of them alike and
# the ratio between them holds.
cases = {"storyboards": ["--no-code", "App"], "both": ["App"], "code": ["CodeOnly"]}
best = {name: (float("inf"), "") for name in cases}
for _ in range(runs):
    for name, args in cases.items():
        t, summary = run(args)
        if t < best[name][0]:
            best[name] = (t, summary)

sb_files, sb_mb = size(app, ".storyboard")
sw_files, sw_mb = size(code, ".swift")
(t_sb, s_sb), (t_both, s_both), (t_code, s_code) = best["storyboards"], best["both"], best["code"]
added = t_both - t_sb
print("sbmap check, release build, %d cores, best of %d runs; share of Swift files that link to storyboards: %s"
      % (os.cpu_count(), runs, share))
print("  storyboards  %4d files %6.1f MB  %6.2f s  (%s)" % (sb_files, sb_mb, t_sb, s_sb))
print("  both         %4d files %6.1f MB  %6.2f s  (%s)" % (sb_files + sw_files, sb_mb + sw_mb, t_both, s_both))
print("  code alone   %4d files %6.1f MB  %6.2f s  (%s)" % (sw_files, sw_mb, t_code, s_code))
print("code added to the storyboards: %.2f s for %d files, %.1f MB: %.0f files/s, %.1f MB/s; %.0f%% of the storyboards' time"
      % (added, sw_files, sw_mb, sw_files / added if added > 0 else float("inf"), sw_mb / added if added > 0 else float("inf"),
         100 * added / t_sb))
print("code alone (with start-up and discovery): %.0f files/s, %.1f MB/s" % (sw_files / t_code, sw_mb / t_code))
PY
