#!/usr/bin/env bash
# Fuzzes sbmap's readers with libFuzzer and AddressSanitizer (docs/robustness.md).
#
#   scripts/fuzz.sh [storyboard|plist|code|render|all] [seconds per target]    # default: all, 60
#
# The code under test (SBMapModel, SBMapParse; SBMapStyle and SBMapRender for `render`) is built by SwiftPM as
# libraries with -sanitize=fuzzer,address (and -enable-testing, for the render target's way into the renderer's
# retry path) into .build-fuzz; each entry in Fuzz/ is then linked with swiftc. (A SwiftPM executable target built
# with -sanitize=fuzzer does not link: libFuzzer brings its own main.) Graphviz is the system's uninstrumented build,
# but AddressSanitizer still sees every malloc, realloc and free it makes.
# Seeds are copied at run time from the test fixtures, the examples and the kept crash inputs, so nothing
# big is duplicated in git. Work files go to fuzz-out/ (ignored by git):
#   fuzz-out/corpus-<target>/    the corpus libFuzzer grows (kept between runs: the next run starts there)
#   fuzz-out/crashes-<target>/   any input that crashed, leaked, timed out or broke the loader's contract
# Exits non-zero if any target found a problem. Keep a crashing input as a regression test by copying it to
# Tests/SBMapParseTests/Fixtures/FuzzRegressions/<target>/ (the tests replay that folder, and so does this script).
set -euo pipefail
cd "$(dirname "$0")/.."

what="${1:-all}"
seconds="${2:-60}"
case "$what" in
    all) targets=(storyboard plist code render) ;;
    storyboard|plist|code|render) targets=("$what") ;;
    *) echo "usage: scripts/fuzz.sh [storyboard|plist|code|render|all] [seconds]" >&2; exit 64 ;;
esac

# Without this the Swift backtracer can hang for minutes after a crash, which would stall CI.
export SWIFT_BACKTRACE=enable=no
# Leaks are checked at the end of each input; a crash prints a symbolized stack.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:symbolize=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}"

scratch=.build-fuzz
out=fuzz-out
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -g -Xswiftc -enable-testing --scratch-path "$scratch")

for target in "${targets[@]}"; do
    case "$target" in
        render) module=SBMapRender ;;
        *) module=SBMapParse ;;
    esac
    case " ${built:-} " in *" $module "*) continue ;; esac
    echo "fuzz: building $module with -sanitize=fuzzer,address" >&2
    swift build "${flags[@]}" --target "$module" >&2
    built="${built:-} $module"
done
bin="$(swift build "${flags[@]}" --show-bin-path)"
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"

# Compiler flags for libxml2's headers, which SBMapParse's module imports (CLibXML2), and Graphviz's (CGraphviz).
xml_cflags=()
for flag in $(pkg-config --cflags libxml-2.0); do xml_cflags+=(-Xcc "$flag"); done
gv_cflags=()
for flag in $(pkg-config --cflags libgvc); do gv_cflags+=(-Xcc "$flag"); done

link() {
    local target="$1" entry
    local inputs=() objects=() libs=()
    case "$target" in
        storyboard) entry=Fuzz/StoryboardFuzz.swift ;;
        plist) entry=Fuzz/PlistFuzz.swift ;;
        code) entry=Fuzz/CodeFuzz.swift ;;
        render) entry=Fuzz/RenderFuzz.swift ;;
    esac
    if [ "$target" = render ]; then
        # SBMapStyle brings Yams (and its C part, CYaml, whose module map lives in the checkout).
        inputs=(-I Sources/CGraphviz "${gv_cflags[@]}" -I "$scratch/checkouts/Yams/Sources/CYaml/include")
        objects=("$bin"/SBMapModel.build/*.o "$bin"/SBMapDiff.build/*.o "$bin"/SBMapStyle.build/*.o "$bin"/SBMapRender.build/*.o
                 "$bin"/Yams.build/*.o $(find "$bin"/CYaml.build -name '*.o'))
        read -r -a libs <<<"$(pkg-config --libs libgvc)"
    else
        inputs=(Fuzz/FuzzContract.swift -I Sources/CLibXML2 "${xml_cflags[@]}")
        objects=("$bin"/SBMapModel.build/*.o "$bin"/SBMapParse.build/*.o)
        libs=(-lxml2)
    fi
    echo "fuzz: linking $scratch/fuzz-$target" >&2
    swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name "Fuzz_$target" \
        "$entry" -I "$modules" "${inputs[@]}" "${objects[@]}" "${libs[@]}" \
        -o "$scratch/fuzz-$target" 2>&1 | { grep -v "Cannot export local symbol '__asan" || true; } >&2
    [ -x "$scratch/fuzz-$target" ]
}

# Seed files for a target, copied into a fresh folder (libFuzzer reads seeds from folders).
seed() {
    local target="$1" dir="$out/seeds-$target"
    rm -rf "$dir"; mkdir -p "$dir"
    local fixtures=Tests/SBMapParseTests/Fixtures
    case "$target" in
        storyboard) find "$fixtures" examples -name '*.storyboard' -size -256k -exec cp {} "$dir/" \; ;;
        plist) find "$fixtures" examples \( -name '*.plist' -o -name 'project.pbxproj' \) -size -256k \
                   -exec sh -c 'for f; do cp "$f" "$0/$(echo "$f" | tr / _)"; done' "$dir" {} + ;;
        code) find "$fixtures/Code" examples \( -name '*.swift' -o -name '*.m' -o -name '*.mm' \) -size -256k \
                  -exec sh -c 'for f; do cp "$f" "$0/$(echo "$f" | tr / _)"; done' "$dir" {} + ;;
        # The render target reads its input as choices, not as a file: it starts from nothing and its corpus.
        render) fixtures=Tests/SBMapRenderTests/Fixtures ;;
    esac
    if [ -d "$fixtures/FuzzRegressions/$target" ]; then cp "$fixtures/FuzzRegressions/$target"/* "$dir/" 2>/dev/null || true; fi
    echo "$dir"
}

status=0
summary=()
for target in "${targets[@]}"; do
    link "$target"
    seeds="$(seed "$target")"
    corpus="$out/corpus-$target"
    crashes="$out/crashes-$target"
    mkdir -p "$corpus" "$crashes"
    dict=()
    [ -f "Fuzz/$target.dict" ] && dict=(-dict="Fuzz/$target.dict")
    log="$out/fuzz-$target.log"
    echo "fuzz: $target for ${seconds}s (log: $log)" >&2
    set +e
    max_len=65536
    [ "$target" = render ] && max_len=4096  # enough choices for the biggest graph it builds
    "$scratch/fuzz-$target" "$corpus" "$seeds" "${dict[@]}" \
        -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1
    rc=$?
    set -e
    execs="$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1)"
    if [ "$rc" -ne 0 ]; then
        status=1
        summary+=("$target: FAILED after ${execs:-?} executions (exit $rc); see $log and $crashes/")
        tail -40 "$log" >&2
    else
        summary+=("$target: ${execs:-?} executions in ${seconds}s, no crash; corpus $(ls "$corpus" | wc -l) inputs")
    fi
done
printf 'fuzz: %s\n' "${summary[@]}"
exit "$status"
