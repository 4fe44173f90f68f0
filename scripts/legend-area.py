#!/usr/bin/env python3
"""How much of each map the legend takes, on the real-app set (docs/real-apps.md).

Renders every app of Tests/RealApps/manifest.tsv found under SBMAP_APPS (default /work/apps) as an overview and as a
full map, to SVG, and prints the scenes drawn and the legend's box (the `legend` group's outline) as a share of the
picture's area. Exits 0 and says so when the app set is not there.

    scripts/legend-area.py [path/to/sbmap]
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SBMAP = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/sbmap")
APPS = os.environ.get("SBMAP_APPS", "/work/apps")


def apps():
    with open(os.path.join(ROOT, "Tests/RealApps/manifest.tsv"), encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if line.startswith("#") or len(cols) < 7 or cols[0] == "folder":
                continue
            scan = os.path.join(APPS, cols[0], cols[6])
            if os.path.exists(scan):
                yield cols[0], scan


def legend_share(svg):
    """The legend's outline area over the picture's (viewBox) area, or None when the map has no legend."""
    box = re.search(r'viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"', svg)
    area = float(box.group(3)) * float(box.group(4))
    group = re.search(r'<g id="[^"]*legend" class="(?:cluster|node) legend">.*?<(?:path|polygon)[^>]* (?:d|points)="([^"]+)"', svg, re.S)
    if not group:
        return None
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", group.group(1))]
    xs, ys = numbers[0::2], numbers[1::2]
    return (max(xs) - min(xs)) * (max(ys) - min(ys)) / area


def scenes(svg):
    return len(re.findall(r'<g id="[^"]*" class="node (?:scene|code|code-target|storyboard|stub)[ "]', svg))


def main():
    found = list(apps())
    if not found:
        print(f"no real-app set at {APPS}: nothing to measure")
        return 0
    print(f"{'app':42} {'view':8} {'nodes':>5} {'legend':>7}")
    with tempfile.TemporaryDirectory() as tmp:
        for folder, scan in found:
            for view in ("overview", "full"):
                out = os.path.join(tmp, f"{folder}-{view}.svg")
                run = subprocess.run([SBMAP, "render", scan, "-o", out, "--view", view, "--no-config"],
                                     capture_output=True, text=True)
                if run.returncode == 2 or not os.path.exists(out):
                    print(f"{folder:42} {view:8} failed: {run.stderr.strip()[-200:]}")
                    continue
                with open(out, encoding="utf-8") as f:
                    svg = f.read()
                share = legend_share(svg)
                text = "-" if share is None else f"{share * 100:6.1f}%"
                print(f"{folder:42} {view:8} {scenes(svg):5} {text:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
