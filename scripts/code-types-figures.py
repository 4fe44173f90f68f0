#!/usr/bin/env python3
"""Counts how the types in code sit on maps (issue 30): per SVG, the type nodes drawn (`node code`, ports apart),
how many lie outside every box (target group or storyboard), the ports (`code-port`), and the stubs (`node stub`).

    scripts/code-types-figures.py MAP.svg ...        # one line per map

Run it on the SVGs scripts/map-figures.py --out DIR wrote (DIR/*.overview.svg, DIR/*.focus1.svg, …).
"""
import os
import sys
import xml.etree.ElementTree as ET
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svg_paths import numbers  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def bbox(g):
    for el in g.iter():
        if el.tag in (SVG + "path", SVG + "polygon"):
            ns = numbers(el.get("d") or el.get("points") or "")
            xs, ys = ns[0::2], ns[1::2]
            if xs and ys:
                return min(xs), min(ys), max(xs), max(ys)
    return None


def measure(path):
    root = ET.parse(path).getroot()
    boxes, types, ports, stubs = [], [], 0, 0
    for g in root.iter(SVG + "g"):
        classes = (g.get("class") or "").split()
        if "cluster" in classes and ("target-group" in classes or "storyboard" in classes):
            b = bbox(g)
            if b:
                boxes.append(b)
        elif "node" in classes and "code-port" in classes:
            ports += 1
        elif "node" in classes and "code" in classes:
            b = bbox(g)
            if b:
                types.append(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2))
        elif "node" in classes and "stub" in classes:
            stubs += 1
    outside = sum(1 for (x, y) in types if not any(b[0] <= x <= b[2] and b[1] <= y <= b[3] for b in boxes))
    return len(types), outside, ports, stubs


def main():
    print("map\ttypes\toutside boxes\tports\tstubs")
    for path in sys.argv[1:]:
        t, o, p, s = measure(path)
        print(f"{os.path.basename(path)}\t{t}\t{o}\t{p}\t{s}")


if __name__ == "__main__":
    main()
