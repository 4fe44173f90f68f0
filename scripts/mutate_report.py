"""The mutation harness's report (used by scripts/mutate-apps.py): recall per kind and per app as Markdown tables,
the skips by reason, the false positives of the unmutated apps, and the JSON of every miss."""
import json
import os
from collections import defaultdict

KINDS = ("storyboard-id", "id-parameter", "segue", "segue-removed", "storyboard-file", "deleted-ref", "initial", "class-helper",
         "nib-file", "nib-name")


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|"]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def pct(a, b):
    return f"{100.0 * a / b:.1f}%" if b else "-"


def report(done, skips, false_positives, seconds, args):
    stats = lambda: {"mutations": 0, "sites": 0, "warning": 0, "known": 0, "error": 0, "failed": 0}  # noqa: E731
    per_kind, per_app = defaultdict(stats), defaultdict(stats)
    misses, unexpected, failed, warned, by_design = [], [], [], [], []
    for m in done:
        for st in (per_kind[m["kind"]], per_app[m["app"]], per_kind["all"]):
            st["mutations"] += 1
        if m["results"] is None:
            failed.append({"app": m["app"], "kind": m["kind"], "name": m["name"], "status": m["status"], "error": m["error"]})
            for st in (per_kind[m["kind"]], per_app[m["app"]], per_kind["all"]):
                st["failed"] += 1
            continue
        for i, (s, r) in enumerate(zip(m["sites"], m["results"])):
            # a launch screen without initial scene is counted apart: sbmap does not check it at all today
            label = m["kind"] + (" (launch screen)" if m["kind"] == "initial" and "UILaunchStoryboard" in s.get("key", "") else "")
            for st in (per_kind[label], per_app[m["app"]], per_kind["all"]):
                st["sites"] += 1
                st["warning"] += r["warning"]
                st["known"] += s["known"]
                st["error"] += s["known"] and r["error"]
            if r["warning"] and s["known"] and not r["error"]:
                entry = {"app": m["app"], "kind": label, "name": m["name"], "use": s["form"],
                         "expected": f"{s['path']}:{s['lo']}", "sbmap": r["said"]}
                if m.get("by_design", {}).get(i):  # code or a storyboard nothing reaches, …: a warning by design
                    by_design.append(dict(entry, why=m["by_design"][i]))
                else:
                    warned.append(entry)
            if not r["warning"]:
                misses.append({"app": m["app"], "kind": label, "name": m["name"], "storyboard": os.path.join(*m["group"]),
                               "expected": f"{s['path']}:{s['lo']}" + (f"-{s['hi']}" if s["hi"] != s["lo"] else ""),
                               "use": s["form"], "sbmap": r["said"] or ["nothing"]})
        for u in m["unexpected"]:
            unexpected.append({"app": m["app"], "kind": m["kind"], "name": m["name"], "finding": u})
    rows = lambda d, keys: [[k, d[k]["mutations"], d[k]["sites"], d[k]["warning"], pct(d[k]["warning"], d[k]["sites"]),  # noqa: E731
                             d[k]["known"], d[k]["error"], pct(d[k]["error"], d[k]["known"])] for k in keys]
    header = ["", "mutations", "broken uses", "≥ warning", "recall ≥ warning", "receiver known", "error", "recall at error"]
    kinds = [k for k in KINDS + ("initial (launch screen)",) if k in per_kind] + ["all"]
    print(f"## Recall per mutation kind\n\n{table(['kind'] + header[1:], rows(per_kind, kinds))}\n")
    print("(mutations: per kind of mutation; a launch-screen use is counted on its own row, its mutation on `initial`)\n")
    print(f"## Recall per app\n\n{table(['app'] + header[1:], rows(per_app, sorted(per_app)))}\n")
    print("## Uses not expected (skipped), by reason\n")
    print(table(["kind", "reason", "uses"], [[k, r, len(n)] for (k, r), n in sorted(skips.items()) if n]) + "\n")
    print(f"## Unmutated apps: {len(false_positives)} findings at warning or above not in verdicts.tsv\n")
    for fp in false_positives:
        print(f"- {fp['app']} {fp['at']} {fp['severity']} {fp['code']}: {fp['message']}")
    print(f"\n## Receiver known, a warning only: {len(warned) + len(by_design)} uses\n")
    reasons = defaultdict(int)
    for w in by_design:
        reasons[w["why"].split(" (")[0]] += 1
    print(table(["why (a warning by design)", "uses"], sorted(reasons.items()) + [["other (knownButOnlyWarning in the JSON)", len(warned)]]))
    print(f"\n{len(misses)} misses, {len(unexpected)} unexpected new findings elsewhere, {len(failed)} runs without "
          f"output; {len(done)} mutations in {seconds:.0f} s (--jobs {args.jobs}"
          + (f", --limit {args.limit} --seed {args.seed}" if args.limit else "") + ")")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"misses": misses, "knownButOnlyWarning": warned, "warningByDesign": by_design, "unexpected": unexpected, "failed": failed, "falsePositives": false_positives,
                       "skips": [{"kind": k, "reason": r, "uses": len(n), "which": n} for (k, r), n in sorted(skips.items()) if n],
                       "perKind": per_kind, "perApp": per_app}, f, indent=1, sort_keys=True, ensure_ascii=False)
