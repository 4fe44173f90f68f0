"""Nib names for the recall harness (scripts/mutate-apps.py, issue 32): where code loads a nib by a literal name, and
the two mutations that break such a load.

  nib-file   rename a xib (and its localized copies) that code loads by name: X.xib -> X__mut.xib
  nib-name   change one nib name literal in code: "X" -> "X__mut"

Found by the harness's own regular expressions over the sources with comments blanked (never sbmap's scanner). A
use is expected (a finding at warning or above at its line) only where the load raises when the nib is missing:
`init(nibName:bundle:)` on a type, `super` or `self`, `UINib(nibName:bundle:)`, UIKit's `Bundle.main.loadNibNamed(_:
owner:options:)` and their Objective-C selectors, with the main bundle (`nil`, `.main`). AppKit's loads that return
nil or false (`NSNib(nibNamed:)`, `loadNibNamed(_:owner:topLevelObjects:)`, a window controller's nib name) are a
note by design, and are skipped with that reason; so is a load from another bundle, whose xibs may not be scanned.
"""
import os
import re

import mutate_sites as S

KINDS = ("nib-file", "nib-name")
RELEVANT = re.compile(r"nibName|NibName|loadNibNamed|nibNamed")
_LIT = r'@?"(?P<name>[^"\\\n]*)"'
# (form, raises when the nib is missing, pattern); the name is the first argument's literal
SWIFT = [
    ("UINib(nibName:bundle:)", True, re.compile(r"\bUINib\s*(?:\.\s*init\s*)?\(\s*nibName\s*:\s*" + _LIT)),
    ("init(nibName:bundle:)", True,
     re.compile(r"(?:\b(?:super|self)\s*\.\s*init|(?<![\w.])(?!UINib\b)[A-Z]\w*(?:\s*\.\s*init)?)\s*\(\s*nibName\s*:\s*" + _LIT)),
    ("loadNibNamed(_:owner:options:)", True,
     re.compile(r"\b(?:Bundle|NSBundle)\s*\.\s*main\s*\.\s*loadNibNamed\s*\(\s*" + _LIT)),
    ("NSNib(nibNamed:bundle:)", False, re.compile(r"\bNSNib\s*(?:\.\s*init\s*)?\(\s*nibNamed\s*:\s*" + _LIT)),
    ("init(windowNibName:)", False, re.compile(r"\bwindowNibName\s*:\s*" + _LIT)),
]
OBJC = [
    ("initWithNibName:bundle:", True,
     re.compile(r"\[\s*(?:super|self|\[\s*\w+\s+alloc\s*\])\s+initWithNibName\s*:\s*" + _LIT)),
    ("nibWithNibName:bundle:", True, re.compile(r"\[\s*UINib\s+nibWithNibName\s*:\s*" + _LIT)),
    ("loadNibNamed:owner:options:", True,
     re.compile(r"\[\s*\[\s*NSBundle\s+mainBundle\s*\]\s+loadNibNamed\s*:\s*" + _LIT)),
    ("initWithWindowNibName:", False, re.compile(r"\binitWithWindowNibName\s*:\s*" + _LIT)),
]


def nib_name(literal):
    return literal[:-4] if literal.endswith((".xib", ".nib")) else literal


def nib_sites(root, rel):
    """The nib loads of one source file, each with its name, line, form and whether a missing nib raises there."""
    raw = S.read(root, rel)
    if not RELEVANT.search(raw):
        return []
    swift = rel.endswith(".swift")
    text = S.blank_comments(raw, swift)
    sites, seen = [], set()
    for form, raises, pattern in (SWIFT if swift else OBJC):
        for m in pattern.finditer(text):
            start = m.start("name")
            if start in seen:
                continue
            seen.add(start)
            statement = S.statement_around(text, m.start(), m.end())
            if form.startswith("loadNibNamed") and "topLevelObjects" in statement:
                form, raises = form.split("(")[0] + ("(_:owner:topLevelObjects:)" if swift else ":owner:topLevelObjects:"), False
            # from the call to its literal: sbmap reports a load where the call is written (`UINib(` on one line and
            # `nibName: "X"` on the next)
            line = S.line_of(text, start)
            sites.append({"kind": "nib", "path": rel, "lo": S.line_of(text, m.start()), "hi": line, "name": nib_name(m.group("name")),
                          "literal": m.group("name"), "literal_line": line, "form": form, "raises": raises, "known": raises,
                          "main": S.bundle_is_main(statement)})
    return sites


def xib_groups(files, scope):
    """Each xib with its localized copies (`Base.lproj/X.xib`, `ja.lproj/X.xib`), by (folder, file name)."""
    groups = {}
    for f in files:
        if not f.endswith(".xib"):
            continue
        folder = os.path.dirname(f)
        if folder.endswith(".lproj"):
            folder = os.path.dirname(folder)
        key = (folder, os.path.basename(f))
        g = groups.setdefault(key, {"key": key, "name": os.path.basename(f)[:-4], "files": [], "scope": scope(f)})
        g["files"].append(f)
    return groups


def mutations(app, baseline, skips, already):
    """The nib mutations of `app` (mutate-apps.py's App), with the uses each must break; skips by reason."""
    out = []
    groups = xib_groups(app.files, app.scope)
    sites = [s for f in app.files if f.endswith(S.CODE_EXTS) for s in nib_sites(app.root, f)]
    for s in sites:  # the harness reads the class a use is written in from its text (App.mark_by_design)
        if s["path"] not in app.code:
            app.code[s["path"]] = S.blank_comments(S.read(app.root, s["path"]), s["path"].endswith(".swift"))
    by_name = {}
    for g in groups.values():
        by_name.setdefault(g["name"], []).append(g)

    def skip(kind, reason, s):
        skips[(kind, reason)].append(f"{app.folder} {s['name']} @ {s['path']}:{s['lo']}")

    def expected(kind, g, s):
        """Whether the use `s` of xib group `g` must be reported once the mutation breaks it; else its skip."""
        if not s["raises"]:
            return skip(kind, "AppKit load that returns nil or false (a note by design)", s)
        if not s["main"]:
            return skip(kind, "bundle other than the main one", s)
        if not app.built(s["path"]):
            return skip(kind, "file no project builds", s)
        if not any(app.built(f) for f in g["files"]):
            return skip(kind, "xib no project builds", s)
        if len([h for h in by_name.get(s["name"], []) if app.related(h["scope"], app.scope(s["path"]))]) > 1:
            return skip(kind, "name in several xibs", s)
        if already(baseline, s):
            return skip(kind, "already reported unmutated", s)
        return True

    for key in sorted(groups):
        g = groups[key]
        uses = [s for s in sites if s["name"] == g["name"] and app.related(g["scope"], app.scope(s["path"]))]
        keep = [s for s in uses if expected("nib-file", g, s)]
        if keep:
            out.append({"kind": "nib-file", "group": key, "name": g["name"], "sites": keep, "how": None,
                        "files": sorted(g["files"])})
        for s in uses:
            if expected("nib-name", g, s):
                out.append({"kind": "nib-name", "group": key, "name": g["name"], "sites": [s], "how": None,
                            "files": [s["path"]], "literal": s["literal"], "line": s["literal_line"]})
    return out


def apply(applied, m):
    """Applies a nib mutation to the copy `applied` (mutate-apps.py's Applied), recording how to undo it."""
    if m["kind"] == "nib-file":
        for f in m["files"]:
            src = os.path.join(applied.root, f)
            dst = src[: -len(".xib")] + S.SUFFIX + ".xib"
            os.rename(src, dst)
            applied.undo.append(lambda s=src, d=dst: os.rename(d, s))
        return
    path = os.path.join(applied.root, m["files"][0])
    with open(path, "rb") as f:
        before = f.read()
    lines = before.decode("utf-8", errors="surrogateescape").split("\n")
    k = m["line"] - 1
    literal = '"' + m["literal"] + '"'
    renamed = '"' + (m["literal"][:-4] + S.SUFFIX + m["literal"][-4:] if m["literal"] != m["name"] else m["literal"] + S.SUFFIX) + '"'
    if 0 <= k < len(lines) and literal in lines[k]:
        lines[k] = lines[k].replace(literal, renamed, 1)
        with open(path, "wb") as f:
            f.write("\n".join(lines).encode("utf-8", errors="surrogateescape"))
        applied.undo.append(lambda: open(path, "wb").write(before))
