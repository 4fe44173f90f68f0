"""The files an Xcode project lists, by path (used by scripts/mutate_sites.py's App): the harness's own reading of a
`project.pbxproj`, never sbmap's. A file reference's path is its group's path joined with its own, from the main group
down (`sourceTree = "<group>"`), or the project folder's (`SOURCE_ROOT`); references to SDKs, built products and
absolute paths are left out. Projects saved as XML property lists are not read here (the caller then matches by file
name, as before).
"""
import os
import re

OBJECT = re.compile(r"(?m)^\s*(\w+)(?:\s*/\*.*?\*/)?\s*=\s*\{")
FIELD = {k: re.compile(r"\b" + k + r"\s*=\s*(\"(?:[^\"\\]|\\.)*\"|[^;\s]+)\s*;") for k in ("isa", "path", "name", "sourceTree")}
CHILDREN = re.compile(r"\bchildren\s*=\s*\(([^)]*)\)")


def _value(body, key):
    m = FIELD[key].search(body)
    if not m:
        return None
    v = m.group(1)
    return v[1:-1].replace('\\"', '"') if v.startswith('"') else v


def _objects(text):
    """{id: body} for the groups and file references: each object's text up to its closing brace (these
    objects hold no nested braces)."""
    out = {}
    for m in OBJECT.finditer(text):
        end = text.find("};", m.end())
        body = text[m.end():end if end >= 0 else len(text)]
        isa = _value(body, "isa")
        if isa in ("PBXGroup", "PBXVariantGroup", "PBXFileReference", "XCVersionGroup"):
            out[m.group(1)] = body
    return out


def listed_paths(rel_pbx, text):
    """Every path (relative to the scanned folder) a project's file references and groups name, or None when the
    project cannot be read this way."""
    root = os.path.dirname(os.path.dirname(rel_pbx))
    objects = _objects(text)
    main = re.search(r"\bmainGroup\s*=\s*(\w+)", text)  # (the project object holds nested braces: searched alone)
    main = main and main.group(1)
    if main is None or main not in objects:
        return None
    paths = set()
    seen = set()

    def walk(oid, parent):
        if oid in seen or oid not in objects:
            return
        seen.add(oid)
        body = objects[oid]
        tree = _value(body, "sourceTree") or "<group>"
        own = _value(body, "path")
        if tree == "<group>":
            base = parent
        elif tree == "SOURCE_ROOT":
            base = root
        else:  # SDKROOT, BUILT_PRODUCTS_DIR, <absolute>, DEVELOPER_DIR: nothing the scan holds
            return
        here = os.path.normpath(os.path.join(base, own)) if own else base
        here = "" if here == "." else here
        if _value(body, "isa") == "PBXFileReference" or (own and _value(body, "isa") == "XCVersionGroup"):
            paths.add(here)
        for child in re.findall(r"\b(\w+)\b(?:\s*/\*.*?\*/)?\s*,", (CHILDREN.search(body) or [None, ""])[1] + ","):
            walk(child, here)
    walk(main, root)
    return paths
