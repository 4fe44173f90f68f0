#!/usr/bin/env bash
# Benchmark of sbmap, all figures from one run (the machines are noisy: compare ratios within a run).
#
#   scripts/bench.sh            # everything, about 8-10 minutes on 2 cores
#   scripts/bench.sh --quick    # smaller sizes, to try the script (figures not for the record)
#   scripts/bench.sh --maps     # only section 8 (maps and export, 1000×20), about 2 minutes; combines with --quick
#   scripts/bench.sh --hostile  # only section 9 (bounded layout time), about 5 minutes; needs no gen_corpus.py
#   SBMAP=.build/release/sbmap scripts/bench.sh --hostile   # the same with a release build made elsewhere
#   scripts/bench.sh --diff     # only section 10 (diff against check), 2-3 minutes; combines with --quick
#   scripts/bench.sh --scaling  # only section 11: hostile inputs of doubling size, in process, 1-2 minutes
#   SBMAPBENCH=path/to/SBMapBench scripts/bench.sh --scaling   # the same with a release build made elsewhere
#
# It builds sbmap and SBMapBench in release mode into .build-bench, generates apps with scripts/gen-app.py (the
# project's own generator; same arguments, same bytes) into a temporary folder, and prints Markdown tables:
#   1. end to end: `sbmap check --no-code` and `sbmap export --no-code` on apps of growing size (wall, MB/s, peak RSS)
#   2. where the time goes: discover / parse (ProjectLoader) / resolve / JSON, in process (SBMapBench phases)
#   3. parse throughput on one thread against Foundation's XMLParser(contentsOf:) on the same files
#   4. ProjectLoader on one core (taskset -c 0) against all cores
#   5. render: SVG and PNG with dot at 200, 1,000 and 3,000 scenes; sfdp beside it
#   6. the real apps in ../shared/corpus (or $SBMAP_SHARED/corpus), if present
#   7. one 200 MB storyboard: refused by default, then read with --max-file-size 300 (peak RSS)
#   8. maps for any app size on the generated 1000×20 app, side by side: check and export against the XML floor
#      (`xmllint --stream`), the overview, focus maps, a plain render, render --all, peak RSS; and how each grows
#      from 100 to 300 to 1,000 storyboards
#   9. layout time on hostile shapes (scripts/gen-hostile.py): one storyboard of 150 scenes and 600 segues (render,
#      site, render --all, --layout sfdp), the overview, site and render --all of 3,000 and 10,000 storyboards, and
#      `check` of one file holding 26,000 findings (broken calls of each code API, storyboard references); each run
#      is cut at 300 s, so a regression shows as "timeout" rather than hanging the benchmark
#  11. (--scaling only) `SBMapBench scaling`: an Info.plist of 20k to 160k keys (XML, binary) and array items, Swift
#      and Objective-C files of 10k to 80k nested `#if`s and of `#elseif` chains, each size twice the one before; the
#      ratio of each time to the one before shows the growth (2: linear, 4: quadratic). A series stops after a size
#      that took over 30 s.
#  10. `sbmap diff` of two commits against `sbmap check` of the same app, in a repository that also holds
#      SBMAP_BENCH_ASSET_MB (default 300; 60 with --quick) of incompressible assets; SBMAP_BEFORE=/path/to/sbmap adds
#      a row for another build (main's, which read each revision whole with `git archive`)
# Times are the best of 3 runs (wall clock, /usr/bin/time); peak RSS is the largest of them.
# Environment: SBMAP_SHARED (the shared folder, for section 6 only), SBMAP_BENCH_KEEP=1 keeps the generated apps,
# SBMAP_BENCH_ASSET_MB and SBMAP_BEFORE (section 10).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SHARED="${SBMAP_SHARED:-$ROOT/../shared}"
GEN="$ROOT/scripts/gen-app.py"
QUICK=0
MAPS_ONLY=0
HOSTILE_ONLY=0
DIFF_ONLY=0
for arg in "$@"; do
    case "$arg" in
        --quick) QUICK=1 ;;
        --maps) MAPS_ONLY=1 ;;
        --hostile) HOSTILE_ONLY=1 ;;
        --diff) DIFF_ONLY=1 ;;
        --scaling) SCALING_ONLY=1 ;;
        *) echo "usage: scripts/bench.sh [--quick] [--maps] [--hostile] [--diff] [--scaling]" >&2; exit 64 ;;
    esac
done
if [ "${SCALING_ONLY:-0}" = 1 ]; then
    cd "$ROOT"
    if [ -z "${SBMAPBENCH:-}" ]; then
        echo "bench: building SBMapBench (release, .build-bench)" >&2
        swift build -c release --scratch-path .build-bench --product SBMapBench >&2
        SBMAPBENCH="$(swift build -c release --scratch-path .build-bench --show-bin-path)/SBMapBench"
    fi
    echo "### 11. Scaling of hostile inputs (issue 27)"
    echo
    "$SBMAPBENCH" scaling 30
    exit 0
fi
REPEAT=3

if [ "$HOSTILE_ONLY" = 0 ]; then
    command -v python3 >/dev/null || { echo "bench: python3 is needed (scripts/gen-app.py generates the apps)" >&2; exit 1; }
fi
if [ ! -x /usr/bin/time ]; then
    echo "bench: installing GNU time (apt-get) for peak RSS" >&2
    sudo=""; if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get install -y -qq time >/dev/null
fi
command -v taskset >/dev/null || { echo "bench: taskset (util-linux) is needed" >&2; exit 1; }
if ! command -v xmllint >/dev/null; then
    echo "bench: installing xmllint (libxml2-utils, apt-get) for the XML floor" >&2
    sudo=""; if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get install -y -qq libxml2-utils >/dev/null
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/sbmap-bench.XXXXXX")"
if [ "${SBMAP_BENCH_KEEP:-0}" != 1 ]; then trap 'rm -rf "$WORK"' EXIT; fi

cd "$ROOT"
if [ -n "${SBMAP:-}" ] && [ "$HOSTILE_ONLY" = 1 ]; then
    # A release build made elsewhere (`swift build -c release --product sbmap`): section 9 needs only sbmap.
    [ -x "$SBMAP" ] || { echo "bench: SBMAP=$SBMAP is not an executable" >&2; exit 64; }
    SBMAP="$(cd "$(dirname "$SBMAP")" && pwd)/$(basename "$SBMAP")"
else
    echo "bench: building (release, .build-bench)" >&2
    swift build -c release --scratch-path .build-bench --product sbmap >&2
    if [ "$DIFF_ONLY" = 0 ]; then swift build -c release --scratch-path .build-bench --product SBMapBench >&2; fi
    BIN="$(swift build -c release --scratch-path .build-bench --show-bin-path)"
    SBMAP="$BIN/sbmap"
    BENCH="$BIN/SBMapBench"
fi

# ---------------------------------------------------------------- helpers

# run_timed OUTFILE CMD...: runs CMD REPEAT times; sets WALL (best, s, to the millisecond), CPU (user + sys of
# that run, s), RSS (largest, MB), STATUS (last exit code).
run_timed() {
    local out="$1"; shift
    WALL=""; CPU=""; RSS=0; STATUS=0
    local i w k u s start end
    for i in $(seq "$REPEAT"); do
        set +e
        start=$(date +%s%N)
        /usr/bin/time -f '%e %M %U %S' -o "$WORK/time.txt" "$@" >"$out" 2>"$WORK/stderr.txt"
        STATUS=$?
        end=$(date +%s%N)
        set -e
        read -r w k u s < <(tail -1 "$WORK/time.txt")
        w=$(awk "BEGIN{printf \"%.3f\", ($end - $start) / 1e9}")  # /usr/bin/time's %e has 10 ms steps
        if [ -z "$WALL" ] || awk "BEGIN{exit !($w < $WALL)}"; then WALL="$w"; CPU=$(awk "BEGIN{print $u + $s}"); fi
        k=$((k / 1024)); if [ "$k" -gt "$RSS" ]; then RSS="$k"; fi
    done
}

# gen NAME ARGS...: a generated app in $WORK/NAME (quietly).
gen() {
    local name="$1"; shift
    python3 "$GEN" "$@" --out "$WORK/$name" >/dev/null
}

mb() { awk "BEGIN{printf \"%.1f\", $1 / 1048576}"; }
ratio() { awk "BEGIN{ if ($2 > 0) printf \"%.2f\", $1 / $2; else print \"-\" }"; }
field() { tr ' ' '\n' <<<"$2" | sed -n "s/^$1=//p"; }
bytes_of() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["bytes"]["total"])' "$1/EXPECTED.json"; }

if [ "$QUICK" = 1 ]; then
    SIZES="20 40 80"; RENDER_SIZES="10 50"; BIG_MB=70; BIG_LIMIT=100; ASSET_MB=60
else
    SIZES="50 200 800"; RENDER_SIZES="10 50 150"; BIG_MB=200; BIG_LIMIT=300; ASSET_MB=300
fi
ASSET_MB="${SBMAP_BENCH_ASSET_MB:-$ASSET_MB}"

echo "# sbmap benchmark"
echo
echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "- commit: $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD -- Sources Package.swift 2>/dev/null || echo ' (with uncommitted changes)')"
echo "- machine: $(nproc) cores, $(awk -F': ' '/model name/{print $2; exit}' /proc/cpuinfo), $(awk '/MemTotal/{printf "%.1f GB", $2/1048576}' /proc/meminfo) RAM"
echo "- $(swift --version 2>/dev/null | head -1); Graphviz $(pkg-config --modversion libgvc); libxml2 $(pkg-config --modversion libxml-2.0)"
echo "- command: scripts/bench.sh $*"
echo "- load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine slows wall times, and hides parallel speed-up)"
echo

# ---------------------------------------------------------------- 9: layout time on hostile shapes

# hostile_row LABEL CMD...: one run (these are long when they regress), cut at 300 s.
hostile_row() {
    local label="$1"; shift
    local start end wall status notes
    set +e
    start=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$WORK/time.txt" timeout 300 "$@" >/dev/null 2>"$WORK/stderr.txt"
    status=$?
    end=$(date +%s%N)
    set -e
    wall=$(awk "BEGIN{printf \"%.2f\", ($end - $start) / 1e9}")
    if [ "$status" = 124 ]; then wall="timeout (300 s)"; fi
    notes=$(grep -c 'straight edges\|not drawn' "$WORK/stderr.txt" || true)
    echo "| $label | $wall | $(( $(tail -1 "$WORK/time.txt" 2>/dev/null || echo 0) / 1024 )) | $status | $notes |"
}

hostile() {
    local H="$WORK/hostile"
    python3 "$ROOT/scripts/gen-hostile.py" dense "$H/dense"
    python3 "$ROOT/scripts/gen-hostile.py" many "$H/many3000" --storyboards 3000
    python3 "$ROOT/scripts/gen-hostile.py" many "$H/many10000" --storyboards 10000
    for api in storyboard segue identifier; do
        python3 "$ROOT/scripts/gen-hostile.py" calls "$H/calls-$api" --api "$api" --count 26000
    done
    python3 "$ROOT/scripts/gen-hostile.py" references "$H/references" --count 26000
    echo "## 9. Layout time on hostile shapes (issue 18; one run each, cut at 300 s)"
    echo
    echo "dense: one storyboard, 150 scenes, 600 random segues (inside the default budget); many N: N storyboards of three"
    echo "scenes, each opening two others; calls API: one Swift file of 26,000 broken calls of that API (26,000 findings);"
    echo "references: one storyboard of 26,000 references to missing storyboards. 'notes' counts the render-limited notes"
    echo "(maps drawn with straight edges or left out: one note for all the maps a run left out)."
    echo
    echo "| run | wall s | peak RSS MB | exit | notes |"
    echo "|---|---:|---:|---:|---:|"
    hostile_row "render dense" "$SBMAP" render "$H/dense" -o "$WORK/h.svg"
    hostile_row "render dense --layout sfdp" "$SBMAP" render "$H/dense" -o "$WORK/h.svg" --layout sfdp
    hostile_row "site dense" "$SBMAP" site "$H/dense" -o "$WORK/h-site-dense"
    hostile_row "render --all dense" "$SBMAP" render "$H/dense" --all -o "$WORK/h-all-dense"
    hostile_row "render many 3000 (overview)" "$SBMAP" render "$H/many3000" -o "$WORK/h.svg"
    hostile_row "render many 10000 (overview)" "$SBMAP" render "$H/many10000" -o "$WORK/h.svg"
    hostile_row "site many 3000" "$SBMAP" site "$H/many3000" -o "$WORK/h-site-3000"
    hostile_row "render --all many 3000" "$SBMAP" render "$H/many3000" --all -o "$WORK/h-all-3000"
    hostile_row "site many 10000" "$SBMAP" site "$H/many10000" -o "$WORK/h-site-10000"
    hostile_row "render --all many 10000" "$SBMAP" render "$H/many10000" --all -o "$WORK/h-all-10000"
    for api in storyboard segue identifier; do
        hostile_row "check calls $api 26000" "$SBMAP" check "$H/calls-$api"
    done
    hostile_row "check references 26000" "$SBMAP" check "$H/references"
    echo
}

if [ "$HOSTILE_ONLY" = 1 ]; then
    hostile
    exit 0
fi

# ---------------------------------------------------------------- 10: diff against check

# A repository of two commits of a generated app with ASSET_MB of assets that compress to nothing (random bytes: a
# few videos and many images, as an app's asset catalogue has them). The second commit renames a Storyboard ID and
# adds an image. `check` maps the working tree (HEAD); `diff` reads both commits from git.
diff_section() {
    local D="$WORK/diff-repo" k videos images
    gen diff-repo --storyboards 100 --scenes-per 20 --seed 1 --unresolved 5 --external 5 --code
    videos=$((ASSET_MB * 2 / 5 / 20)); images=$((ASSET_MB - videos * 20))
    mkdir -p "$D/App/Resources/Video" "$D/App/Assets.xcassets"
    for k in $(seq "$videos"); do head -c $((20 << 20)) /dev/urandom >"$D/App/Resources/Video/clip$k.mp4"; done
    for k in $(seq "$images"); do
        mkdir -p "$D/App/Assets.xcassets/image$k.imageset"
        head -c $((1 << 20)) /dev/urandom >"$D/App/Assets.xcassets/image$k.imageset/image$k.png"
    done
    local g=(git -C "$D" -c user.name=bench -c user.email=bench@example.com)
    "${g[@]}" init -q -b main
    "${g[@]}" add -A
    "${g[@]}" commit -q -m "the app and its assets"
    local board; board=$(find "$D" -name '*.storyboard' -not -name 'Main.storyboard' | sort | awk 'NR == 1')
    sed -i '0,/storyboardIdentifier="/s//storyboardIdentifier="Renamed/' "$board"
    mkdir -p "$D/App/Assets.xcassets/new.imageset"
    head -c $((1 << 20)) /dev/urandom >"$D/App/Assets.xcassets/new.imageset/new.png"
    "${g[@]}" add -A
    "${g[@]}" commit -q -m "rename a Storyboard ID, add an image"
    local files size
    files=$("${g[@]}" ls-files | wc -l)
    size=$(du -sm "$D/.git" | cut -f1)

    echo "## 10. diff of two commits against check, with ${ASSET_MB} MB of assets (issue 21)"
    echo
    echo "The app: \`scripts/gen-app.py --storyboards 100 --scenes-per 20 --seed 1 --unresolved 5 --external 5 --code\`,"
    echo "$(find "$D" -name '*.storyboard' | wc -l) storyboards and $(find "$D" -name '*.swift' | wc -l) Swift files, with $videos videos of 20 MB and $images images"
    echo "of 1 MB of random bytes; $files files in the repository, .git $size MB. \`diff HEAD~1 HEAD --summary /dev/null\`"
    echo "reads both commits; \`check .\` the working tree. Best wall time of $REPEAT, the commands in turn, and the CPU"
    echo "time (user + sys, git's included) of that run; × check divides by the \`check\` above it. The copies of"
    echo "the revisions are written into \$TMPDIR (${TMPDIR:-/tmp})."
    echo
    # The commands, in turn in each round (a busy moment of the machine hits all of them): label and arguments.
    local -a labels=("check ." "diff HEAD~1 HEAD" "check --no-code ." "diff --no-code HEAD~1 HEAD")
    local -a commands=("check ." "diff HEAD~1 HEAD --summary /dev/null" "check --no-code ." "diff --no-code HEAD~1 HEAD --summary /dev/null")
    local -a binaries=("$SBMAP")
    if [ -n "${SBMAP_BEFORE:-}" ]; then binaries+=("$SBMAP_BEFORE"); fi
    local -A best cpu peak
    local round k bin key
    for round in $(seq "$REPEAT"); do
        for k in "${!commands[@]}"; do
            for bin in "${binaries[@]}"; do
                [ "$bin" != "$SBMAP" ] && [ "${commands[$k]#diff}" = "${commands[$k]}" ] && continue  # only diff changed
                key="$bin|$k"
                # shellcheck disable=SC2086  # the arguments are words
                REPEAT=1 run_timed /dev/null env -C "$D" "$bin" ${commands[$k]}
                if [ -z "${best[$key]:-}" ] || awk "BEGIN{exit !($WALL < ${best[$key]})}"; then best[$key]=$WALL; cpu[$key]=$CPU; fi
                if [ "$RSS" -gt "${peak[$key]:-0}" ]; then peak[$key]=$RSS; fi
            done
        done
    done
    echo "| command | wall s | × check | CPU s (with git's) | × check | peak RSS MB |"
    echo "|---|---:|---:|---:|---:|---:|"
    for k in "${!commands[@]}"; do
        local base="$SBMAP|$(( k / 2 * 2 ))"
        for bin in "${binaries[@]}"; do
            key="$bin|$k"
            [ -n "${best[$key]:-}" ] || continue
            local label="\`${labels[$k]}\`"
            [ "$bin" = "$SBMAP" ] || label="$label, before (\`git archive\`: $bin)"
            echo "| $label | ${best[$key]} | $(ratio "${best[$key]}" "${best[$base]}") | ${cpu[$key]} | $(ratio "${cpu[$key]}" "${cpu[$base]}") | ${peak[$key]} |"
        done
    done
    echo
    echo "Target: diff ≤ 5× check (wall): $(verdict "$(ratio "${best[$SBMAP|1]}" "${best[$SBMAP|0]}")" '<=' 5) (with the sources);" \
         "$(verdict "$(ratio "${best[$SBMAP|3]}" "${best[$SBMAP|2]}")" '<=' 5) (--no-code)."
    echo
    echo "The git stage (\`SBMAP_TIMINGS=1\`, one run; the second revision writes only what changed):"
    echo
    env -C "$D" SBMAP_TIMINGS=1 "$SBMAP" diff HEAD~1 HEAD --summary /dev/null 2>&1 >/dev/null | grep 'time: git' \
        | sed 's/^sbmap: time: /- /' || true
    echo
    echo "Load average now: $(cut -d' ' -f1-3 /proc/loadavg)."
    echo
    [ "${SBMAP_BENCH_KEEP:-0}" = 1 ] || rm -rf "$D"
}

# verdict VALUE OP LIMIT: "yes" when VALUE OP LIMIT holds (awk comparison), else "**no**".
verdict() { if awk "BEGIN{exit !($1 $2 $3)}"; then echo "yes"; else echo "**no**"; fi; }

if [ "$DIFF_ONLY" = 1 ]; then
    diff_section
    exit 0
fi

# Sections 1-7 (not with --maps).
if [ "$MAPS_ONLY" = 0 ]; then

# ---------------------------------------------------------------- 1 + 2: end to end, and phases

echo "## 1. End to end (generated apps, 20 scenes per storyboard, --size-model scene)"
echo
echo "| storyboards | scenes | MB | check s | check CPU s | check MB/s | check RSS MB | export s | export RSS MB | JSON MB |"
echo "|---|---|---|---|---|---|---|---|---|---|"
declare -A CHECK_S BYTES
for n in $SIZES; do
    gen "e2e-$n" --storyboards "$n" --scenes-per 20 --size-model scene --seed 42 \
        --unresolved $((n / 20)) --external $((n / 100 + 1))
    BYTES[$n]=$(bytes_of "$WORK/e2e-$n")
    run_timed /dev/null "$SBMAP" check --no-code "$WORK/e2e-$n"
    CHECK_S[$n]=$WALL; cs=$WALL; cc=$CPU; cr=$RSS
    run_timed /dev/null "$SBMAP" export --no-code "$WORK/e2e-$n" -o "$WORK/graph-$n.json"
    echo "| $n | $((n * 20)) | $(mb "${BYTES[$n]}") | $cs | $cc | $(awk "BEGIN{printf \"%.0f\", ${BYTES[$n]} / 1048576 / $cs}") | $cr | $WALL | $RSS | $(mb "$(stat -c %s "$WORK/graph-$n.json")") |"
done
echo
set -- $SIZES
echo "Scaling (check): ×$(ratio "${BYTES[$2]}" "${BYTES[$1]}") bytes → ×$(ratio "${CHECK_S[$2]}" "${CHECK_S[$1]}") time ($1 → $2 storyboards);" \
     "×$(ratio "${BYTES[$3]}" "${BYTES[$2]}") bytes → ×$(ratio "${CHECK_S[$3]}" "${CHECK_S[$2]}") time ($2 → $3)."
echo

echo "## 2. Where the time goes (in process, best of $REPEAT, all cores)"
echo
echo "| storyboards | discover s | parse s | parse MB/s | resolve s | JSON encode s | nodes | edges |"
echo "|---|---|---|---|---|---|---|---|"
declare -A RESOLVE_S
for n in $SIZES; do
    l=$("$BENCH" phases "$WORK/e2e-$n" "$REPEAT")
    RESOLVE_S[$n]=$(field resolve "$l")
    echo "| $n | $(field discover "$l") | $(field load "$l") | $(awk "BEGIN{printf \"%.0f\", $(field bytes "$l") / 1048576 / $(field load "$l")}") | $(field resolve "$l") | $(field encode "$l") | $(field nodes "$l") | $(field edges "$l") |"
done
echo
set -- $SIZES
echo "Resolver scaling: ×$(ratio "${RESOLVE_S[$2]}" "${RESOLVE_S[$1]}") ($1 → $2), ×$(ratio "${RESOLVE_S[$3]}" "${RESOLVE_S[$2]}") ($2 → $3) for ×4 the scenes."
echo

# Links-heavy apps of small files: what the resolver does with many cross-file links.
echo "Links-heavy apps (20 scenes per storyboard, 30% references, 5% runtime links, 4 KB median files):"
echo
echo "| storyboards | links | unresolved | resolve s |"
echo "|---|---|---|---|"
if [ "$QUICK" = 1 ]; then LINK_SIZES="100 400"; else LINK_SIZES="500 2000"; fi
declare -A LINK_S
for n in $LINK_SIZES; do
    gen "links-$n" --storyboards "$n" --scenes-per 20 --median-kb 4 --seed 7 --ref-rate 0.3 --link-rate 0.05 \
        --unresolved $((n / 10)) --external 5
    l=$("$BENCH" phases "$WORK/links-$n" "$REPEAT")
    links=$(python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["oracle"]; print(sum(o["references"].values())+sum(o["runtime_links"].values()))' "$WORK/links-$n/EXPECTED.json")
    LINK_S[$n]=$(field resolve "$l")
    echo "| $n | $links | $((n / 10)) | ${LINK_S[$n]} |"
    rm -rf "$WORK/links-$n"
done
set -- $LINK_SIZES
echo
echo "×4 storyboards and links → ×$(ratio "${LINK_S[$2]}" "${LINK_S[$1]}") resolve time."
echo

# ---------------------------------------------------------------- 3 + 4: parser, parallelism

set -- $SIZES
P=$2
echo "## 3. Parse throughput, one thread, against Foundation (the $P-storyboard app, $(mb "${BYTES[$P]}") MB)"
echo
l=$("$BENCH" parse "$WORK/e2e-$P" "$REPEAT")
s=$(field sbmap "$l"); f=$(field foundation "$l"); b=$(field bytes "$l")
echo "| parser | s | MB/s |"
echo "|---|---|---|"
echo "| sbmap StoryboardLoader (libxml2 SAX2 push, builds the scenes) | $s | $(awk "BEGIN{printf \"%.0f\", $b / 1048576 / $s}") |"
echo "| Foundation XMLParser(contentsOf:), counting elements only | $f | $(awk "BEGIN{printf \"%.0f\", $b / 1048576 / $f}") |"
echo
echo "StoryboardLoader is ×$(ratio "$f" "$s") the speed of XMLParser (Foundation failures: $(field foundation_failures "$l"))."
echo

L=$3
echo "## 4. Parallel parse: ProjectLoader on 1 core against $(nproc) (the $L-storyboard app)"
echo
one=$(field load "$(taskset -c 0 "$BENCH" load "$WORK/e2e-$L" "$REPEAT")")
all=$(field load "$("$BENCH" load "$WORK/e2e-$L" "$REPEAT")")
run_timed /dev/null taskset -c 0 "$SBMAP" check --no-code "$WORK/e2e-$L"; e1=$WALL; c1=$CPU
run_timed /dev/null "$SBMAP" check --no-code "$WORK/e2e-$L"; e2=$WALL; c2=$CPU
echo "| | 1 core s | $(nproc) cores s | speed-up |"
echo "|---|---|---|---|"
echo "| ProjectLoader.load | $one | $all | ×$(ratio "$one" "$all") |"
echo "| sbmap check --no-code | $e1 (CPU $c1) | $e2 (CPU $c2) | ×$(ratio "$e1" "$e2") |"
echo
echo "Load average now: $(cut -d' ' -f1-3 /proc/loadavg)."
echo
[ "${SBMAP_BENCH_KEEP:-0}" = 1 ] || for n in $SIZES; do rm -rf "$WORK/e2e-$n" "$WORK/graph-$n.json"; done

# ---------------------------------------------------------------- 5: render

echo "## 5. Render (20 scenes per storyboard, default size model)"
echo
echo "| scenes | output | layout | s | peak RSS MB | output MB |"
echo "|---|---|---|---|---|---|"
for n in $RENDER_SIZES; do
    scenes=$((n * 20))
    gen "render-$n" --storyboards "$n" --scenes-per 20 --seed 9 --unresolved 1 --external 1
    for spec in "svg dot" "svg sfdp" "png dot"; do
        set -- $spec
        # PNG at thousands of scenes costs seconds per run and hundreds of MB: one run is enough to see it.
        if [ "$1" = png ] && [ "$scenes" -gt 1000 ]; then continue; fi
        r=$REPEAT; if [ "$scenes" -ge 1000 ]; then REPEAT=1; fi
        run_timed /dev/null "$SBMAP" render --no-code "$WORK/render-$n" -o "$WORK/map.$1" --layout "$2"
        REPEAT=$r
        echo "| $scenes | $1 | $2 | $WALL | $RSS | $(mb "$(stat -c %s "$WORK/map.$1" 2>/dev/null || echo 0)") |"
    done
    rm -rf "$WORK/render-$n" "$WORK"/map.*
done
echo

# ---------------------------------------------------------------- 6: real apps

if ls -d "$SHARED"/corpus/*/ >/dev/null 2>&1; then
    echo "## 6. Real apps ($SHARED/corpus)"
    echo
    echo "| app | storyboards | MB | check s | peak RSS MB | summary |"
    echo "|---|---|---|---|---|---|"
    for app in "$SHARED"/corpus/*/; do
        name=$(basename "$app")
        count=$(find "$app" -name '*.storyboard' -not -path '*/Pods/*' | wc -l)
        size=$(find "$app" -name '*.storyboard' -not -path '*/Pods/*' -printf '%s\n' | awk '{s+=$1} END{print s+0}')
        run_timed /dev/null "$SBMAP" check "$app"
        echo "| $name | $count | $(mb "$size") | $WALL | $RSS | $(tail -1 "$WORK/stderr.txt" | sed 's/^sbmap: //; s/|/\\|/g') |"
    done
    echo
fi

# ---------------------------------------------------------------- 7: one big storyboard

echo "## 7. One ${BIG_MB} MB storyboard"
echo
# (No references or runtime links in the source: alone in a file, they could not resolve.)
gen big-src --storyboards 4 --scenes-per 40 --size-model scene --seed 5 --ref-rate 0 --link-rate 0
# Repeat the scenes of one generated storyboard until the file is big enough; every copy gets its own object ids
# and storyboard IDs, so the file is valid and its segues resolve inside each copy.
python3 - "$WORK/big-src" "$WORK/big/Big.storyboard" "$BIG_MB" <<'PY'
import os, re, sys
src, out, target = sys.argv[1], sys.argv[2], int(sys.argv[3]) * 1024 * 1024
files = sorted(os.path.join(d, f) for d, _, fs in os.walk(src) for f in fs if f.endswith('.storyboard'))
text = max((open(f, encoding='utf-8').read() for f in files), key=len)
head, rest = text.split('<scenes>', 1)
body, tail = rest.split('</scenes>', 1)
ident = re.compile(r'"([A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3})"')
sbid = re.compile(r'(storyboardIdentifier|referencedIdentifier)="([^"]*)"')
os.makedirs(os.path.dirname(out), exist_ok=True)
with open(out, 'w', encoding='utf-8') as f:
    f.write(ident.sub(r'"\1"', head) + '<scenes>')
    written, k = 0, 0
    while written < target:
        part = ident.sub(lambda m: f'"{m.group(1)}-{k}"', body)
        part = sbid.sub(lambda m: f'{m.group(1)}="{m.group(2)}-{k}"', part)
        f.write(part)
        written += len(part)
        k += 1
    f.write('</scenes>' + tail)
PY
big=$(stat -c %s "$WORK/big/Big.storyboard")
echo "| command | exit | s | CPU s | peak RSS MB | result |"
echo "|---|---|---|---|---|---|"
REPEAT=1
run_timed /dev/null "$SBMAP" check --no-code "$WORK/big"
echo "| check ($(mb "$big") MB, default limit) | $STATUS | $WALL | $CPU | $RSS | $(grep -o '\[file-too-large\]' "$WORK/stderr.txt" | head -1) |"
run_timed /dev/null "$SBMAP" check --no-code --max-file-size "$BIG_LIMIT" "$WORK/big"
echo "| check --max-file-size $BIG_LIMIT | $STATUS | $WALL | $CPU | $RSS | $(tail -1 "$WORK/stderr.txt" | sed 's/^sbmap: //') |"
run_timed "$WORK/load.txt" "$BENCH" load "$WORK/big" 1
l=$(cat "$WORK/load.txt")
echo "| (in process) ProjectLoader.load, parse only | | $(field load "$l") | $CPU | $RSS | $(field scenes "$l") scenes; $(awk "BEGIN{printf \"%.0f\", $big / 1048576 / $CPU}") MB per CPU second |"
echo

fi  # sections 1-7

# ---------------------------------------------------------------- 8: maps for any app size

REPEAT=3
FLOOR_REPEAT=7
if [ "$QUICK" = 1 ]; then MAP_SIZES="50 100 200"; else MAP_SIZES="100 300 1000"; fi
set -- $MAP_SIZES
TOP=$3


# busiest GRAPH.json: "path<TAB>name<TAB>links" of the storyboard with the most cross-file links (references and
# runtime-attribute links, counted at the storyboard they start from and, when they resolve, at the one they reach).
busiest() {
    python3 - "$1" <<'PY'
import collections, json, sys
graph = json.load(open(sys.argv[1]))
board_of = {node["id"]: node.get("storyboard") for node in graph["nodes"]}
names = {board["path"]: board["name"] for board in graph["storyboards"]}
links = collections.Counter()
for node in graph["nodes"]:
    if node["role"] in ("reference", "link") and node.get("storyboard"):
        links[node["storyboard"]] += 1
        target = board_of.get((node.get("resolution") or {}).get("target"))
        if target:
            links[target] += 1
path, count = min(links.items(), key=lambda item: (-item[1], item[0]))
print(f"{path}\t{names.get(path, '?')}\t{count}")
PY
}

echo "## 8. Maps for any app size, and export at the XML floor (issue 12)"
echo
echo "Generated apps: \`scripts/gen-app.py --storyboards N --scenes-per 20 --seed 1 --unresolved N/20 --external 5\`;"
echo "issue 12's corpus is N = 1000, and the first table is for N = $TOP. Every command runs as a user runs it (no"
echo "\`--no-code\`: the generated apps have no sources), best wall time and largest peak RSS of the runs. The floor is"
echo "\`xmllint --stream --noout\` over the same .storyboard files (libxml2's streaming reader, one process, one core);"
echo "the floor, \`check\` and \`export\` run in turn, $FLOOR_REPEAT rounds, so that a busy moment of the machine hits all"
echo "three; each map command runs $REPEAT times."
echo

declare -A M_MB M_XML M_XML_RSS M_CHECK M_CHECK_RSS M_EXPORT M_EXPORT_RSS M_JSON M_OVER M_OVER_RSS M_MAIN M_MAIN_RSS \
    M_BUSY M_BUSY_RSS M_BUSY_NAME M_PLAIN M_PLAIN_RSS M_PLAIN_PLAN M_ALL M_ALL_RSS M_ALL_MAPS M_SITE M_SITE_RSS M_SITE_PAGES

# keep_best TIMES RSSES N: folds WALL and RSS of the last run_timed into ${TIMES[N]} (least) and ${RSSES[N]} (most).
keep_best() {
    local -n times=$1 rsses=$2
    if [ -z "${times[$3]:-}" ] || awk "BEGIN{exit !($WALL < ${times[$3]})}"; then times[$3]=$WALL; fi
    if [ -z "${rsses[$3]:-}" ] || [ "$RSS" -gt "${rsses[$3]}" ]; then rsses[$3]=$RSS; fi
}

for n in $MAP_SIZES; do
    dir="$WORK/maps-$n"
    gen "maps-$n" --storyboards "$n" --scenes-per 20 --seed 1 --unresolved $((n / 20)) --external 5
    find "$dir" -name '*.storyboard' -print0 >"$WORK/storyboards-$n"
    M_MB[$n]=$(mb "$(bytes_of "$dir")")
    for round in $(seq "$FLOOR_REPEAT"); do
        REPEAT=1 run_timed /dev/null xargs -0 -a "$WORK/storyboards-$n" xmllint --stream --noout
        keep_best M_XML M_XML_RSS "$n"
        REPEAT=1 run_timed /dev/null "$SBMAP" check "$dir"
        keep_best M_CHECK M_CHECK_RSS "$n"
        REPEAT=1 run_timed /dev/null "$SBMAP" export "$dir" -o "$WORK/maps-$n.json"
        keep_best M_EXPORT M_EXPORT_RSS "$n"
    done
    M_JSON[$n]=$(mb "$(stat -c %s "$WORK/maps-$n.json")")
    run_timed /dev/null "$SBMAP" render "$dir" -o "$WORK/overview-$n.svg" --view overview
    M_OVER[$n]=$WALL; M_OVER_RSS[$n]=$RSS
    run_timed /dev/null "$SBMAP" render "$dir" -o "$WORK/focus-main-$n.svg" --focus Main --hops 1
    M_MAIN[$n]=$WALL; M_MAIN_RSS[$n]=$RSS
    IFS=$'\t' read -r busy_path busy_name busy_links < <(busiest "$WORK/maps-$n.json")
    run_timed /dev/null "$SBMAP" render "$dir" -o "$WORK/focus-busiest-$n.svg" --focus "$busy_path" --hops 1
    M_BUSY[$n]=$WALL; M_BUSY_RSS[$n]=$RSS; M_BUSY_NAME[$n]="$busy_name, $busy_links links"
    run_timed /dev/null "$SBMAP" render "$dir" -o "$WORK/plain-$n.svg"
    M_PLAIN[$n]=$WALL; M_PLAIN_RSS[$n]=$RSS
    if grep -q 'drawing the overview' "$WORK/stderr.txt"; then M_PLAIN_PLAN[$n]="took the overview"; else M_PLAIN_PLAN[$n]="drew the full map"; fi
    rm -rf "$WORK/all-$n"
    run_timed /dev/null "$SBMAP" render "$dir" --all -o "$WORK/all-$n"
    M_ALL[$n]=$WALL; M_ALL_RSS[$n]=$RSS
    M_ALL_MAPS[$n]=$(find "$WORK/all-$n" -name '*.svg' | wc -l)
    # The docs site: every map again, and the pages.
    run_timed /dev/null "$SBMAP" site "$dir" -o "$WORK/site-$n"
    M_SITE[$n]=$WALL; M_SITE_RSS[$n]=$RSS
    M_SITE_PAGES[$n]=$(find "$WORK/site-$n" -name '*.html' | wc -l)
    rm -rf "$WORK/site-$n"
    rm -rf "$WORK/all-$n" "$WORK"/overview-$n.svg "$WORK"/focus-*-$n.svg "$WORK/plain-$n.svg"
done

n=$TOP
echo "### The table of issue 12 ($n storyboards × 20 scenes, ${M_MB[$n]} MB of storyboards)"
echo
echo "| what | s | × floor | peak RSS MB | target | met |"
echo "|---|---|---|---|---|---|"
echo "| floor: \`xmllint --stream --noout\`, $n files | ${M_XML[$n]} | 1.00 | ${M_XML_RSS[$n]} | | |"
echo "| \`check\` | ${M_CHECK[$n]} | $(ratio "${M_CHECK[$n]}" "${M_XML[$n]}") | ${M_CHECK_RSS[$n]} | ≤ 1.0× floor, < 100 MB |" \
     "$(verdict "$(ratio "${M_CHECK[$n]}" "${M_XML[$n]}")" '<=' 1.0) / $(verdict "${M_CHECK_RSS[$n]}" '<' 100) |"
echo "| \`export\` (${M_JSON[$n]} MB of JSON) | ${M_EXPORT[$n]} | $(ratio "${M_EXPORT[$n]}" "${M_XML[$n]}") | ${M_EXPORT_RSS[$n]} | ≤ 1.5× floor, < 100 MB |" \
     "$(verdict "$(ratio "${M_EXPORT[$n]}" "${M_XML[$n]}")" '<=' 1.5) / $(verdict "${M_EXPORT_RSS[$n]}" '<' 100) |"
echo "| overview map, SVG (\`--view overview\`) | ${M_OVER[$n]} | $(ratio "${M_OVER[$n]}" "${M_XML[$n]}") | ${M_OVER_RSS[$n]} | < 2 s, < 100 MB |" \
     "$(verdict "${M_OVER[$n]}" '<' 2) / $(verdict "${M_OVER_RSS[$n]}" '<' 100) |"
echo "| focus map, \`--focus Main --hops 1\` | ${M_MAIN[$n]} | $(ratio "${M_MAIN[$n]}" "${M_XML[$n]}") | ${M_MAIN_RSS[$n]} | < 1 s | $(verdict "${M_MAIN[$n]}" '<' 1) |"
echo "| focus map of the busiest storyboard (${M_BUSY_NAME[$n]}), \`--hops 1\` | ${M_BUSY[$n]} | $(ratio "${M_BUSY[$n]}" "${M_XML[$n]}") | ${M_BUSY_RSS[$n]} | < 1 s | $(verdict "${M_BUSY[$n]}" '<' 1) |"
echo "| plain \`render\` (${M_PLAIN_PLAN[$n]}) | ${M_PLAIN[$n]} | $(ratio "${M_PLAIN[$n]}" "${M_XML[$n]}") | ${M_PLAIN_RSS[$n]} | < 10 s | $(verdict "${M_PLAIN[$n]}" '<' 10) |"
echo "| \`render --all\`, ${M_ALL_MAPS[$n]} SVG maps | ${M_ALL[$n]} | $(ratio "${M_ALL[$n]}" "${M_XML[$n]}") | ${M_ALL_RSS[$n]} | < 20 s | $(verdict "${M_ALL[$n]}" '<' 20) |"
echo "| \`sbmap site\`, ${M_SITE_PAGES[$n]} pages (issues 13, 22) | ${M_SITE[$n]} | $(ratio "${M_SITE[$n]}" "${M_XML[$n]}") | ${M_SITE_RSS[$n]} | < 10 s, < 150 MB |" \
     "$(verdict "${M_SITE[$n]}" '<' 10) / $(verdict "${M_SITE_RSS[$n]}" '<' 150) |"
echo

echo "### Growth (seconds; the ratio rows divide each column by the size before)"
echo
echo "| storyboards | MB | floor | check | export | overview | focus Main | focus busiest | render | render --all | peak RSS MB check / export / overview / --all |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
prev=""
for n in $MAP_SIZES; do
    echo "| $n | ${M_MB[$n]} | ${M_XML[$n]} | ${M_CHECK[$n]} | ${M_EXPORT[$n]} | ${M_OVER[$n]} | ${M_MAIN[$n]} | ${M_BUSY[$n]} | ${M_PLAIN[$n]} | ${M_ALL[$n]} | ${M_CHECK_RSS[$n]} / ${M_EXPORT_RSS[$n]} / ${M_OVER_RSS[$n]} / ${M_ALL_RSS[$n]} |"
    if [ -n "$prev" ]; then
        echo "| ×$(ratio "$n" "$prev") ($prev → $n) | ×$(ratio "${M_MB[$n]}" "${M_MB[$prev]}") | ×$(ratio "${M_XML[$n]}" "${M_XML[$prev]}") | ×$(ratio "${M_CHECK[$n]}" "${M_CHECK[$prev]}") | ×$(ratio "${M_EXPORT[$n]}" "${M_EXPORT[$prev]}") | ×$(ratio "${M_OVER[$n]}" "${M_OVER[$prev]}") | ×$(ratio "${M_MAIN[$n]}" "${M_MAIN[$prev]}") | ×$(ratio "${M_BUSY[$n]}" "${M_BUSY[$prev]}") | ×$(ratio "${M_PLAIN[$n]}" "${M_PLAIN[$prev]}") | ×$(ratio "${M_ALL[$n]}" "${M_ALL[$prev]}") | |"
    fi
    prev=$n
done
echo
echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
echo
[ "${SBMAP_BENCH_KEEP:-0}" = 1 ] || rm -rf "$WORK"/maps-*

# Section 10, last: its repository holds the most bytes.
if [ "$MAPS_ONLY" = 0 ]; then diff_section; fi
