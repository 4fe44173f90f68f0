#!/usr/bin/env bash
# Re-runs sbmap over the real-app regression set and compares every finding with its recorded verdict.
#
#   scripts/real-apps.sh [APPS_DIR]             # default $SBMAP_APPS, or /work/apps
#   scripts/real-apps.sh --extract [APPS_DIR]   # write the apps from bare snapshots in $MIRROR (default /work/.mirror)
#
# Environment: SBMAP=path/to/sbmap uses that binary (otherwise `swift build -c release --product sbmap` first);
# ONLY=folder,folder runs a part of the set; KEEP=DIR keeps each app's JSON, findings and SVG there.
#
# The set is Tests/RealApps/manifest.tsv (repository, commit, what it covers, the folder to scan); the verdicts are
# Tests/RealApps/verdicts.tsv, summarised in docs/real-apps.md. The apps themselves stay outside this repository
# (their code is not ours to commit). Getting them, once:
#   1. a bare git snapshot of each repository of the manifest in MIRROR/owner+name/repo. In this workplace the
#      `fetch` tool does it (fetch github:owner/name writes /work/.mirror/owner+name/repo); it cannot be called
#      from a script. Elsewhere: git clone --bare https://github.com/owner/name MIRROR/owner+name/repo
#   2. scripts/real-apps.sh --extract APPS_DIR writes, for each, the files sbmap reads at the manifest's commit
#      (scripts/extract-snapshot.py; `git archive` stops at the first blob a snapshot leaves out).
#
# For each app it runs, from APPS_DIR/folder/scan, `sbmap export . --format json` (the graph and every finding,
# with its level: `check` prints the same findings, in Xcode's format only) and `sbmap render . -o map.svg`, and
# prints a table per app, one line per finding at warning or error level, and per note that has a verdict:
#   ok      judged true, still reported at the level judged
#   FALSE   judged false, still reported                                     (fails the run)
#   NEW     nobody has judged it, or it changed level since                  (fails the run: judge it)
#   lost    judged true, no longer reported: a true finding lost             (fails the run, unless re-judged)
#   fixed   judged false, no longer reported                                 (remove the verdict)
# It also fails the run when a render fails (a crash, no SVG, an empty one, or exit 1 without an error finding),
# when a code link joins scenes of two platforms, or when an entry point comes from an Info.plist that no target
# of a project covering it uses. Exit 0 when nothing fails, 1 when something does, 2 when the set is not there.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
manifest="$root/Tests/RealApps/manifest.tsv"
verdicts="$root/Tests/RealApps/verdicts.tsv"

rows() {  # folder, commit and scan of every app of the manifest (or of $ONLY)
    grep -v '^#' "$manifest" | tail -n +2 | awk -F'\t' -v only=",${ONLY:-}," \
        'NF >= 7 && (only == ",," || index(only, "," $1 ",")) { print $1 "\t" $3 "\t" $7 }'
}

if [ "${1:-}" = "--extract" ]; then
    apps="${2:-${SBMAP_APPS:-/work/apps}}"
    mirror="${MIRROR:-/work/.mirror}"
    mkdir -p "$apps"
    status=0
    while IFS=$'\t' read -r folder commit _; do
        git_dir="$mirror/$folder/repo"
        if [ ! -d "$git_dir" ]; then
            echo "real-apps: $folder: no snapshot at $git_dir (fetch it first: see the top of this script)" >&2
            status=2; continue
        fi
        rev="$commit"
        if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
            rev=HEAD
            echo "real-apps: $folder: the snapshot lacks $commit, extracting its HEAD $(git --git-dir="$git_dir" rev-parse HEAD); verdicts may not match" >&2
        fi
        rm -rf "${apps:?}/$folder"
        python3 "$root/scripts/extract-snapshot.py" "$git_dir" "$apps/$folder" --rev "$rev" || status=1
        git --git-dir="$git_dir" rev-parse "$rev" > "$apps/$folder/.real-apps-commit"
    done < <(rows)
    exit $status
fi

apps="${1:-${SBMAP_APPS:-/work/apps}}"
if [ ! -d "$apps" ]; then
    cat >&2 <<EOF
real-apps: no apps in $apps.
  1. put a bare git snapshot of each repository of Tests/RealApps/manifest.tsv in \$MIRROR/owner+name/repo
     (default MIRROR=/work/.mirror; here the workplace's fetch tool, github:owner/name, writes it; elsewhere
     git clone --bare https://github.com/owner/name \$MIRROR/owner+name/repo);
  2. scripts/real-apps.sh --extract $apps
  3. scripts/real-apps.sh $apps
EOF
    exit 2
fi
apps="$(cd "$apps" && pwd)"

sbmap="${SBMAP:-}"
if [ -z "$sbmap" ]; then
    (cd "$root" && swift build -c release --product sbmap 2>&1 | grep -E "error|warning:|Compiling|Build complete" | tail -3) >&2
    sbmap="$(cd "$root" && swift build -c release --show-bin-path)/sbmap"
fi
[ -x "$sbmap" ] || { echo "real-apps: no sbmap binary at $sbmap" >&2; exit 2; }

work="${KEEP:-}"
if [ -z "$work" ]; then work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT; else mkdir -p "$work"; fi
: > "$work/runs.tsv"
while IFS=$'\t' read -r folder commit scan; do
    dir="$apps/$folder/$scan"
    if [ ! -d "$dir" ]; then
        printf '%s\tmissing\t-\t-\n' "$folder" >> "$work/runs.tsv"; continue
    fi
    (cd "$dir" && timeout 600 "$sbmap" export . --format json -o "$work/$folder.json") > /dev/null 2> "$work/$folder.findings"
    export_status=$?
    rm -f "$work/$folder.svg"
    (cd "$dir" && timeout 600 "$sbmap" render . -o "$work/$folder.svg") > /dev/null 2> "$work/$folder.render"
    render_status=$?
    printf '%s\t%s\t%s\t%s\n' "$folder" "$commit" "$export_status" "$render_status" >> "$work/runs.tsv"
done < <(rows)

python3 "$root/scripts/real-apps-compare.py" "$work" "$verdicts" "$apps"
