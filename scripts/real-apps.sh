#!/usr/bin/env bash
# Re-runs sbmap over the real-app regression set and compares every finding with its recorded verdict
# (docs/real-apps.md; Tests/RealApps/manifest.tsv and verdicts.tsv).
#
#   scripts/real-apps.sh [APPS_DIR]                 # default /work/apps, or $SBMAP_APPS
#   scripts/real-apps.sh --extract MIRROR [APPS_DIR]
#
# The apps live outside this repository (their code is not ours to commit). To get them:
#   1. fetch each repository of the manifest as a bare git snapshot (the workplace's `fetch` tool puts
#      owner/name in MIRROR/owner+name/repo; `git clone --bare https://github.com/owner/name MIRROR/owner+name/repo`
#      then `git --git-dir=… checkout`-free `reset --soft COMMIT` works anywhere else);
#   2. scripts/real-apps.sh --extract MIRROR APPS_DIR writes the files sbmap reads, at the manifest's commit.
#
# For each app it runs `sbmap check .` and `sbmap render .` (which takes the overview above the budget) from the
# app's folder, and prints one line per finding at warning or error level:
#   ok      a finding judged true, still reported
#   FALSE   a finding judged false, still reported        (fails the run)
#   NEW     a finding nobody has judged yet                (fails the run: judge it, add it to verdicts.tsv)
#   gone    a judged finding sbmap no longer reports       (for a true one: did sbmap get worse? read it)
# and whether the render wrote a non-empty SVG (a failure fails the run). Exit 0 only when everything is judged,
# nothing false remains, and every render succeeded.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
manifest="$root/Tests/RealApps/manifest.tsv"
verdicts="$root/Tests/RealApps/verdicts.tsv"

if [ "${1:-}" = "--extract" ]; then
    mirror="${2:?usage: real-apps.sh --extract MIRROR [APPS_DIR]}"
    apps="${3:-${SBMAP_APPS:-/work/apps}}"
    mkdir -p "$apps"
    grep -v '^#' "$manifest" | tail -n +2 | while IFS=$'\t' read -r folder repo commit _; do
        git_dir="$mirror/$folder/repo"
        if [ ! -d "$git_dir" ]; then echo "real-apps: $repo is not in $mirror (fetch it first)" >&2; continue; fi
        have="$(git --git-dir="$git_dir" rev-parse HEAD)"
        [ "$have" = "$commit" ] || echo "real-apps: $repo is at $have, the manifest says $commit; verdicts may not match" >&2
        rm -rf "${apps:?}/$folder"
        python3 "$root/scripts/extract-snapshot.py" "$git_dir" "$apps/$folder"
    done
    exit 0
fi

apps="${1:-${SBMAP_APPS:-/work/apps}}"
if [ ! -d "$apps" ]; then
    echo "real-apps: no apps in $apps; extract them first (see the top of this script)" >&2
    exit 2
fi
cd "$root"
swift build -c release --product sbmap >&2 || exit 1
sbmap="$(swift build -c release --show-bin-path)/sbmap"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

status=0
grep -v '^#' "$manifest" | tail -n +2 | cut -f1 > "$work/folders"
while read -r folder; do
    dir="$apps/$folder"
    if [ ! -d "$dir" ]; then echo "real-apps: $folder is missing from $apps (extract it)" >&2; status=1; continue; fi
    ( cd "$dir" && timeout 600 "$sbmap" check . --findings-format xcode ) > /dev/null 2> "$work/$folder.check"
    if ( cd "$dir" && timeout 120 "$sbmap" render . -o "$work/$folder.svg" ) > /dev/null 2>&1 || [ $? -eq 1 ]; then
        [ -s "$work/$folder.svg" ] && render=ok || render=EMPTY
    else
        render=FAILED
    fi
    echo "$folder	$render" >> "$work/renders"
done < "$work/folders"

python3 - "$work" "$verdicts" <<'PY' || status=1
import os, re, sys
work, verdicts = sys.argv[1], sys.argv[2]
judged = {}
for line in open(verdicts, encoding="utf-8"):
    if line.startswith("#") or line.startswith("folder\t") or not line.strip():
        continue
    folder, location, severity, code, verdict, reason = line.rstrip("\n").split("\t")
    judged[(folder, location, code)] = (severity, verdict, reason)
finding = re.compile(r"^(.+?:\d+:\d+): (error|warning): .* \[([a-z-]+)\]$")
seen, failed = set(), False
folders = [l.strip() for l in open(os.path.join(work, "folders")) if l.strip()]
renders = dict(l.rstrip("\n").split("\t") for l in open(os.path.join(work, "renders")))
totals = {"ok": 0, "FALSE": 0, "NEW": 0, "gone": 0}
for folder in folders:
    path = os.path.join(work, folder + ".check")
    lines = open(path, encoding="utf-8", errors="replace").read().splitlines() if os.path.exists(path) else []
    count = 0
    for line in lines:
        m = finding.match(line)
        if not m:
            continue
        count += 1
        key = (folder, m.group(1), m.group(3))
        seen.add(key)
        if key not in judged:
            print(f"NEW    {folder}  {line[:220]}")
            totals["NEW"] += 1
            failed = True
        elif judged[key][1] == "false":
            print(f"FALSE  {folder}  {m.group(1)} [{m.group(3)}]: {judged[key][2][:120]}")
            totals["FALSE"] += 1
            failed = True
        else:
            print(f"ok     {folder}  {m.group(1)} [{m.group(3)}]")
            totals["ok"] += 1
    render = renders.get(folder, "FAILED")
    if render != "ok":
        failed = True
    summary = [l for l in lines if l.startswith("sbmap: ") and " storyboard" in l]
    print(f"--     {folder}: {count} findings at warning or error level; render {render}; {summary[-1][7:] if summary else 'no summary'}")
for key, (severity, verdict, reason) in sorted(judged.items()):
    if key not in seen and key[0] in folders:
        print(f"gone   {key[0]}  {key[1]} [{key[2]}] (judged {verdict})")
        totals["gone"] += 1
print(f"real-apps: {len(folders)} apps; {totals['ok']} true, {totals['FALSE']} false, {totals['NEW']} unjudged, {totals['gone']} no longer reported")
sys.exit(1 if failed else 0)
PY
exit $status
