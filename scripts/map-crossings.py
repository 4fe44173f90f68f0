#!/usr/bin/env python3
"""Counts the edges of a rendered map whose curve passes through a storyboard box that neither of its ends is in.

    scripts/map-crossings.py MAP.svg ...            # one line per map: edges, crossing edges, %
    scripts/map-crossings.py --list MAP.svg         # and which edges cross which boxes
    scripts/map-crossings.py --apps DIR --sbmap BIN --out DIR [--format markdown]
                                                    # renders every app folder of DIR (--view full) and counts

The SVG is sbmap's own: storyboard boxes are `<g class="cluster storyboard">` groups whose first path or polygon is
the box; nodes are `<g class="node …">` groups whose `<title>` is the Graphviz node name that edge titles (`n3->n7`)
use; edges are `<g class="edge …">` groups with one path each. A node belongs to the innermost storyboard box that
holds its centre (code types sit in none). An edge crosses a box when a point sampled along its Bézier curve lies
inside the box, shrunk by a few points so that a curve grazing a border does not count. Legend samples and
layout-only edges are not edges of the map.

Prints `app edges crossing %` (or a markdown table with --format markdown), and the picture size in pt.
"""
import argparse
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svg_paths import SAMPLES, curve_points, numbers  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
INSET = 4.0  # pt: how far inside a box a curve must come to count as passing through it


def classes(g):
    return set((g.get("class") or "").split())


def box_of(g):
    """The bounding box (x0, y0, x1, y1) of a cluster's outline: its first path or polygon."""
    for el in g.iter():
        if el.tag == SVG + "path":
            pts = numbers(el.get("d", ""))
        elif el.tag == SVG + "polygon":
            pts = numbers(el.get("points", ""))
        else:
            continue
        xs, ys = pts[0::2], pts[1::2]
        if xs:
            return (min(xs), min(ys), max(xs), max(ys))
    return None


def node_centre(g):
    for el in g.iter():
        if el.tag == SVG + "ellipse":
            return (float(el.get("cx")), float(el.get("cy")))
        if el.tag in (SVG + "polygon", SVG + "path"):
            pts = numbers(el.get("points") or el.get("d") or "")
            xs, ys = pts[0::2], pts[1::2]
            if xs:
                return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    return None


def inside(p, box, inset=0.0):
    return box[0] + inset < p[0] < box[2] - inset and box[1] + inset < p[1] < box[3] - inset


def measure(path):
    """(edges, crossing edges, [(edge id, [box ids])], (width, height) in pt) of one SVG map."""
    root = ET.parse(path).getroot()
    size = (float(root.get("width", "0pt").rstrip("pt")), float(root.get("height", "0pt").rstrip("pt")))
    boxes, nodes, edges = {}, {}, []
    for g in root.iter(SVG + "g"):
        cls = classes(g)
        title = g.find(SVG + "title")
        name = title.text if title is not None else None
        if "cluster" in cls and "storyboard" in cls:
            box = box_of(g)
            if box:
                boxes[g.get("id")] = box
        elif "node" in cls and "legend-item" not in cls and "legend-item-end" not in cls:
            centre = node_centre(g)
            if centre and name:
                nodes[name] = centre
        elif "edge" in cls and not cls & {"legend-sample", "legend-layout", "layout"}:
            p = g.find(".//" + SVG + "path")
            if p is not None and name and "->" in name:
                edges.append((g.get("id"), name, p.get("d", "")))

    def home(centre):
        """The smallest storyboard box around a point (a box inside another is the nearer home)."""
        around = [(b[2] - b[0]) * (b[3] - b[1]) for b in boxes.values()]
        best = None
        for (bid, b), area in zip(boxes.items(), around):
            if inside(centre, b) and (best is None or area < best[1]):
                best = (bid, area)
        return best[0] if best else None

    node_home = {name: home(c) for name, c in nodes.items()}
    crossing = []
    for eid, name, d in edges:
        a, b = name.split("->", 1)
        ends = {node_home.get(a), node_home.get(b)}
        hit = []
        pts = curve_points(d)
        for bid, box in boxes.items():
            if bid in ends:
                continue
            # A box that holds one of the ends' boxes (nested storyboards do not occur, but be safe) is not unrelated.
            if any(e in boxes and inside(((boxes[e][0] + boxes[e][2]) / 2, (boxes[e][1] + boxes[e][3]) / 2), box)
                   for e in ends if e):
                continue
            if any(inside(p, box, INSET) for p in pts):
                hit.append(bid)
        if hit:
            crossing.append((eid, hit))
    return len(edges), len(crossing), crossing, size


def render(sbmap, app, out):
    svg = os.path.join(out, os.path.basename(app.rstrip("/")) + ".svg")
    subprocess.run([sbmap, "render", app, "--view", "full", "-o", svg],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return svg if os.path.exists(svg) else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("maps", nargs="*")
    ap.add_argument("--apps", help="a folder of app folders to render and measure")
    ap.add_argument("--sbmap", default=".build/debug/sbmap")
    ap.add_argument("--out", default="/tmp/sbmap-crossings")
    ap.add_argument("--list", action="store_true", help="name the crossing edges and the boxes they pass through")
    ap.add_argument("--format", choices=["text", "markdown"], default="text")
    args = ap.parse_args()
    maps = list(args.maps)
    if args.apps:
        os.makedirs(args.out, exist_ok=True)
        for app in sorted(os.listdir(args.apps)):
            full = os.path.join(args.apps, app)
            if os.path.isdir(full):
                svg = render(args.sbmap, full, args.out)
                if svg:
                    maps.append(svg)
                else:
                    print(f"{app}: no map", file=sys.stderr)
    if args.format == "markdown":
        print("| app | edges | crossing | % | size (pt) |")
        print("|---|---:|---:|---:|---|")
    total_edges = total_crossing = 0
    for svg in maps:
        n, c, crossing, size = measure(svg)
        total_edges += n
        total_crossing += c
        name = os.path.basename(svg).rsplit(".", 1)[0]
        pct = 100.0 * c / n if n else 0.0
        dims = f"{size[0]:.0f}×{size[1]:.0f}"
        if args.format == "markdown":
            print(f"| {name} | {n} | {c} | {pct:.1f} | {dims} |")
        else:
            print(f"{name:40} {n:5} {c:5} {pct:6.1f}%  {dims}")
        if args.list:
            for eid, hit in crossing:
                print(f"    {eid} through {', '.join(hit)}")
    if len(maps) > 1:
        pct = 100.0 * total_crossing / total_edges if total_edges else 0.0
        if args.format == "markdown":
            print(f"| all | {total_edges} | {total_crossing} | {pct:.1f} | |")
        else:
            print(f"{'all':40} {total_edges:5} {total_crossing:5} {pct:6.1f}%")


if __name__ == "__main__":
    main()
