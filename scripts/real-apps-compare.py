#!/usr/bin/env python3
"""Compares one run of sbmap over the real-app set with the recorded verdicts (called by scripts/real-apps.sh).

    scripts/real-apps-compare.py WORK VERDICTS APPS_DIR

WORK holds runs.tsv (folder, commit, export status, render status; "missing" for an app not extracted) and, per
app, FOLDER.json (`sbmap export --format json`), FOLDER.findings (its stderr), FOLDER.svg and FOLDER.render.
VERDICTS is Tests/RealApps/verdicts.tsv: folder, location, severity, code, message, verdict, reason. A finding is
matched by folder, `path:line:col` and code; a change of level is a new finding, to be judged again.
Prints a table per app and a summary; exits 1 when anything fails (see scripts/real-apps.sh), else 0.
"""
import json
import os
import sys

LEVEL = {"error": "error", "warning": "warning", "info": "note", "note": "note"}


def read_verdicts(path):
    judged = {}
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.startswith("#") or line.startswith("folder\t") or not line.strip():
            continue
        fields = line.rstrip("\n").split("\t")
        if len(fields) != 7 or fields[5] not in ("true", "false"):
            sys.exit(f"{path}:{number}: expected 7 tab-separated fields with verdict true or false")
        folder, location, severity, code, message, verdict, reason = fields
        judged[(folder, location, code)] = {"severity": severity, "message": message, "verdict": verdict, "reason": reason}
    return judged


def location(d):
    return f"{d['file']}:{d.get('line', 0)}:{d.get('column', 0)}" if d.get("file") else "-"


def invariants(graph):
    """What must never happen, whatever the verdicts: a code link between scenes of two platforms; an entry point
    from an Info.plist that no target uses, inside a folder an Xcode project or package describes."""
    problems = []
    boards = {s["id"]: s for s in graph.get("storyboards", [])}
    nodes = {n["id"]: n for n in graph.get("nodes", [])}
    for edge in graph.get("edges", []):
        if edge.get("kind") != "code":
            continue
        a = boards.get(nodes.get(edge["from"], {}).get("storyboard"))
        b = boards.get(nodes.get(edge["to"], {}).get("storyboard"))
        if a and b and a["platform"] != b["platform"]:
            where = edge.get("location", {})
            problems.append(f"code link between platforms ({a['platform']} -> {b['platform']}) at "
                            f"{where.get('path')}:{where.get('line')}: {edge['from']} -> {edge['to']}")
    used = {t.get("infoPlist") for t in graph.get("targets", [])}
    projects = {os.path.dirname(t["project"]) for t in graph.get("targets", [])}
    for board in graph.get("storyboards", []):
        for entry in board.get("entryPoints", []):
            plist = entry.get("declaredAt", {}).get("path", "")
            if not plist.endswith(".plist") or plist in used:
                continue
            if any(p == "" or plist.startswith(p + "/") for p in projects):
                problems.append(f"entry point {entry.get('key')} -> {board['path']} from {plist}, which no target uses")
    return problems


def cut(text, width):
    return text if len(text) <= width else text[: width - 1] + "…"


def main():
    work, verdicts_path, apps = sys.argv[1], sys.argv[2], sys.argv[3]
    judged = read_verdicts(verdicts_path)
    runs = [line.rstrip("\n").split("\t") for line in open(os.path.join(work, "runs.tsv"), encoding="utf-8") if line.strip()]
    failed = False
    summary = []
    for folder, commit, export_status, render_status in runs:
        row = {"app": folder, "findings": 0, "notes": 0, "true": 0, "false": 0, "new": 0, "lost": 0, "fixed": 0,
               "render": "-", "invariants": 0}
        summary.append(row)
        if commit == "missing":
            print(f"\n== {folder}: MISSING from {apps} (scripts/real-apps.sh --extract {apps})")
            row["render"] = "missing"
            failed = True
            continue
        have = os.path.join(apps, folder, ".real-apps-commit")
        if os.path.exists(have) and open(have).read().strip() != commit:
            print(f"\n(!) {folder} was extracted at {open(have).read().strip()[:12]}, the manifest says {commit[:12]}")
        json_path = os.path.join(work, folder + ".json")
        try:
            graph = json.load(open(json_path, encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"\n== {folder}: sbmap export failed (exit {export_status}): {error}")
            tail = open(os.path.join(work, folder + ".findings"), encoding="utf-8", errors="replace").read()[-600:]
            print("   " + tail.replace("\n", "\n   "))
            row["render"] = "?"
            failed = True
            continue
        diagnostics = graph.get("diagnostics", [])
        errors = sum(1 for d in diagnostics if d["severity"] == "error")
        lines = []
        seen = set()
        for d in diagnostics:
            level = LEVEL.get(d["severity"], d["severity"])
            key = (folder, location(d), d["code"])
            verdict = judged.get(key)
            if level == "note":
                row["notes"] += 1
                if verdict is None:
                    continue
            else:
                row["findings"] += 1
            seen.add(key)
            if verdict is None or verdict["severity"] != level:
                status = "NEW"
                why = d["message"] if verdict is None else f"was judged at {verdict['severity']} ({verdict['verdict']}): judge it again. {d['message']}"
                row["new"] += 1
                failed = True
            elif verdict["verdict"] == "false":
                status, why = "FALSE", verdict["reason"]
                row["false"] += 1
                failed = True
            else:
                status, why = "ok", verdict["reason"]
                row["true"] += 1
            lines.append((status, level, d["code"], location(d), why))
        for key, verdict in sorted(judged.items()):
            if key[0] != folder or key in seen:
                continue
            if verdict["verdict"] == "true":
                lines.append(("lost", verdict["severity"], key[2], key[1], "judged true, no longer reported: " + verdict["reason"]))
                row["lost"] += 1
                failed = True
            else:
                lines.append(("fixed", verdict["severity"], key[2], key[1], "judged false, no longer reported: remove the verdict"))
                row["fixed"] += 1
        svg = os.path.join(work, folder + ".svg")
        svg_ok = os.path.exists(svg) and os.path.getsize(svg) > 0 and b"<svg" in open(svg, "rb").read(4096)
        expected = "1" if errors else "0"
        if svg_ok and render_status == expected:
            row["render"] = "ok"
        else:
            row["render"] = f"FAILED (exit {render_status}{', no SVG' if not svg_ok else ''})"
            failed = True
        problems = invariants(graph)
        row["invariants"] = len(problems)
        failed = failed or bool(problems)
        print(f"\n== {folder} @ {commit[:12]}: {row['findings']} at warning or error level ({errors} errors), "
              f"{row['notes']} notes; render {row['render']}")
        for status, level, code, where, why in lines:
            print(f"   {status:<6} {level:<7} {code:<26} {where}")
            print(f"          {cut(why, 150)}")
        for problem in problems:
            print(f"   BROKEN {cut(problem, 200)}")
        if row["render"] != "ok":
            tail = open(os.path.join(work, folder + ".render"), encoding="utf-8", errors="replace").read()[-400:]
            print("   render: " + tail.strip().replace("\n", "\n           "))
    print()
    header = ["app", "findings", "true", "false", "new", "lost", "fixed", "notes", "render", "broken"]
    table = [[r["app"], r["findings"], r["true"], r["false"], r["new"], r["lost"], r["fixed"], r["notes"], r["render"], r["invariants"]]
             for r in summary]
    widths = [max(len(str(x)) for x in column) for column in zip(header, *table)]
    for values in [header] + table:
        print("  ".join(str(v).ljust(w) if i == 0 or i == 8 else str(v).rjust(w) for i, (v, w) in enumerate(zip(values, widths))).rstrip())
    totals = {k: sum(r[k] for r in summary) for k in ("findings", "true", "false", "new", "lost", "fixed", "invariants")}
    renders_ok = sum(1 for r in summary if r["render"] == "ok")
    print(f"\nreal-apps: {len(summary)} apps; {totals['findings']} findings at warning or error level: {totals['true']} true, "
          f"{totals['false']} false, {totals['new']} not judged; {totals['lost']} true ones lost, {totals['fixed']} false ones "
          f"gone; {renders_ok}/{len(summary)} renders ok; {totals['invariants']} broken invariants")
    print("real-apps: " + ("FAIL" if failed else "ok"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
