#!/usr/bin/env bash
# The pull-request check of action.yml and examples/ci/github-actions.yml, as a script you can run anywhere:
#
#   examples/ci/sbmap-pr.sh BASE_REF [OUT_DIR]        # e.g. origin/main sbmap-out
#
# It compares the app at BASE_REF with the working tree (`sbmap diff`) and writes, into OUT_DIR (default sbmap-out):
#   summary.md   the Markdown summary for the pull-request comment (it starts with a marker comment.sh finds)
#   diff.svg     the map of what the change did
#   maps/        every map of HEAD (the overview and one per storyboard, with maps.json), for the artifact
#   sbmap.log    what sbmap printed to stderr
# and prints the new findings to stderr (GitHub annotations when GITHUB_ACTIONS=true). The summary is also appended
# to $GITHUB_STEP_SUMMARY, and `status=` and `summary=` to $GITHUB_OUTPUT, when those are set: always, even when the
# run fails, so a failed run says why on the job's page.
#
# Environment:
#   SBMAP           the sbmap binary (default: sbmap on PATH)
#   SBMAP_PATHS     the app's folders in the repository, separated by spaces (default: .); each is compared on its
#                   own, and its files go to OUT_DIR/<folder>/ when there are several
#   SBMAP_FAIL_ON   the gate: new-errors (default), new-warnings, new-unresolved, any-unresolved, never
#   SBMAP_BASELINE  a baseline file of known findings (needs an sbmap with --baseline)
#   SBMAP_ARTIFACT_URL  where the run's artifact (the diff map, every map) is: linked from the summary
#
# Exit status: 0 the change is clean, 1 it has findings at the gate's level (sbmap's own 0 and 1: the comparison
# ran); anything else means the comparison did not run (a wrong base, a git or I/O failure, bad usage: sbmap exits 2
# or 64), and is passed on with a message, so CI never reads it as a pass.
set -uo pipefail

base="${1:?usage: sbmap-pr.sh BASE_REF [OUT_DIR]}"
out="${2:-sbmap-out}"
sbmap="${SBMAP:-sbmap}"
read -r -a folders <<<"${SBMAP_PATHS:-.}"
[ "${#folders[@]}" -gt 0 ] || folders=(.)
format=xcode
if [ "${GITHUB_ACTIONS:-}" = true ]; then format=github; fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
# Each folder is compared from inside it: relative paths given here must survive the cd.
case "$sbmap" in */*) sbmap="$(cd "$(dirname "$sbmap")" && pwd)/$(basename "$sbmap")" ;; esac
baseline="${SBMAP_BASELINE:-}"
case "$baseline" in "" | /*) ;; *) baseline="$(pwd)/$baseline" ;; esac
marker="<!-- sbmap-summary -->"

# error MESSAGE: to stderr, and as an annotation on GitHub.
error() {
    if [ "$format" = github ]; then echo "::error title=sbmap::$1" >&2; else echo "sbmap-pr: error: $1" >&2; fi
}

# A shallow CI clone may not have the base yet: fetch it, then let sbmap say what is wrong if it is still missing.
if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null 2>&1; then
    case "$base" in
        origin/*) git fetch --quiet --depth=50 origin "${base#origin/}:refs/remotes/$base" 2>/dev/null || true ;;
        *) git fetch --quiet --depth=50 origin "$base" 2>/dev/null || true ;;  # a commit or a tag
    esac
fi

worst=0           # 0 < 1 < anything else: the status the script ends with
sections=()       # one summary per folder
failures=()
for folder in "${folders[@]}"; do
    dir="$out"
    if [ "${#folders[@]}" -gt 1 ]; then dir="$out/$(echo "$folder" | tr '/' '_')"; mkdir -p "$dir"; fi
    args=(diff "$base" . -o "$dir/diff.svg" --summary "$dir/summary.body.md" --findings-format "$format"
          --fail-on "${SBMAP_FAIL_ON:-new-errors}")
    if [ -n "$baseline" ]; then args+=(--baseline "$baseline"); fi
    if [ -n "${SBMAP_ARTIFACT_URL:-}" ]; then args+=(--artifact-url "$SBMAP_ARTIFACT_URL"); fi
    if [ ! -d "$folder" ]; then
        status=2
        echo "no folder '$folder' in the repository (check the paths input)" >"$dir/sbmap.log"
    else
        (cd "$folder" && "$sbmap" "${args[@]}") 2>"$dir/sbmap.log"
        status=$?
    fi
    cat "$dir/sbmap.log" >&2
    case "$status" in
        0 | 1)
            if [ "${#folders[@]}" -gt 1 ]; then sections+=("## \`$folder\`"$'\n'); fi
            sections+=("$(cat "$dir/summary.body.md" 2>/dev/null)"$'\n')
            rm -f "$dir/summary.body.md"
            # Every map of HEAD, for the artifact: a picture that cannot be drawn does not fail the check.
            (cd "$folder" && "$sbmap" render . --all -o "$dir/maps" --quiet) >/dev/null 2>&1 || true
            ;;
        *)
            reason="$(grep -v '^$' "$dir/sbmap.log" | tail -5)"
            [ -n "$reason" ] || reason="(sbmap printed nothing; is SBMAP=$sbmap an sbmap binary?)"
            error "sbmap diff $base in '$folder' did not run (exit $status): $(head -1 <<<"$reason")"
            failures+=("$folder")
            what="this change"; [ "$folder" = . ] || what="\`$folder\`"
            # sbmap's words as an indented code block: no text of theirs can end it or become markup.
            text="### sbmap could not compare $what with \`$base\`"$'\n\n'"Exit status $status. sbmap said:"$'\n\n'
            text+="$(sed 's/^/    /' <<<"$reason")"$'\n'
            if grep -qi 'revision' <<<"$reason"; then
                text+=$'\n'"A base that is not a revision here usually means a shallow clone: check out with \`fetch-depth: 0\`, or pass the base as \`origin/<branch>\` or a commit."$'\n'
            fi
            sections+=("$text")
            ;;
    esac
    if [ "$status" -gt 1 ]; then
        [ "$worst" -gt 1 ] || worst=$status
    elif [ "$status" -eq 1 ] && [ "$worst" -eq 0 ]; then
        worst=1
    fi
done

{ echo "$marker"; printf '%s\n' "${sections[@]}"; } >"$out/summary.md"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$out/summary.md" >>"$GITHUB_STEP_SUMMARY"; fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
    { echo "status=$worst"; echo "summary=$out/summary.md"; echo "out-dir=$out"; } >>"$GITHUB_OUTPUT"
fi
if [ "${#failures[@]}" -gt 0 ]; then
    error "the storyboard check failed to run for: ${failures[*]}; this is not a pass (exit $worst)"
fi
exit "$worst"
