#!/usr/bin/env bash
# Checks that every output that counts tells the same numbers about each app of the real-app set: `check`'s summary
# line, the site's index page, `render --all`'s maps.json and the after column of `diff --summary` (the diff once
# said 40 scenes and 8 cross-file links where check said 46 and 6).
#
#   scripts/check-counts.sh [APPS_DIR]     # default $SBMAP_APPS, or /work/apps
#
# Environment: SBMAP=path/to/sbmap uses that binary (otherwise `swift build -c release --product sbmap` first);
# ONLY=folder,folder runs a part of the set; KEEP=DIR keeps each app's outputs there.
#
# For each app of Tests/RealApps/manifest.tsv, from APPS_DIR/folder/scan, it runs
#   sbmap check .                          the reference: its summary line
#   sbmap site . -o SITE                   the counts of index.html, and of the summary line (not its findings:
#                                          they add the notes of the renders)
#   sbmap render . --all -o MAPS --format dot    maps.json's "counts", and the scenes of its maps added up
#   sbmap diff BASE . --summary -          the "after" column (HEAD is the app), and the "before" column against
#                                          `check` of BASE: a hard-linked copy of the app with one storyboard more,
#                                          so the diff is not empty (an empty diff prints no table)
#   sbmap diff HEAD~1 HEAD --summary -     the same with two git revisions, which `diff` reads from git as in a pull
#                                          request: a repository made of a copy of the app (every file, ignored ones
#                                          too), BASE the app as it is, HEAD a pull request's change (the first
#                                          Storyboard ID renamed, one storyboard added); each column against `check`
#                                          on the working tree at that commit (skipped with NO_GIT=1, or without git)
# and compares storyboards, scenes, segues, cross-file links (and those that do not resolve), code links (and those
# that do not resolve), errors and warnings (and notes where the output has them). It prints one line per app and
# every disagreement; exit 0 when all agree, 1 when one does not (or a command failed), 2 when the set is not there.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
manifest="$root/Tests/RealApps/manifest.tsv"
apps="${1:-${SBMAP_APPS:-/work/apps}}"
[ -d "$apps" ] || { echo "check-counts: no apps at $apps (see scripts/real-apps.sh --extract)" >&2; exit 2; }

sbmap="${SBMAP:-}"
if [ -z "$sbmap" ]; then
    (cd "$root" && swift build -c release --product sbmap 2>&1 | grep -E "error|warning:|Build complete" | tail -3) >&2
    sbmap="$(cd "$root" && swift build -c release --show-bin-path)/sbmap"
fi
sbmap="$(cd "$(dirname "$sbmap")" && pwd)/$(basename "$sbmap")"

rows() {  # folder and scan of every app of the manifest (or of $ONLY)
    grep -v '^#' "$manifest" | tail -n +2 | awk -F'\t' -v only=",${ONLY:-}," \
        'NF >= 7 && (only == ",," || index(only, "," $1 ",")) { print $1 "\t" $7 }'
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The parsers: each prints `name=value` lines for what one output says.
cat > "$work/parse.py" <<'EOF'
import json, re, sys

def summary(line):
    """sbmap: 3 storyboards, 5 scenes, 5 segues, 3 cross-file links (2 resolved, 1 unresolved), 2 code links (1
    unresolved); 2 errors, 0 warnings, 0 notes"""
    out = {}
    for key, word in [("storyboards", "storyboard"), ("scenes", "scene"), ("xib screens", "xib screen"),
                      ("code screens", "code screen"), ("SwiftUI screens", "SwiftUI screen"), ("segues", "segue"),
                      ("cross-file links", "cross-file link"), ("code links", "code link"), ("errors", "error"),
                      ("warnings", "warning"), ("notes", "note")]:
        m = re.search(r"(\d+) %ss?\b" % re.escape(word), line)
        out[key] = int(m.group(1)) if m else 0
    m = re.search(r"cross-file links? \([^)]*?(\d+) unresolved", line)
    out["unresolved cross-file links"] = int(m.group(1)) if m else 0
    m = re.search(r"code links? \((\d+) unresolved\)", line)
    out["unresolved code links"] = int(m.group(1)) if m else 0
    return out

def site(path):
    html = open(path, encoding="utf-8").read()
    out = {}
    for key, words in [("storyboards", "storyboards?"), ("scenes", "scenes?"), ("xib screens", "xib screens?"),
                       ("code screens", "code screens?"), ("SwiftUI screens", "SwiftUI screens?"), ("segues", "segues?"),
                       ("cross-file links", "cross-file links?"), ("code links", "links? in code")]:
        m = re.search(r'<span class="n">(\d+)</span><span class="what">(?:<a [^>]*>)?%s<' % words, html)
        if m: out[key] = int(m.group(1))
    m = re.search(r'<span class="what">(?:<a [^>]*>)?findings?<.*?(\d+) errors?, (\d+) warnings?, (\d+) notes?', html, re.S)
    if m: out["errors"], out["warnings"], out["notes"] = map(int, m.groups())
    return out

def maps(path):
    index = json.load(open(path, encoding="utf-8"))
    c = index["counts"]
    x = c["crossFileLinks"]
    return {"storyboards": c["storyboards"], "scenes": c["scenes"], "xib screens": c.get("xibScreens", 0),
            "code screens": c.get("codeScreens", 0), "SwiftUI screens": c.get("swiftUIScreens", 0), "segues": c["segues"],
            "cross-file links": sum(x.values()), "unresolved cross-file links": x["unresolved"],
            "code links": c["codeLinks"], "unresolved code links": c["unresolvedCodeLinks"], "errors": c["errors"],
            "warnings": c["warnings"], "notes": c["notes"],
            "scenes of the maps": sum(m["scenes"] for m in index["maps"])}

def diff(path, column):
    names = {"cross-file links that do not resolve": "unresolved cross-file links",
             "code links that do not resolve": "unresolved code links"}
    out = {}
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[1].isdigit() and cells[2].isdigit():
            out[names.get(cells[0], cells[0])] = int(cells[1 if column == "before" else 2])
    return out

kind, arg = sys.argv[1], sys.argv[2]
def last_line(path):
    lines = open(path, encoding="utf-8", errors="replace").read().strip().splitlines()
    return lines[-1] if lines else ""

numbers = {"summary": lambda: summary(last_line(arg)),
           "site": lambda: site(arg), "maps": lambda: maps(arg),
           "before": lambda: diff(arg, "before"), "after": lambda: diff(arg, "after")}[kind]()
for key in sorted(numbers): print("%s=%d" % (key, numbers[key]))
EOF

# compare NAME REFERENCE OTHER [KEYS...]: every key the other output has must have the reference's value.
compare() {
    local name="$1" reference="$2" other="$3"
    python3 - "$name" "$reference" "$other" <<'EOF'
import sys
name, a, b = sys.argv[1], sys.argv[2], sys.argv[3]
ref = dict(l.split("=", 1) for l in a.splitlines() if "=" in l)
got = dict(l.split("=", 1) for l in b.splitlines() if "=" in l)
if not got:
    print("    %s: no counts found" % name); sys.exit(1)
bad = [k for k in sorted(got) if k in ref and ref[k] != got[k]]
# A map of a xib file counts its xib screens: the maps together hold the scenes and the xib screens.
screens = str(int(ref.get("scenes", "0")) + int(ref.get("xib screens", "0")))
if "scenes of the maps" in got and got["scenes of the maps"] != screens:
    bad.append("scenes of the maps")
    ref["scenes of the maps"] = screens
for k in bad: print("    %s: %s is %s, check says %s" % (name, k, got[k], ref[k]))
sys.exit(1 if bad else 0)
EOF
}

# probe FOLDER: writes a storyboard of one scene into FOLDER, so that a diff is never empty.
probe() {
    cat > "$1/SBMapCountsProbe.storyboard" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="p1">
    <scenes>
        <scene sceneID="s1">
            <objects>
                <viewController id="p1" customClass="SBMapCountsProbe" sceneMemberID="viewController"/>
            </objects>
        </scene>
    </scenes>
</document>
EOF
}

# revisions APP SCAN OUT: a git repository made of a copy of the app folder APP (hard links: git and sed -i write a
# file they change anew, so the app is never written), BASE its first commit and HEAD a pull request's change. Runs
# `check` on the working tree at each commit, and `diff HEAD~1 HEAD` from the scanned folder: OUT/check-rev-base.txt,
# OUT/check-rev-head.txt, OUT/summary-rev.md. Returns 1 when a git step fails.
revisions() {
    local app="$1" scan="$2" out="$3" repo="$3/repo" board
    cp -al "$app" "$repo" 2>/dev/null || cp -R "$app" "$repo" || return 1
    rm -rf "$repo/.git"
    git_() { git -C "$repo" -c user.name=sbmap -c user.email=sbmap@invalid -c commit.gpgsign=false "$@"; }
    git_ init -q && git_ add -A -f && git_ commit -q -m base || return 1
    ( cd "$repo/$scan" && "$sbmap" check . >/dev/null 2>"$out/check-rev-base.txt" )
    board="$(cd "$repo/$scan" && grep -rl --include='*.storyboard' 'storyboardIdentifier="' . 2>/dev/null | LC_ALL=C sort | head -1)"
    [ -z "$board" ] || sed -i '0,/storyboardIdentifier="/s//storyboardIdentifier="SBMapRenamed/' "$repo/$scan/$board"
    probe "$repo/$scan"
    git_ add -A -f && git_ commit -q -m head || return 1
    ( cd "$repo/$scan" && "$sbmap" check . >/dev/null 2>"$out/check-rev-head.txt" )
    ( cd "$repo/$scan" && "$sbmap" diff HEAD~1 HEAD --summary "$out/summary-rev.md" --fail-on never >/dev/null 2>"$out/diff-rev.txt" )
}

use_git=1
if [ "${NO_GIT:-}" = 1 ] || ! command -v git >/dev/null; then use_git=0; fi
status=0
apps_checked=0
printf '%-36s %5s %7s %7s %6s %6s %6s  %s\n' app sb scenes segues xfile code errors result
while IFS=$'\t' read -r folder scan; do
    dir="$apps/$folder/$scan"
    [ -d "$dir" ] || { echo "$folder: not extracted at $dir" >&2; status=1; continue; }
    out="$work/$folder"
    mkdir -p "$out"
    ok=1
    ( cd "$dir" && "$sbmap" check . >/dev/null 2>"$out/check.txt" ); rc=$?
    [ $rc -le 1 ] || { echo "    check exited $rc" > "$out/problems"; ok=0; }
    check="$(python3 "$work/parse.py" summary "$out/check.txt")"

    ( cd "$dir" && "$sbmap" site . -o "$out/site" >/dev/null 2>"$out/site.txt" ); rc=$?
    [ $rc -le 1 ] || { echo "    site exited $rc" >> "$out/problems"; ok=0; }
    ( cd "$dir" && "$sbmap" render . --all -o "$out/maps" --format dot >/dev/null 2>"$out/render.txt" ); rc=$?
    [ $rc -le 1 ] || { echo "    render --all exited $rc" >> "$out/problems"; ok=0; }

    # BASE: the app with one storyboard more (hard links: no copy of the app's bytes).
    cp -al "$dir" "$out/base" 2>/dev/null || cp -R "$dir" "$out/base"
    probe "$out/base"
    ( cd "$out/base" && "$sbmap" check . >/dev/null 2>"$out/check-base.txt" )
    checkBase="$(python3 "$work/parse.py" summary "$out/check-base.txt")"
    ( cd "$dir" && "$sbmap" diff "$out/base" . --summary "$out/summary.md" --fail-on never >/dev/null 2>"$out/diff.txt" ); rc=$?
    [ $rc -eq 0 ] || { echo "    diff exited $rc" >> "$out/problems"; ok=0; }

    {
        compare "site index" "$check" "$(python3 "$work/parse.py" site "$out/site/index.html" 2>/dev/null)" || ok=0
        compare "site summary line" "$check" "$(python3 "$work/parse.py" summary "$out/site.txt" | grep -Ev '^(errors|warnings|notes)=')" || ok=0
        compare "maps.json" "$check" "$(python3 "$work/parse.py" maps "$out/maps/maps.json" 2>/dev/null)" || ok=0
        compare "render --all summary line" "$check" "$(python3 "$work/parse.py" summary "$out/render.txt" | grep -Ev '^(errors|warnings|notes)=')" || ok=0
        compare "diff summary, after" "$check" "$(python3 "$work/parse.py" after "$out/summary.md" 2>/dev/null)" || ok=0
        compare "diff summary, before" "$checkBase" "$(python3 "$work/parse.py" before "$out/summary.md" 2>/dev/null)" || ok=0
    } >> "$out/problems" 2>&1
    if [ $use_git = 1 ]; then
        if revisions "$apps/$folder" "$scan" "$out"; then
            {
                compare "diff of git revisions, before" "$(python3 "$work/parse.py" summary "$out/check-rev-base.txt")" \
                    "$(python3 "$work/parse.py" before "$out/summary-rev.md" 2>/dev/null)" || ok=0
                compare "diff of git revisions, after" "$(python3 "$work/parse.py" summary "$out/check-rev-head.txt")" \
                    "$(python3 "$work/parse.py" after "$out/summary-rev.md" 2>/dev/null)" || ok=0
            } >> "$out/problems" 2>&1
        else
            echo "    diff of git revisions: the repository or the diff failed ($(tail -1 "$out/diff-rev.txt" 2>/dev/null))" >> "$out/problems"
            ok=0
        fi
    fi
    value() { echo "$check" | sed -n "s/^$1=//p"; }
    printf '%-36s %5s %7s %7s %6s %6s %6s  %s\n' "$folder" "$(value storyboards)" "$(value scenes)" "$(value segues)" \
        "$(value 'cross-file links')" "$(value 'code links')" "$(value errors)" "$([ $ok = 1 ] && echo agree || echo DISAGREE)"
    [ $ok = 1 ] || { cat "$out/problems"; status=1; }
    apps_checked=$((apps_checked + 1))
    if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP"; rm -rf "${out:?}/base" "${out:?}/repo"; cp -R "$out" "$KEEP/"; fi
    rm -rf "${out:?}"
done < <(rows)
echo "check-counts: $apps_checked apps, $([ $status = 0 ] && echo "every count agrees" || echo "counts disagree (above)")"
exit $status
