#!/usr/bin/env python3
"""Measures whether sbmap's maps read as figures: shape, overlapping text, edge labels off their edge, cut words.

    scripts/map-figures.py MAP.svg ...                   # one line per map
    scripts/map-figures.py --list MAP.svg                # and what each problem is
    scripts/map-figures.py --apps /work/apps --sbmap BIN --out DIR [--format markdown] [--list]
                                                         # renders the real-app set, then measures

With --apps it renders, for every app of Tests/RealApps/manifest.tsv found in the folder (its scan folder,
`--no-config`, SVG, default theme): the full map (`--view full`), the overview (`--view overview`) and the focus maps
of the two storyboards with the most scenes (`--focus PATH`), into --out (kept, so `--list` can be re-run on them).
EXTRA arguments after `--` go to every render (`-- --aspect 3`).

Per map it prints:
  shape    the picture's long side over its short side (width:height as pt in the SVG's root), `w` when wider;
           an 800 px docs column shows a 3:1 map at a third of the height of a 1:1 one
  overlaps pairs of text boxes of different nodes, edges or boxes that overlap (each line of text is a box: its
           width from Helvetica's widths, its height the font size; the legend's own table is one group)
  away     edge labels (all their lines) further from every point of their edge's curve than their text is high
           (the font size: a reader takes text a line's height from a curve for that curve's); the curve sampled
           every 2 pt or so (24 points on a long bend are chords up to 12 pt off it)
  cut      text lines that lost part of a word or a word: a `…` right after a character of a word (`Exit:…`, `ƒ…`,
           `unwindTo…`). A path's `/…/` and a stub's leading `… Name` (markers, not cuts) are not cuts.

SVG text is measured with the same per-character widths Graphviz uses for Helvetica (an estimate, as the map itself),
so a box is as wide as Graphviz thought the text was.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svg_paths import SAMPLES, curve_points, numbers  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SVG = "{http://www.w3.org/2000/svg}"

# Helvetica advance widths (per 1000 em) of ASCII 32…126, as in Graphviz's estimate tables (textspan.c).
HELVETICA = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
]


def text_width(text, size):
    w = 0
    for ch in text:
        o = ord(ch)
        w += HELVETICA[o - 32] if 32 <= o <= 126 else 1000 if o > 0x2E80 else 600
    return w * size / 1000.0


def font_size(el):
    return float(el.get("font-size", "14"))


def text_box(el):
    """(x0, y0, x1, y1) of one SVG <text>: Graphviz writes its anchor and baseline."""
    text = "".join(el.itertext())
    size = float(el.get("font-size", "14"))
    x, y = float(el.get("x", "0")), float(el.get("y", "0"))
    w = text_width(text, size)
    anchor = el.get("text-anchor", "start")
    x0 = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
    return (x0, y - 0.8 * size, x0 + w, y + 0.2 * size)


def box_distance(box, p):
    dx = max(box[0] - p[0], 0, p[0] - box[2])
    dy = max(box[1] - p[1], 0, p[1] - box[3])
    return math.hypot(dx, dy)


def overlap(a, b, slack=0.5):
    return a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]


CUT = re.compile(r"[^\s/]…")


def is_cut(line):
    """A line that lost part of a word or a word: a `…` right after a character of a word (`Exit:…`, `ƒ…`,
    `unwindTo…`). A path's `/…/` (whole folders left out), a stub's leading `… Name` and the legend's `App entry, …`
    are not cuts."""
    return CUT.search(line) is not None


def measure(path):
    root = ET.parse(path).getroot()
    w = float(root.get("width", "0pt").rstrip("pt"))
    h = float(root.get("height", "0pt").rstrip("pt"))
    groups = []  # (kind, id, [(text, box)], curve points or None)
    for g in root.iter(SVG + "g"):
        cls = set((g.get("class") or "").split())
        if not cls & {"node", "edge", "cluster"}:
            continue
        els = g.findall(SVG + "text") + [t for a in g.findall(SVG + "g") for t in a.iter(SVG + "text")]
        texts = [("".join(t.itertext()), text_box(t), font_size(t)) for t in els]
        if not texts:
            continue
        kind = "edge" if "edge" in cls else "node" if "node" in cls else "cluster"
        curve = None
        if kind == "edge":
            p = g.find(".//" + SVG + "path")
            curve = curve_points(p.get("d", ""), step=2) if p is not None else []
        title = g.find(SVG + "title")
        groups.append((kind, g.get("id") or (title.text if title is not None else "?"), texts, curve, cls))
    overlaps = []
    flat = [(i, t, b) for i, grp in enumerate(groups) for t, b, _ in grp[2] if t.strip()]
    flat.sort(key=lambda e: e[2][0])
    for k, (i, t, b) in enumerate(flat):
        for j, u, c in flat[k + 1:]:
            if c[0] >= b[2]:
                break
            if i != j and overlap(b, c):
                overlaps.append((groups[i][1], t, groups[j][1], u))
    away, cut = [], []
    for kind, gid, texts, curve, cls in groups:
        if kind == "edge" and curve and "legend-sample" not in cls:
            lines = [(t, b, size) for t, b, size in texts if t.strip()]
            if lines:
                # The label's lines together: its box is as near its curve as its nearest line.
                d = min(box_distance(b, p) for _, b, _ in lines for p in curve)
                if d > max(size for _, _, size in lines):
                    away.append((gid, " / ".join(t for t, _, _ in lines), d))
        for t, _, _ in texts:
            if is_cut(t):
                cut.append((gid, t))
    return {"size": (w, h), "overlaps": overlaps, "away": away, "cut": cut}


def shape(size):
    w, h = size
    if not w or not h:
        return 0.0, ""
    return (w / h, "w") if w >= h else (h / w, "t")


def apps(folder):
    with open(os.path.join(ROOT, "Tests/RealApps/manifest.tsv"), encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if line.startswith("#") or len(cols) < 7 or cols[0] == "folder":
                continue
            scan = os.path.join(folder, cols[0], cols[6])
            if os.path.exists(scan):
                yield cols[0], scan


def biggest_storyboards(sbmap, scan, count=2):
    run = subprocess.run([sbmap, "export", scan, "--format", "json", "--no-config"], capture_output=True, text=True)
    try:
        graph = json.loads(run.stdout)
    except ValueError:
        return []
    graph = graph.get("graph", graph)
    scenes = {}
    for node in graph.get("nodes", []):
        sb = node.get("storyboard")
        if sb:
            scenes[sb] = scenes.get(sb, 0) + 1
    return [p for p, _ in sorted(scenes.items(), key=lambda kv: (-kv[1], kv[0]))[:count]]


def render_all(args, extra):
    os.makedirs(args.out, exist_ok=True)
    maps = []
    for folder, scan in apps(args.apps):
        if args.only and folder not in args.only.split(","):
            continue
        jobs = [("full", ["--view", "full"]), ("overview", ["--view", "overview"])]
        for n, sb in enumerate(biggest_storyboards(args.sbmap, scan), 1):
            jobs.append((f"focus{n}", ["--focus", sb]))
        for name, flags in jobs:
            out = os.path.join(args.out, f"{folder}.{name}.svg")
            run = subprocess.run([args.sbmap, "render", scan, "-o", out, "--no-config"] + flags + extra,
                                 capture_output=True, text=True)
            if os.path.exists(out) and os.path.getsize(out) > 0:
                maps.append(out)
            else:
                print(f"{folder} {name}: no map: {run.stderr.strip()[-200:]}", file=sys.stderr)
    return maps


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("maps", nargs="*")
    ap.add_argument("--apps", help="a folder of real apps (Tests/RealApps/manifest.tsv) to render and measure")
    ap.add_argument("--only", help="comma-separated app folders")
    ap.add_argument("--sbmap", default=os.path.join(ROOT, ".build/release/sbmap"))
    ap.add_argument("--out", default="/tmp/sbmap-figures")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--format", choices=["text", "markdown"], default="text")
    args = ap.parse_args(argv)
    maps = list(args.maps)
    if args.apps:
        maps += render_all(args, extra)
    totals = {"maps": 0, "over2.2": 0, "overlaps": 0, "away": 0, "cut": 0, "labels-away-maps": 0}
    worst = 0.0
    if args.format == "markdown":
        print("| map | size (pt) | shape | overlaps | away | cut |")
        print("|---|---|---:|---:|---:|---:|")
    for svg in maps:
        m = measure(svg)
        ratio, way = shape(m["size"])
        worst = max(worst, ratio)
        totals["maps"] += 1
        totals["over2.2"] += ratio > 2.2
        for k in ("overlaps", "away", "cut"):
            totals[k] += len(m[k])
        name = os.path.basename(svg).rsplit(".", 1)[0]
        dims = f"{m['size'][0]:.0f}×{m['size'][1]:.0f}"
        if args.format == "markdown":
            print(f"| {name} | {dims} | {ratio:.1f}{way} | {len(m['overlaps'])} | {len(m['away'])} | {len(m['cut'])} |")
        else:
            print(f"{name:55} {dims:>11} {ratio:5.1f}{way} {len(m['overlaps']):4} {len(m['away']):4} {len(m['cut']):4}")
        if args.list:
            for a, t, b, u in m["overlaps"]:
                print(f"    overlap: {a} {t!r} / {b} {u!r}")
            for gid, t, d in m["away"]:
                print(f"    away: {gid} {t!r} {d:.0f} pt")
            for gid, t in m["cut"]:
                print(f"    cut: {gid} {t!r}")
    print(f"maps {totals['maps']}, over 2.2:1 {totals['over2.2']} (worst {worst:.1f}:1), overlapping text boxes "
          f"{totals['overlaps']}, edge labels away from their edge {totals['away']}, cut labels {totals['cut']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
