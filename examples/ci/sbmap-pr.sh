#!/usr/bin/env bash
# The pull-request check of action.yml and examples/ci/github-actions.yml, as a script you can run anywhere:
#
#   examples/ci/sbmap-pr.sh BASE_REF [OUT_DIR]        # e.g. origin/main "$RUNNER_TEMP/sbmap-out"
#
# It compares the app at BASE_REF with the working tree (`sbmap diff`) and writes, into OUT_DIR (default: a fresh
# folder made by `mktemp -d`, printed on stderr):
#   summary.md   the Markdown summary for the pull-request comment (it starts with a marker comment.sh finds, and
#                a second one, <!-- sbmap: no change -->, when the map did not change: then there is nothing to post)
#   diff.svg     the map of what the change did
#   maps/        every map of HEAD (the overview and one per storyboard, with maps.json), for the artifact
#   sbmap.log    what sbmap printed to stderr
#   sarif/       with SBMAP_SARIF=true: the findings of HEAD as SARIF 2.1.0 (`sbmap check`), one file per folder
# and prints the new findings to stderr (GitHub annotations when GITHUB_ACTIONS=true). The summary is also appended
# to $GITHUB_STEP_SUMMARY, and `status=`, `summary=`, `out-dir=`, `changed=` (and `sarif=`) to $GITHUB_OUTPUT, when
# those are set: always, even when the run fails, so a failed run says why on the job's page.
#
# The checkout is the pull request's: whatever is in it, the pull request wrote. OUT_DIR must be outside it (the
# action passes $RUNNER_TEMP/sbmap-out). An OUT_DIR that is a symbolic link, or holds one anywhere inside, is refused
# (exit 64) before anything is written: a committed `OUT_DIR/sbmap.log -> ~/.profile` would otherwise be written
# through. BASE_REF is a revision, never an option: one that starts with `-` (also after `origin/`), or holds a `:`,
# a space or a control character, is refused (exit 64), and git and sbmap get it after `--end-of-options` / `--`.
#
# Environment:
#   SBMAP           the sbmap binary (default: sbmap on PATH)
#   SBMAP_PATHS     the app's folders in the repository, separated by spaces (default: .); each is compared on its
#                   own, and its files go to OUT_DIR/<folder>/ when there are several
#   SBMAP_FAIL_ON   the gate: new-errors (default), new-warnings, new-unresolved, any-unresolved, never
#   SBMAP_BASELINE  a baseline file of known findings (needs an sbmap with --baseline)
#   SBMAP_ARTIFACT_URL  where the run's artifact (the diff map, every map) is: linked from the summary
#   SBMAP_SARIF     true: also write OUT_DIR/sarif/ for GitHub code scanning (the action's upload-sarif input)
#
# Exit status: 0 the change is clean, 1 it has findings at the gate's level (sbmap's own 0 and 1: the comparison
# ran and wrote its summary); anything else means the comparison did not run (a wrong base, a git or I/O failure,
# bad usage: sbmap exits 2 or 64; a 0 or 1 without a summary counts as 2), and is passed on with a message, so CI
# never reads it as a pass.
set -uo pipefail

base="${1:?usage: sbmap-pr.sh BASE_REF [OUT_DIR]}"
out="${2:-}"
sbmap="${SBMAP:-sbmap}"
read -r -a folders <<<"${SBMAP_PATHS:-.}"
[ "${#folders[@]}" -gt 0 ] || folders=(.)
format=xcode
if [ "${GITHUB_ACTIONS:-}" = true ]; then format=github; fi
marker="<!-- sbmap-summary -->"
quiet_marker="<!-- sbmap: no change -->"

# error MESSAGE: to stderr, and as an annotation on GitHub, escaped as GitHub's workflow commands require (a base or a
# name with a line break must not start a workflow command of its own).
error() {
    if [ "$format" = github ]; then
        local text="${1//%/%25}"
        text="${text//$'\r'/%0D}"
        echo "::error title=sbmap::${text//$'\n'/%0A}" >&2
    else
        echo "sbmap-pr: error: $1" >&2
    fi
}
# refuse MESSAGE: bad usage, before anything is written (exit 64); the step's outputs say it did not run.
refuse() {
    error "$1"
    if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "status=64" >>"$GITHUB_OUTPUT"; fi
    if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
        # The words as an indented code block: a base or a path the pull request chose never becomes markup.
        printf '### sbmap did not compare anything\n\n    %s\n' "$(tr '\n' ' ' <<<"$1")" >>"$GITHUB_STEP_SUMMARY"
    fi
    exit 64
}

# The base is a revision: never an option for git or sbmap (`--upload-pack=cmd` would run cmd; `--help` would print
# help and exit 0), never a refspec (`a:b` would write a ref).
revision="${base#origin/}"
case "$revision" in
    "" | -*) refuse "the base '$base' is not a revision (it starts with '-')" ;;
esac
if [[ "$base" == *[:[:space:][:cntrl:]]* ]]; then
    refuse "the base '$base' is not a revision (it holds a ':', a space or a control character)"
fi

# The output folder: a fresh one by default. One that is a link, or holds a link anywhere, is refused: the files
# below are written by name, and a link committed by the pull request would send them anywhere.
if [ -z "$out" ]; then
    out="$(mktemp -d "${TMPDIR:-/tmp}/sbmap-out.XXXXXX")" || refuse "cannot make an output folder with mktemp -d"
    echo "sbmap-pr: writing into $out" >&2
fi
while [[ "$out" == */ && "$out" != / ]]; do out="${out%/}"; done
if [ -L "$out" ]; then refuse "the output folder '$out' is a symbolic link; give a folder outside the checkout"; fi
# Where the folder is, or will be made: the nearest part of its path that exists, logically and physically.
existing="$out"
while [ ! -e "$existing" ] && [ "$existing" != . ] && [ "$existing" != / ]; do existing="$(dirname "$existing")"; done
[ -d "$existing" ] || refuse "cannot make the output folder '$out' ('$existing' is not a folder)"
logical="$(cd -- "$existing" && pwd)" && physical="$(cd -- "$existing" && pwd -P)" || refuse "cannot enter '$existing'"
if cdup="$(git rev-parse --show-cdup 2>/dev/null)"; then
    top="$(cd "./$cdup" && pwd)"; top_physical="$(cd "./$cdup" && pwd -P)"
    inside=false
    case "$logical/" in "$top"/*) inside=true ;; esac
    case "$physical/" in "$top_physical"/*) inside=true ;; esac
    if [ "$inside" = true ]; then
        case "$physical/" in
            "$top_physical"/*) ;;
            # A link on the way inside the checkout (a committed `out -> /home/runner`) would lead the files out.
            *) refuse "the output folder '$out' is reached through a symbolic link in the checkout (to $physical)" ;;
        esac
        echo "sbmap-pr: warning: the output folder $out is inside the checkout, whose files the pull request wrote; use a folder outside it" >&2
    fi
fi
mkdir -p -- "$out" || refuse "cannot make the output folder '$out'"
out="$(cd -- "$out" && pwd)" || refuse "cannot enter the output folder"
links="$(find "$out" -type l -print 2>/dev/null | head -3)"
if [ -n "$links" ]; then
    refuse "the output folder '$out' holds symbolic links ($(tr '\n' ' ' <<<"$links")); give a fresh folder outside the checkout"
fi
# Each folder is compared from inside it: relative paths given here must survive the cd.
case "$sbmap" in */*) sbmap="$(cd "$(dirname "$sbmap")" && pwd)/$(basename "$sbmap")" ;; esac
baseline="${SBMAP_BASELINE:-}"
case "$baseline" in "" | /*) ;; *) baseline="$(pwd)/$baseline" ;; esac
sarif=""
if [ "${SBMAP_SARIF:-false}" = true ]; then sarif="$out/sarif"; mkdir -p "$sarif"; fi

# A shallow CI clone may not have the base yet: fetch it, then let sbmap say what is wrong if it is still missing.
if ! git rev-parse --verify --quiet --end-of-options "$base^{commit}" >/dev/null 2>&1; then
    case "$base" in
        origin/*) git fetch --quiet --depth=50 --end-of-options origin "+refs/heads/$revision:refs/remotes/origin/$revision" 2>/dev/null || true ;;
        *) git fetch --quiet --depth=50 --end-of-options origin "$base" 2>/dev/null || true ;;  # a commit or a tag
    esac
fi

worst=0           # 0 < 1 < anything else: the status the script ends with
changed=false     # whether any folder's map changed (or its comparison failed): something to tell the pull request
sections=()       # one summary per folder
failures=()
for folder in "${folders[@]}"; do
    dir="$out"
    if [ "${#folders[@]}" -gt 1 ]; then
        # A file name of its own, whatever the folder is called (`..` must not climb out of OUT_DIR).
        dir="$out/$(printf '%s' "$folder" | tr -c 'A-Za-z0-9._-' '_' | sed 's/^\./_/')"
        mkdir -p "$dir"
    fi
    args=(diff -o "$dir/diff.svg" --summary "$dir/summary.body.md" --findings-format "$format"
          --fail-on "${SBMAP_FAIL_ON:-new-errors}")
    if [ -n "$baseline" ]; then args+=(--baseline "$baseline"); fi
    if [ -n "${SBMAP_ARTIFACT_URL:-}" ]; then args+=(--artifact-url "$SBMAP_ARTIFACT_URL"); fi
    args+=(-- "$base" .)
    rm -f "$dir/summary.body.md"
    if [ ! -d "$folder" ]; then
        status=2
        echo "no folder '$folder' in the repository (check the paths input)" >"$dir/sbmap.log"
    else
        (cd "$folder" && "$sbmap" "${args[@]}") 2>"$dir/sbmap.log"
        status=$?
        # sbmap's 0 and 1 mean it compared and wrote the summary: without one, the comparison did not run.
        if { [ "$status" -eq 0 ] || [ "$status" -eq 1 ]; } && [ ! -s "$dir/summary.body.md" ]; then
            echo "sbmap exited $status without writing the summary: the comparison did not run" >>"$dir/sbmap.log"
            status=2
        fi
    fi
    cat "$dir/sbmap.log" >&2
    case "$status" in
        0 | 1)
            if [ "$(head -1 "$dir/summary.body.md")" != "## No storyboard change" ]; then changed=true; fi
            if [ "${#folders[@]}" -gt 1 ]; then sections+=("## \`$folder\`"$'\n'); fi
            sections+=("$(cat "$dir/summary.body.md" 2>/dev/null)"$'\n')
            rm -f "$dir/summary.body.md"
            # Every map of HEAD, for the artifact: a picture that cannot be drawn does not fail the check.
            (cd "$folder" && "$sbmap" render --all -o "$dir/maps" --quiet -- .) >/dev/null 2>&1 || true
            if [ -n "$sarif" ]; then
                name="$(printf '%s' "$folder" | tr -c 'A-Za-z0-9._-' '_' | sed 's/^\./_/')"
                sarif_args=(check --findings-format sarif --findings-output "$sarif/$name.sarif")
                if [ -n "$baseline" ]; then sarif_args+=(--baseline "$baseline"); fi
                (cd "$folder" && "$sbmap" "${sarif_args[@]}" -- .) 2>>"$dir/sbmap.log" >/dev/null
                sarif_status=$?
                if [ "$sarif_status" -gt 1 ]; then
                    error "sbmap check --findings-format sarif in '$folder' did not run (exit $sarif_status)"
                    [ "$worst" -gt 1 ] || worst=$sarif_status
                fi
            fi
            ;;
        *)
            changed=true
            rm -f "$dir/summary.body.md"
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

{
    echo "$marker"
    if [ "$changed" = false ]; then echo "$quiet_marker"; fi
    printf '%s\n' "${sections[@]}"
} >"$out/summary.md"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$out/summary.md" >>"$GITHUB_STEP_SUMMARY"; fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
    {
        echo "status=$worst"; echo "summary=$out/summary.md"; echo "out-dir=$out"; echo "changed=$changed"
        if [ -n "$sarif" ]; then echo "sarif=$sarif"; fi
    } >>"$GITHUB_OUTPUT"
fi
if [ "${#failures[@]}" -gt 0 ]; then
    error "the storyboard check failed to run for: ${failures[*]}; this is not a pass (exit $worst)"
fi
exit "$worst"
