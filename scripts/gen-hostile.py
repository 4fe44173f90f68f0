#!/usr/bin/env python3
"""Writes the hostile shapes for layout time: apps whose maps are inside the node and edge budget,
or have no budget at all, but whose Graphviz layout ran for minutes.

usage: gen-hostile.py dense OUT [--scenes 150] [--segues 600] [--seed 1]
       gen-hostile.py many OUT [--storyboards 3000] [--links 2] [--seed 1]
       gen-hostile.py calls OUT [--api storyboard|segue|identifier] [--count 26000]
       gen-hostile.py references OUT [--count 26000]

dense: one storyboard, Dense.storyboard, of SCENES view controllers joined by SEGUES random segues (show, modal,
       popover), the first scene the initial one. 150 scenes and 600 segues are inside the default budget
       (300 nodes, 600 edges), so a plain `render` draws the whole storyboard, and `site` draws it on its page.
many:  STORYBOARDS storyboards of three scenes each, every one opening LINKS other storyboards (random, seeded)
       through storyboard references: the overview draws one node per storyboard and one edge per pair.

calls: one storyboard, Main.storyboard (one scene of HostileViewController, Storyboard ID "Home", one segue "go"),
       and one Swift file, Hostile.swift, of COUNT broken calls of one API inside that class, one a line:
       `UIStoryboard(name: "MissingK")` (storyboard), `performSegue(withIdentifier: "missingK")` (segue) or
       `instantiateViewController(withIdentifier: "MissingK")` on Main (identifier): COUNT error findings in one file.
references: one storyboard, References.storyboard, of COUNT storyboard references to storyboards that do not
       exist, each opened by a segue from the first scene: COUNT error findings in one file.

Output depends only on the arguments.
"""
import argparse, os, random

HEADER = ('<?xml version="1.0" encoding="UTF-8"?>\n'
          '<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" '
          'targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" '
          'useSafeAreas="YES" colorMatched="YES" initialViewController="{initial}">\n    <scenes>\n')
FOOTER = '    </scenes>\n</document>\n'


def object_id(prefix, n):
    """An Interface Builder-like id: `ABC-12-xyz`, unique per (prefix, n)."""
    return f"{prefix}{n:03d}-aa-{n % 1000:03d}"


def scene(vc_id, cls, segues, identifier=None):
    ident = f' storyboardIdentifier="{identifier}"' if identifier else ''
    lines = [f'        <scene sceneID="S{vc_id}">', '            <objects>',
             f'                <viewController id="{vc_id}" customClass="{cls}"{ident} sceneMemberID="viewController">',
             f'                    <view key="view" contentMode="scaleToFill" id="V{vc_id}"/>']
    if segues:
        lines.append('                    <connections>')
        lines += [f'                        {s}' for s in segues]
        lines.append('                    </connections>')
    lines += ['                </viewController>', '            </objects>', '        </scene>']
    return '\n'.join(lines) + '\n'


def dense(out, scenes, segues, seed):
    rng = random.Random(seed)
    ids = [object_id("VC", k) for k in range(scenes)]
    outgoing = {k: [] for k in range(scenes)}
    kinds = ["show", "presentation", "popoverPresentation"]
    for n in range(segues):
        a, b = rng.randrange(scenes), rng.randrange(scenes)
        while b == a:
            b = rng.randrange(scenes)
        kind = kinds[n % len(kinds)]
        extra = ' popoverAnchorView="V%s"' % ids[a] if kind == "popoverPresentation" else ''
        outgoing[a].append(f'<segue destination="{ids[b]}" kind="{kind}" identifier="s{n}"{extra} id="SG{n:04d}-bb-{n % 1000:03d}"/>')
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "Dense.storyboard"), "w", encoding="utf-8") as f:
        f.write(HEADER.format(initial=ids[0]))
        for k in range(scenes):
            f.write(scene(ids[k], f"Dense{k}ViewController", outgoing[k], identifier=f"Dense{k}"))
        f.write(FOOTER)


def many(out, storyboards, links, seed):
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    for k in range(storyboards):
        first, second = object_id("FA", k), object_id("FB", k)
        refs, segues = [], []
        for j in range(links):
            other = rng.randrange(storyboards)
            while other == k and storyboards > 1:
                other = rng.randrange(storyboards)
            ref = f"RF{k:05d}-{j}-x"
            refs.append(f'        <scene sceneID="SR{ref}">\n            <objects>\n'
                        f'                <viewControllerPlaceholder storyboardName="Part{other}" id="{ref}" sceneMemberID="viewController"/>\n'
                        '            </objects>\n        </scene>\n')
            segues.append(f'<segue destination="{ref}" kind="show" id="SG{k:05d}-{j}-y"/>')
        segues.append(f'<segue destination="{second}" kind="presentation" id="SP{k:05d}-0-z"/>')
        with open(os.path.join(out, f"Part{k}.storyboard"), "w", encoding="utf-8") as f:
            f.write(HEADER.format(initial=first))
            f.write(scene(first, f"Part{k}ViewController", segues, identifier=f"Part{k}"))
            f.write(scene(second, f"Part{k}DetailViewController", []))
            f.write(''.join(refs))
            f.write(FOOTER)


def calls(out, api, count):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "Main.storyboard"), "w", encoding="utf-8") as f:
        home, other = object_id("HM", 1), object_id("OT", 2)
        f.write(HEADER.format(initial=home))
        f.write(scene(home, "HostileViewController", [f'<segue destination="{other}" kind="show" identifier="go" id="SG001-cc-001"/>'],
                      identifier="Home"))
        f.write(scene(other, "OtherViewController", []))
        f.write(FOOTER)
    call = {
        "storyboard": 'func load{k}() {{ _ = UIStoryboard(name: "Missing{k}", bundle: nil) }}',
        "segue": 'func go{k}() {{ performSegue(withIdentifier: "missing{k}", sender: nil) }}',
        "identifier": 'func make{k}() {{ _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Missing{k}") }}',
    }[api]
    with open(os.path.join(out, "Hostile.swift"), "w", encoding="utf-8") as f:
        f.write("import UIKit\n\nfinal class HostileViewController: UIViewController {\n")
        for k in range(count):
            f.write("    " + call.format(k=k) + "\n")
        f.write("}\n")


def references(out, count):
    os.makedirs(out, exist_ok=True)
    first = object_id("FR", 0)
    with open(os.path.join(out, "References.storyboard"), "w", encoding="utf-8") as f:
        f.write(HEADER.format(initial=first))
        f.write(scene(first, "ReferencesViewController",
                      [f'<segue destination="RF{k:06d}-r-x" kind="show" id="SG{k:06d}-r-y"/>' for k in range(count)]))
        for k in range(count):
            f.write(f'        <scene sceneID="SR{k:06d}">\n            <objects>\n'
                    f'                <viewControllerPlaceholder storyboardName="Missing{k}" id="RF{k:06d}-r-x" sceneMemberID="viewController"/>\n'
                    '            </objects>\n        </scene>\n')
        f.write(FOOTER)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("shape", choices=["dense", "many", "calls", "references"])
    p.add_argument("out")
    p.add_argument("--scenes", type=int, default=150)
    p.add_argument("--segues", type=int, default=600)
    p.add_argument("--storyboards", type=int, default=3000)
    p.add_argument("--links", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--api", choices=["storyboard", "segue", "identifier"], default="storyboard")
    p.add_argument("--count", type=int, default=26000)
    a = p.parse_args()
    if a.shape == "dense":
        dense(a.out, a.scenes, a.segues, a.seed)
    elif a.shape == "many":
        many(a.out, a.storyboards, a.links, a.seed)
    elif a.shape == "calls":
        calls(a.out, a.api, a.count)
    else:
        references(a.out, a.count)


if __name__ == "__main__":
    main()
