#!/usr/bin/env python3
"""Recall on real code: breaks the real apps of Tests/RealApps/manifest.tsv one link at a time, as a careless pull
request does, and checks that sbmap reports every broken call, placeholder and Info.plist key.

    scripts/mutate-apps.py [--apps DIR] [--sbmap PATH] [--jobs N] [--only app,app] [--limit N] [--seed S]
                           [--kinds k,k] [--json FILE] [--scratch DIR]

For each app (the folder the manifest scans) the harness finds, by its own simple means (scripts/mutate_sites.py:
regular expressions over the sources with comments blanked, an XML parser over the storyboards, regular expressions
over Info.plists and project files; never sbmap's scanner), every place that names a storyboard, a Storyboard ID or
a segue identifier. Then, in a private copy of the app, one mutation at a time:

  storyboard-id   rename a Storyboard ID (storyboardIdentifier) that code or a storyboard reference names
  segue           rename a segue identifier that performSegue names (in the storyboard)
  segue-removed   delete the segues with an identifier that performSegue names (an error where the call is on
                  `self` in the class of the scene the segue started at, and nothing may handle it)
  id-parameter    rename a Storyboard ID that a call on a storyboard parameter names (`func f(_ board: UIStoryboard)
                  { board.instantiateViewController(withIdentifier: "X") }`): no storyboard has it any more, an error
  storyboard-file rename a storyboard file (and its localized copies) that code, an Info.plist key or a reference names
  deleted-ref     delete a storyboard (and its localized copies) that a storyboard reference names
  initial         remove the initial view controller of a storyboard that code, a plist or a reference loads by it
  class-helper    rename the storyboard file, or the Storyboard ID, that a helper naming them after the class loads
                  (`ReceiptVC.instantiateFromStoryboard()` with `String(describing: self)`, `board.instantiate(
                  ProfileVC.self)` with `String(describing: T.self)`, Reusable's StoryboardBased/StoryboardSceneBased)
  nib-file        rename a xib that code loads by a literal name (scripts/mutate_nibs.py: the loads that raise
                  when the nib is missing, from the main bundle)
  nib-name        change one such nib name literal in code

runs `sbmap export . --format json`, and expects a finding at warning or above at every use of the broken name
(path:line: the call, the placeholder, the plist key), and at error where the harness knows receiver and target (a
reference, a plist key, a call whose storyboard is a literal of the same statement; a `self.performSegue` in the class
of the scene the segue starts at, in no `@try`, where no class of its file or its superclass overrides performSegue or
shouldPerformSegue; an ID no storyboard has any more under a storyboard parameter). The unmutated apps are run too:
a finding at warning or above that Tests/RealApps/verdicts.tsv does not hold is a false positive.

A use is not expected (and counted as a skip, by reason) when its file is in no project (not named by any
project.pbxproj, not under a project.yml, a package's Sources/ or a synchronized folder), when its Info.plist is used
by no target (no INFOPLIST_FILE names it), when the name is in several storyboards the use may mean (same project
folder or one nested in the other), or when sbmap already reports it on the unmutated app.

Prints Markdown tables (recall per kind, per app, skips), writes every miss (app, kind, name, expected path:line,
what sbmap said there) and every unexpected new finding to --json. Exit 0 when it ran; 2 when the set is missing.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate_nibs as N  # noqa: E402
import mutate_pbx  # noqa: E402
import mutate_sites as S  # noqa: E402
from mutate_report import KINDS, report  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WARN = ("warning", "error")


# ---------------------------------------------------------------- the app as the harness sees it
class App:
    def __init__(self, folder, root):
        self.folder, self.root = folder, root
        files = list(S.walk(root))
        self.pbx = {f: S.read(root, f) for f in files if f.endswith("project.pbxproj")}
        # a project CMake generated describes a build folder, not the app (sbmap does not read it either)
        self.pbx = {f: t for f, t in self.pbx.items() if not re.search(r"\b(?:ALL_BUILD|ZERO_CHECK)\b|CMake Rules", t)}
        self.scopes = sorted({os.path.dirname(f) for f in files
                              if os.path.basename(f) in ("Package.swift", "project.yml", "project.yaml")}
                             | {os.path.dirname(os.path.dirname(f)) for f in self.pbx})
        self.xcodegen = [os.path.dirname(f) for f in files if os.path.basename(f) in ("project.yml", "project.yaml")]
        self.package_scopes = {os.path.dirname(f) for f in files if os.path.basename(f) == "Package.swift"} - {
            os.path.dirname(os.path.dirname(f)) for f in self.pbx} - set(self.xcodegen)
        self.nibs = [(os.path.basename(f)[:-4], self.scope(f)) for f in files if f.endswith(".xib")]
        self.packages = [os.path.dirname(f) for f in files if os.path.basename(f) == "Package.swift"]
        self.synced = []
        for f, text in self.pbx.items():
            base = os.path.dirname(os.path.dirname(f))
            # a synchronized folder's path is relative to its parent group: matched as a run of folders anywhere
            for m in re.finditer(r"isa = PBXFileSystemSynchronizedRootGroup;(?:(?!isa = )[\s\S])*?\bpath = \"?([^\";]+)\"?;", text):
                self.synced.append(m.group(1).strip("/"))
        self.pbx_all = "\n".join(self.pbx.values())
        # the paths the projects list (lower-cased: a Mac's disk ignores case), and the base names they list; a project
        # that cannot be read that way (an XML property list) is matched by file name only, as before
        self.listed, self.listed_names, self.pbx_unread = set(), set(), []
        for f, text in self.pbx.items():
            paths = mutate_pbx.listed_paths(f, text)
            if paths is None:
                self.pbx_unread.append(text)
            else:
                self.listed |= {p.lower() for p in paths}
        self.listed_names = {os.path.basename(p) for p in self.listed}  # (lower-cased, as the paths)
        self._built = {}
        # the repository's bundle identifiers, a `$(VARIABLE)` standing for any text (`io.rx.$(PRODUCT_NAME:rfc1034identifier)`)
        self.bundle_ids = []
        for text in list(self.pbx.values()) + [S.read(root, f) for f in files if f.endswith(".xcconfig")]:
            for m in re.finditer(r"\bPRODUCT_BUNDLE_IDENTIFIER(?:\[[^\]]*\])?\s*=\s*\"?([^\";\n]+)\"?", text):
                parts = re.split(r"\$[({][^)}]*[)}]", m.group(1).strip())
                self.bundle_ids.append(re.compile(".+".join(re.escape(p) for p in parts), re.I))
        self.infoplist_files = self._infoplist_files(files)
        self.groups = {}
        self.sites = []
        code = {}
        for f in files:
            if f.endswith(".storyboard"):
                facts = S.storyboard_facts(root, f)
                key = S.storyboard_group(f)
                g = self.groups.setdefault(key, {"key": key, "name": key[1], "files": [], "ids": set(), "segues": set(),
                                                 "initial": False, "ok": True, "scope": self.scope(f), "macOS": False,
                                                 "segue_classes": {}})
                g["files"].append(f)
                g["ok"] &= facts["ok"]
                g["ids"] |= {i for i, _ in facts["ids"]}
                g["segues"] |= {s for s, _ in facts["segues"]}
                for ident, cls in facts.get("segue_classes", []):
                    g["segue_classes"].setdefault(ident, set()).add(cls)
                g["initial"] |= bool(facts["initial"])
                g["macOS"] |= facts["macOS"]
                for p in facts["placeholders"]:
                    self.sites.append({"kind": "ref", "path": f, "lo": p["lo"], "hi": p["hi"], "known": True,
                                       "family": "mac" if facts["macOS"] else "uikit",
                                       "name": p["storyboard"] or key[1], "id": p["id"], "own": p["storyboard"] is None,
                                       "form": "runtime attribute" if p.get("runtime") else "storyboard reference"})
            elif f.endswith(S.CODE_EXTS):
                text = S.code_text(root, f)
                if text is not None:
                    code[f] = text
            elif f.endswith(".plist"):
                self.sites += S.plist_sites(root, f)
            elif f.endswith("project.pbxproj"):
                self.sites += S.pbx_sites(root, f)
        consts = S.constants(code.values())
        helpers, reusable = S.class_helpers(code.values())
        for f, text in code.items():
            self.sites += S.code_sites(f, text, consts)
            if helpers or reusable:
                self.sites += S.class_helper_sites(f, text, helpers, reusable)
        self.code, self.files = code, files
        # the classes that override performSegue or shouldPerformSegue, and each class's superclass
        self.overriders, self.superclass = set(), {}
        for text in code.values():
            for m in S.OVERRIDES.finditer(text):
                self.overriders.add(S.enclosing_type(text, m.start()))
            for m in re.finditer(r"\bclass\s+(\w+)\s*:\s*(\w+)|@interface\s+(\w+)\s*:\s*(\w+)", text):
                self.superclass[m.group(1) or m.group(3)] = m.group(2) or m.group(4)

    def performs_on_own_scene(self, g, site):
        """Whether a segue use is a call on `self` in the class of a scene the segue starts at in `g`, in no `@try`,
        with no override of performSegue/shouldPerformSegue in the class or its superclass: a certain crash."""
        owner = site.get("owner")
        if not site.get("on_self") or site.get("tried") or owner is None:
            return False
        if owner not in g["segue_classes"].get(site["name"], set()):
            return False
        return owner not in self.overriders and self.superclass.get(owner) not in self.overriders

    def mark_by_design(self, found):
        """For each mutation, the uses whose warning (not error) is sbmap's by design, by the harness's own reading,
        as m["by_design"] = {site index: why}: a use in a storyboard that no other use names (no code, plist key or
        reference of another storyboard); in a class whose name no storyboard or nib, no other source file and no
        other line of its own file holds (comments left out; a storyboard the mutation deletes refers to nothing); an
        Info.plist key in a project only XcodeGen describes (sbmap reads no target there, docs/diagnostics.md)."""
        named = {u["name"] for u in self.sites if u["kind"] in ("name", "plist", "initial")
                 or (u["kind"] == "ref" and not u["own"])}
        generated = [d for d in self.xcodegen if not any(
            os.path.dirname(os.path.dirname(f)) == d for f in self.pbx)]
        owner = {}  # code use -> the class it is written in
        for m in found:
            for site in m["sites"]:
                if site["kind"] in ("name", "id", "segue", "initial", "class-helper", "nib") and site["path"] in self.code:
                    upto = "\n".join(self.code[site["path"]].split("\n")[:site["lo"]])
                    decl = list(re.finditer(r"\b(?:class|struct|enum|extension|@implementation|@interface)\s+(\w+)", upto))
                    if decl:
                        owner[id(site)] = decl[-1].group(1)
        refs = self._references(set(owner.values()))
        for m in found:
            why = {}
            deleted = set(m["files"]) if m["kind"] == "deleted-ref" else set()
            for i, site in enumerate(m["sites"]):
                if site["kind"] == "ref" and S.storyboard_group(site["path"])[1] not in named:
                    why[i] = "storyboard nothing loads"
                elif id(site) in owner and not (refs.get(owner[id(site)], set()) - deleted):
                    why[i] = f"class nothing refers to ({owner[id(site)]})"
                elif site["kind"] == "plist" and any(d == "" or site["path"].startswith(d + "/") for d in generated):
                    why[i] = "Info.plist of an XcodeGen project (no target sbmap reads)"
            m["by_design"] = why

    def _references(self, classes):
        """{class: files that refer to it}: one pass over every source and Interface Builder file (comments blanked),
        for all the names at once; a declaration (`class X`, `extension X`) is not a reference."""
        found = {}
        if not classes:
            return found
        word = re.compile(r"\b(" + "|".join(map(re.escape, sorted(classes))) + r")\b")
        declared = re.compile(r"\b(?:class|struct|enum|extension|@implementation|@interface|@class)\s+(\w+)")
        for f in self.files:
            if not f.endswith((".swift", ".m", ".mm", ".h", ".storyboard", ".xib")):
                continue
            text = S.read(self.root, f)
            if not word.search(text):
                continue
            if not f.endswith((".storyboard", ".xib")):
                text = S.blank_comments(text, f.endswith(".swift"))
            for line in text.split("\n"):
                for m in word.finditer(line):
                    if not any(d.group(1) == m.group(1) for d in declared.finditer(line)):
                        found.setdefault(m.group(1), set()).add(f)
        return found

    def scope(self, rel):
        """The innermost folder holding a project (.xcodeproj, Package.swift, project.yml) around a file."""
        best = ""
        for s in self.scopes:
            if (s == "" or rel.startswith(s + "/")) and len(s) > len(best):
                best = s
        return best

    def related(self, group_scope, site_scope):
        """Whether a use in site_scope may mean a storyboard in group_scope: the same project folder, a project
        folder inside the use's, or, for a use in a Swift package, the project around the package (a package's
        `bundle: nil` is the app's main bundle). A nested Xcode project does not see its parent's storyboards."""
        if group_scope == site_scope or site_scope == "" or group_scope.startswith(site_scope + "/"):
            return True
        return (group_scope == "" or site_scope.startswith(group_scope + "/")) and site_scope in self.package_scopes

    def built(self, rel):
        """Whether some project compiles or bundles the file, by the harness's own rough reading."""
        if rel not in self._built:
            self._built[rel] = self._is_built(rel)
        return self._built[rel]

    def _is_built(self, rel):
        base = os.path.basename(rel)
        named = re.compile(r"(^|[/\s\"=])" + re.escape(base) + r"([\s\";]|$)", re.M)
        if named.search(self.pbx_all):
            # by path where the projects say which file of that name they mean (Rocket.Chat's dead
            # Controllers/Settings/PreferencesViewController.swift beside the listed Controllers/Preferences/ one)
            if rel.lower() in self.listed or any(base in t for t in self.pbx_unread):
                return True
            if base.lower() not in self.listed_names:
                return True
        if any(d == "" or rel.startswith(d + "/") for d in self.xcodegen):
            return True
        if any(rel.startswith((d + "/" if d else "") + "Sources/") for d in self.packages):
            return True
        return any(("/" + d + "/") in ("/" + rel) for d in self.synced)

    def _infoplist_files(self, files):
        values = []
        for f, text in self.pbx.items():
            base = os.path.dirname(os.path.dirname(f))
            for m in re.finditer(r"INFOPLIST_FILE(?:\[[^\]]*\])?\s*=\s*\"?([^\";\n]+)\"?;", text):
                values.append((base, m.group(1)))
        for f in files:
            if f.endswith(".xcconfig"):
                for m in re.finditer(r"^\s*INFOPLIST_FILE(?:\[[^\]]*\])?\s*=\s*(.+?)\s*$", S.read(self.root, f), re.M):
                    values.append((self.scope(f), m.group(1)))  # relative to the project using it: the nearest
            if os.path.basename(f) in ("project.yml", "project.yaml") or f.endswith((".yml", ".yaml")) and "project" in f:
                for m in re.finditer(r"(?:INFOPLIST_FILE:|\binfo:\s*\n?\s*path:|\bpath:)\s*\"?([^\s\"]+\.plist)", S.read(self.root, f)):
                    values.append((os.path.dirname(f), m.group(1)))
        return values

    def names_own_bundle(self, foreign):
        """Whether a load's explicit bundle (`Bundle(identifier: "X")`) is one of the repository's targets; a path or
        URL is never known."""
        kind, value = foreign
        return kind == "identifier" and value is not None and any(p.fullmatch(value) for p in self.bundle_ids)

    def plist_used(self, rel):
        """Whether some INFOPLIST_FILE names the plist: relative to its project's folder (an .xcconfig's value to the
        nearest project folder around it), letter case ignored (Xcode on a Mac's disk does), a variable ($(TARGET_NAME)) standing for one
        folder name."""
        low = rel.lower()
        for base, value in self.infoplist_files:
            value = re.sub(r"^\$[({](?:SRCROOT|PROJECT_DIR|SOURCE_ROOT)[)}]/", "", value.strip().strip('"'))
            pattern = "/".join(r"[^/]+" if "$" in part else re.escape(part.lower()) for part in value.split("/"))
            if re.fullmatch((re.escape(base.lower()) + "/" if base else "") + pattern, low):
                return True
        return False


# ---------------------------------------------------------------- mutations and what each one must break
def mutations(app, baseline, skips):
    """Every mutation of the app with the uses it breaks; each skipped use is listed in skips[(kind, reason)]."""
    out = []
    groups = list(app.groups.values())

    def fits(g, site):  # the harness tells UIKit from AppKit (not iOS from tvOS): a macOS storyboard is not an iOS use's
        return site.get("family") is None or site["family"] == ("mac" if g["macOS"] else "uikit")

    def candidates(pred, site):
        return [g for g in groups if pred(g) and fits(g, site) and app.related(g["scope"], app.scope(site["path"]))]

    def expect(kind, g, sites, pred):
        keep = []
        for s in sites:
            if not app.related(g["scope"], app.scope(s["path"])) or not fits(g, s):
                continue
            reason = None
            if s["kind"] == "plist":
                if s["path"].endswith(".plist") and not app.plist_used(s["path"]):
                    reason = "Info.plist no target uses"
                elif "UILaunchStoryboardName" in s["key"] and any(
                        n == s["name"] and app.related(scope, app.scope(s["path"])) for n, scope in app.nibs):
                    reason = "launch screen may be a nib of that name"
            elif not app.built(s["path"]):
                reason = "file no project builds"
            elif s.get("foreign") and not app.names_own_bundle(s["foreign"]):
                # a storyboard from a bundle named by identifier, path or URL that is no target of the
                # repository may come from somewhere sbmap cannot see (RxSwift's `Bundle(identifier: "RxExample-iOS")`)
                reason = "explicit foreign bundle"
            if reason is None and len(candidates(pred, s)) > 1:
                reason = "name in several storyboards"
            if reason is None and already(baseline, s):
                reason = "already reported unmutated"
            if reason:
                skips[(kind, reason)].append(f"{app.folder} {s['name']} @ {s['path']}:{s['lo']}")
            else:
                keep.append(s)
        return keep

    def add(kind, g, name, sites, pred, how=None):
        # only the uses that may mean this storyboard (another project's use of the name is not its use)
        sites = [s for s in sites if app.related(g["scope"], app.scope(s["path"])) and fits(g, s)]
        if not sites:
            return
        if not g["ok"]:
            skips[(kind, "storyboard unreadable")] += [f"{app.folder} {name} @ {s['path']}:{s['lo']}" for s in sites]
            return
        if not any(app.built(f) for f in g["files"]):
            skips[(kind, "storyboard no project builds")] += [f"{app.folder} {name} @ {s['path']}:{s['lo']}" for s in sites]
            return
        keep = expect(kind, g, sites, pred)
        if keep:
            out.append({"kind": kind, "group": g["key"], "name": name, "sites": keep, "how": how})

    by_kind = defaultdict(list)
    for s in app.sites:
        by_kind[s["kind"]].append(s)
    for g in sorted(groups, key=lambda g: g["key"]):
        for ident in sorted(g["ids"]):
            sites = [s for s in by_kind["id"] if s["name"] == ident]
            sites += [s for s in by_kind["ref"] if s["id"] == ident and s["name"] == g["name"]]
            add("storyboard-id", g, ident, sites, lambda h, i=ident: i in h["ids"])
            # under a storyboard parameter, an ID no storyboard has is an error whatever the storyboard
            nowhere = not any(ident in h["ids"] for h in groups if h is not g)  # (of any project: sbmap looks at all)
            param = [dict(s, known=nowhere) for s in by_kind["id"] if s["name"] == ident and s.get("parameter")]
            add("id-parameter", g, ident, param, lambda h, i=ident: i in h["ids"])
        for segue in sorted(g["segues"]):
            sites = [dict(s, known=app.performs_on_own_scene(g, s)) for s in by_kind["segue"] if s["name"] == segue]
            add("segue", g, segue, sites, lambda h, i=segue: i in h["segues"])
            add("segue-removed", g, segue, sites, lambda h, i=segue: i in h["segues"])
        same = lambda h, n=g["name"]: h["name"] == n  # noqa: E731
        uses = [s for s in by_kind["name"] + by_kind["plist"] if s["name"] == g["name"]]
        refs = [s for s in by_kind["ref"] if s["name"] == g["name"] and not s["own"]]
        add("storyboard-file", g, g["name"], uses + refs, same)
        if refs:
            add("deleted-ref", g, g["name"], uses + refs, same)
        if g["initial"]:
            sites = [s for s in by_kind["initial"] + by_kind["plist"] if s["name"] == g["name"]]
            if g["macOS"]:  # a macOS main storyboard without initial controller is normal (menu-bar apps)
                main = [s for s in sites if s.get("key") in ("NSMainStoryboardFile", "INFOPLIST_KEY_NSMainStoryboardFile")]
                skips[("initial", "macOS main storyboard (no initial controller is normal)")] += [
                    f"{app.folder} {s['name']} @ {s['path']}:{s['lo']}" for s in main]
                sites = [s for s in sites if s not in main]
            sites += [s for s in refs if not s["id"]]
            add("initial", g, g["name"], sites, same)
        # a class-named helper's storyboard renamed, or the ID it computes
        helped = by_kind["class-helper"]
        add("class-helper", g, g["name"], [s for s in helped if s["storyboard"] == g["name"]], same, how="file")
        for ident in sorted(g["ids"]):
            sites = [s for s in helped if s["id"] == ident and s["storyboard"] in (None, g["name"])]
            add("class-helper", g, ident, sites, lambda h, i=ident: i in h["ids"], how="id")
    return out


def already(baseline, site):
    return any(d["file"] == site["path"] and site["lo"] <= d["line"] <= site["hi"] and d["severity"] in WARN
               for d in baseline)


def xml_attr(value):
    return value.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


class Applied:
    """One mutation applied to a copy of the app, undone on exit."""

    def __init__(self, root, mutation, stash):
        self.root, self.m, self.stash = root, mutation, stash
        self.undo = []

    def rewrite(self, rel, pattern, repl):
        path = os.path.join(self.root, rel)
        with open(path, "rb") as f:
            before = f.read()
        text = before.decode("utf-8", errors="surrogateescape")
        after, n = re.subn(pattern, repl, text)
        if n:
            with open(path, "wb") as f:
                f.write(after.encode("utf-8", errors="surrogateescape"))
            self.undo.append(lambda: open(path, "wb").write(before))
        return n

    def __enter__(self):
        m, files = self.m, sorted(self.m["files"])
        try:
            if m["kind"] in ("storyboard-id", "id-parameter") or m["kind"] == "class-helper" and m["how"] == "id":
                for f in files:
                    self.rewrite(f, r'(\bstoryboardIdentifier=")' + re.escape(xml_attr(m["name"])) + '"',
                                 lambda x: x.group(1) + xml_attr(m["name"]) + S.SUFFIX + '"')
            elif m["kind"] == "segue":
                for f in files:
                    self.rewrite(f, r'(<segue\b[^>]*?\sidentifier=")' + re.escape(xml_attr(m["name"])) + '"',
                                 lambda x: x.group(1) + xml_attr(m["name"]) + S.SUFFIX + '"')
            elif m["kind"] == "segue-removed":
                for f in files:
                    # a segue element is empty, or holds a popover's anchor, a custom segue's options, …
                    self.rewrite(f, r'[ \t]*<segue\b[^>]*?\sidentifier="' + re.escape(xml_attr(m["name"]))
                                 + r'"(?:[^>]*?/>|[^>]*>[\s\S]*?</segue>)\n?', "")
            elif m["kind"] == "initial":
                for f in files:
                    self.rewrite(f, r'(<document\b[^>]*?)\s+initialViewController="[^"]*"', lambda x: x.group(1))
            elif m["kind"] in N.KINDS:
                N.apply(self, m)
            else:
                for i, f in enumerate(files):
                    src = os.path.join(self.root, f)
                    if m["kind"] in ("storyboard-file", "class-helper"):
                        dst = src[: -len(".storyboard")] + S.SUFFIX + ".storyboard"
                    else:
                        dst = os.path.join(self.stash, str(i))
                    os.rename(src, dst)
                    self.undo.append(lambda s=src, d=dst: os.rename(d, s))
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc):
        for step in reversed(self.undo):
            step()
        self.undo = []


# ---------------------------------------------------------------- running sbmap
def run_sbmap(sbmap, folder, out):
    started = time.time()
    proc = subprocess.run([sbmap, "export", ".", "--format", "json", "-o", out], cwd=folder,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
    try:
        with open(out, encoding="utf-8") as f:
            diags = json.load(f).get("diagnostics", [])
    except (OSError, ValueError):
        return None, proc.returncode, time.time() - started, proc.stderr.decode(errors="replace")[-400:]
    for d in diags:
        d.setdefault("file", "")
        d.setdefault("line", 0)
    return diags, proc.returncode, time.time() - started, ""


def judge(site, diags):
    here = [d for d in diags if d["file"] == site["path"] and site["lo"] <= d["line"] <= site["hi"]]
    levels = {d["severity"] for d in here}
    said = [f"{d['severity']} {d['code']}: {d['message']}" for d in here]
    return ("error" in levels), bool(levels & set(WARN)), said


def read_manifest(only):
    rows = []
    for line in open(os.path.join(ROOT, "Tests/RealApps/manifest.tsv"), encoding="utf-8"):
        if line.startswith("#") or line.startswith("folder\t") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        if len(f) >= 7 and (not only or f[0] in only):
            rows.append((f[0], f[6]))
    return rows


def read_verdicts():
    judged = set()
    for line in open(os.path.join(ROOT, "Tests/RealApps/verdicts.tsv"), encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if len(f) == 7 and not line.startswith(("#", "folder\t")):
            judged.add((f[0], f[1], f[3]))
    return judged


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--apps", default=os.environ.get("SBMAP_APPS", "/work/apps"))
    ap.add_argument("--sbmap", default=os.environ.get("SBMAP"), required=not os.environ.get("SBMAP"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--limit", type=int, default=0, help="mutations per app per kind (0: all), sampled by --seed")
    ap.add_argument("--seed", default="20")
    ap.add_argument("--json", help="write every miss, skip and unexpected finding here")
    ap.add_argument("--dry-run", action="store_true", help="list the mutations and their expected uses, run nothing")
    ap.add_argument("--scratch", help="where the copies go (default: a temporary folder, removed at the end)")
    args = ap.parse_args()
    sbmap = os.path.abspath(args.sbmap)
    only = {a for a in args.only.split(",") if a}
    kinds = [k for k in args.kinds.split(",") if k]
    apps = read_manifest(only)
    if not os.path.isdir(args.apps) or not apps:
        sys.exit(f"mutate-apps: no apps in {args.apps} (see scripts/real-apps.sh --extract)")
    scratch = args.scratch or tempfile.mkdtemp(prefix="sbmap-mutate-")
    os.makedirs(scratch, exist_ok=True)
    verdicts = read_verdicts()
    started = time.time()

    # the apps as the harness sees them, and sbmap on each unmutated app
    def prepare(row):
        folder, scan = row
        root = os.path.join(args.apps, folder, scan)
        app = App(folder, root)
        diags, status, secs, err = run_sbmap(sbmap, root, os.path.join(scratch, folder + ".base.json"))
        return app, diags or [], err
    with ThreadPoolExecutor(args.jobs) as pool:
        prepared = list(pool.map(prepare, [r for r in apps if os.path.isdir(os.path.join(args.apps, r[0], r[1]))]))
    false_positives, all_mutations, skips = [], [], defaultdict(list)
    baselines = {}
    for app, diags, err in prepared:
        baselines[app.folder] = diags
        if err:
            print(f"mutate-apps: {app.folder}: sbmap failed on the unmutated app: {err}", file=sys.stderr)
        for d in diags:
            where = f"{d['file']}:{d['line']}:{d.get('column', 0)}"
            if d["severity"] in WARN and (app.folder, where, d["code"]) not in verdicts:
                false_positives.append({"app": app.folder, "at": where, "severity": d["severity"], "code": d["code"],
                                        "message": d["message"]})
        app_skips = defaultdict(list)
        found = [m for m in mutations(app, diags, app_skips) + N.mutations(app, diags, app_skips, already) if m["kind"] in kinds]
        for (kind, reason), n in app_skips.items():
            if kind in kinds:
                skips[(kind, reason)] += n
        by_kind = defaultdict(list)
        for m in found:
            m["app"], m["files"] = app.folder, m.get("files") or app.groups[m["group"]]["files"]
            by_kind[m["kind"]].append(m)
        app.mark_by_design(found)
        for kind, ms in sorted(by_kind.items()):
            ms.sort(key=lambda m: (m["group"], m["name"]))
            if args.limit and len(ms) > args.limit:
                chosen = random.Random(f"{args.seed}:{app.folder}:{kind}").sample(ms, args.limit)
                skips[(kind, f"not sampled (--limit {args.limit})")] += [
                    f"{app.folder} {m['name']} @ {s['path']}:{s['lo']}" for m in ms if m not in chosen for s in m["sites"]]
                ms = chosen
            all_mutations += ms
    roots = {app.folder: app.root for app, _, _ in prepared}
    if args.dry_run:
        for m in all_mutations:
            print(f"{m['app']}\t{m['kind']}\t{m['name']}\t" + " ".join(f"{s['path']}:{s['lo']}" for s in m["sites"]))
        for (kind, reason), n in sorted(skips.items()):
            print(f"skip\t{kind}\t{reason}\t{len(n)}")
        if not args.scratch:
            shutil.rmtree(scratch, ignore_errors=True)
        return

    # each mutation in a private copy of its app (one copy per worker and app, restored after each run)
    local = threading.local()
    slots = iter(range(1000))
    slot_lock = threading.Lock()

    def copy_of(folder):
        if not hasattr(local, "slot"):
            with slot_lock:
                local.slot = next(slots)
            local.copies = {}
        if folder not in local.copies:
            dst = os.path.join(scratch, f"w{local.slot}", folder)
            shutil.rmtree(dst, ignore_errors=True)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            subprocess.run(["cp", "-a", "--reflink=auto", roots[folder], dst], check=True)
            stash = os.path.join(scratch, f"w{local.slot}", folder + ".stash")
            os.makedirs(stash, exist_ok=True)
            local.copies[folder] = (dst, stash)
        return local.copies[folder]

    def run(m):
        root, stash = copy_of(m["app"])
        out = os.path.join(os.path.dirname(root), m["app"] + ".json")
        with Applied(root, m, stash):
            diags, status, secs, err = run_sbmap(sbmap, root, out)
        m["seconds"], m["status"], m["error"] = round(secs, 2), status, err
        if diags is None:
            m["results"] = None
            return m
        m["results"] = [dict(zip(("error", "warning", "said"), judge(s, diags))) for s in m["sites"]]
        base = {(d["file"], d["line"], d["code"]) for d in baselines[m["app"]]}
        m["unexpected"] = [f"{d['file']}:{d['line']}: {d['severity']} {d['code']}: {d['message']}" for d in diags
                           if d["severity"] in WARN and (d["file"], d["line"], d["code"]) not in base
                           and not any(d["file"] == s["path"] and s["lo"] <= d["line"] <= s["hi"] for s in m["sites"])]
        return m

    # biggest apps first, so the slow ones do not finish last
    all_mutations.sort(key=lambda m: (-os.path.getsize(os.path.join(scratch, m["app"] + ".base.json")), m["app"]))
    done = []
    with ThreadPoolExecutor(args.jobs) as pool:
        for i, m in enumerate(pool.map(run, all_mutations), 1):
            done.append(m)
            if i % 50 == 0:
                print(f"mutate-apps: {i}/{len(all_mutations)} mutations, {time.time() - started:.0f} s", file=sys.stderr)
    report(done, skips, false_positives, time.time() - started, args)
    sys.stdout.flush()
    if not args.scratch:  # after the report: removing the copies of a large app takes a while on a busy disk
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
