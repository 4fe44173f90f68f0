"""The mutation harness's own view of an app (used by scripts/mutate-apps.py): every place that names a storyboard,
a Storyboard ID or a segue identifier, found WITHOUT sbmap's scanner, so the harness cannot merely agree with sbmap.

Sources (.swift, .m, .mm: what sbmap reads) are searched with regular expressions after their comments are blanked;
storyboards are read with an XML parser (expat, for line numbers); Info.plists and project.pbxproj files with
regular expressions. Folders sbmap never scans (hidden ones, .build, DerivedData, Pods, Carthage, *.storyboardc)
are left out here too.
"""
import os
import plistlib
import re
import xml.parsers.expat

SKIPPED = {".build", "DerivedData", "Pods", "Carthage"}
CODE_EXTS = (".swift", ".m", ".mm")
SUFFIX = "__mut"


def walk(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames
                             if not d.startswith(".") and d not in SKIPPED and not d.endswith(".storyboardc"))
        for name in sorted(filenames):
            yield os.path.relpath(os.path.join(dirpath, name), root)


def read(root, rel):
    with open(os.path.join(root, rel), "rb") as f:
        return f.read().decode("utf-8", errors="replace")


# ---------------------------------------------------------------- comments out, strings kept
INTERESTING = re.compile(r'"|/[/*]')
STRING_REST = re.compile(r'(?:[^"\\\n]|\\[\s\S])*(?:"|\n|$)')
BLOCK = re.compile(r"/\*|\*/")


def blank_comments(text, swift):
    """Replaces every comment by spaces (newlines kept, so offsets and lines stay), leaving string literals alone.
    Also blanks Objective-C `#if 0` blocks. Swift block comments nest."""
    out = []
    i, n, done = 0, len(text), 0

    def blank(a, b):
        out.append(text[done:a])
        out.append(re.sub(r"[^\n]", " ", text[a:b]))
        return b
    while True:
        m = INTERESTING.search(text, i)
        if not m:
            break
        i = m.start()
        if m.group(0) == '"':
            if text.startswith('"""', i):
                end = text.find('"""', i + 3)
                i = n if end < 0 else end + 3
            else:
                i = STRING_REST.match(text, i + 1).end()
        elif m.group(0) == "//":
            end = text.find("\n", i)
            end = n if end < 0 else end
            done = blank(i, end)
            i = end
        else:
            depth, j = 0, i
            for b in BLOCK.finditer(text, i):
                depth += 1 if b.group(0) == "/*" else -1
                j = b.end()
                if depth == 0 or not swift:
                    break
            else:
                j = n
            done = blank(i, j)
            i = j
    out.append(text[done:])
    result = "".join(out)
    if not swift:
        result = re.sub(r"(?ms)^[ \t]*#if[ \t]+0\b.*?^[ \t]*#endif", lambda m: re.sub(r"[^\n]", " ", m.group(0)), result)
    return result


# ---------------------------------------------------------------- code call sites
RELEVANT = re.compile(r"instantiate|performSegue|Storyboard")
# the argument: a literal, or a constant (`.preferences`, `Names.main.rawValue`, `kSettingsID`) that
# constants() below resolves to one literal; anything else (a parameter, a call) is no use the harness can name
ARG = (r'(?:@?"(?P<name>[^"\\\n]*)"'
       r"|(?P<const>(?:[A-Za-z_]\w*\s*\.\s*)*\.?[A-Za-z_]\w*)(?=\s*[,)\]]))")
ID_CALL = re.compile(
    r"\binstantiate(?:View)?Controller(?:WithIdentifier\s*[:(]\s*|\s*\(\s*(?:withIdentifier|identifier)\s*:\s*)"
    r"(?:NSStoryboard\.SceneIdentifier\s*\(\s*(?:rawValue\s*:\s*)?)?" + ARG)
SEGUE_CALL = re.compile(
    r"\bperformSegue(?:WithIdentifier\s*[:(]\s*|\s*\(\s*withIdentifier\s*:\s*)"
    r"(?:(?:NSStoryboardSegue|UIStoryboardSegue)\.Identifier\s*\(\s*(?:rawValue\s*:\s*)?)?" + ARG)
# a wrapper taking a String enum case: `performSegue(.showDetail)`, `performSegue(SegueIdentifier.x)`
SEGUE_WRAPPER = re.compile(r"\bperformSegue\s*\(\s*(?P<const>(?:[A-Z]\w*)?\.\w+)\s*\)")
NAME_CALL = re.compile(
    r"(?:\b(?:UIStoryboard|NSStoryboard)(?:\.init)?\s*\(\s*name\s*:\s*"
    r"(?:(?:NSStoryboard|UIStoryboard)\.Name\s*\(\s*(?:rawValue\s*:\s*)?)?|\bstoryboardWithName\s*:\s*)" + ARG)
WRAPPED = r'(?:(?:NSStoryboard|UIStoryboard)\.Name|NSStoryboard\.SceneIdentifier|(?:NS|UI)StoryboardSegue\.Identifier)'
CONSTANTS = [
    # Swift: `static let x = "X"`, a file-scope `let x = "X"`, `let x = NSStoryboard.Name("X")`
    re.compile(r'(?m)(?:\bstatic\s+let|^let)\s+(\w+)\s*(?::\s*[\w.]+\s*)?=\s*(?:' + WRAPPED +
               r'\s*\(\s*(?:rawValue\s*:\s*)?)?"([^"\\\n]*)"'),
    re.compile(r'\blet\s+(\w+)\s*(?::\s*[\w.]+\s*)?=\s*' + WRAPPED + r'\s*\(\s*(?:rawValue\s*:\s*)?"([^"\\\n]*)"'),
    re.compile(r'\bcase\s+(\w+)\s*=\s*"([^"\\\n]*)"'),                              # a String enum case
    re.compile(r'\bNSString\s*\*\s*(?:const\s+)?(\w+)\s*=\s*@"([^"\\\n]*)"'),          # ObjC constants
    re.compile(r'(?m)^\s*#define\s+(\w+)\s+@"([^"\\\n]*)"'),
]
STRING_ENUM = re.compile(r"\benum\s+\w+\s*:\s*String\b[^{]*\{")


def constants(texts):
    """Every constant the sources declare, by its last name: {name: literal}, only for names with one value."""
    values = {}
    for text in texts:
        for pattern in CONSTANTS:
            for m in pattern.finditer(text):
                values.setdefault(m.group(1), set()).add(m.group(2))
        for m in STRING_ENUM.finditer(text):  # cases without a raw value are their own name
            depth, i = 1, m.end()
            while i < len(text) and depth:
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
            body = text[m.end():i]
            for c in re.finditer(r"\bcase\s+([\w\s,]+?)\s*(?:\n|;|//|$)", body):
                for name in c.group(1).split(","):
                    name = name.strip()
                    if re.fullmatch(r"\w+", name):
                        values.setdefault(name, set()).add(name)
    return {k: next(iter(v)) for k, v in values.items() if len(v) == 1}


def argument(m, consts):
    """The literal a call names (its own, or its constant's), or None."""
    if m.groupdict().get("name") is not None:
        return m.group("name"), False
    parts = [p.strip() for p in m.group("const").split(".") if p.strip()]
    if parts and parts[-1] == "rawValue":
        parts = parts[:-1]
    if not parts or parts[-1] not in consts:
        return None, True
    return consts[parts[-1]], True
INITIAL_CALL = re.compile(r"\binstantiateInitial(?:View)?Controller\b")
DECLARED = re.compile(r"\b(?:class|struct|enum|extension|@implementation|@interface)\s+(\w+)")
FUNC_START = re.compile(r"\bfunc\s+\w+\s*(?:<[^>]*>)?\s*\(|^\s*[-+]\s*\(", re.M)
# an override that may decide what an identifier does, or a segue the system asks about
OVERRIDES = re.compile(r"\bfunc\s+(?:performSegue|shouldPerformSegue)\s*\(\s*withIdentifier\b"
                       r"|^\s*-\s*\(\s*(?:void|BOOL)\s*\)\s*(?:performSegueWithIdentifier|shouldPerformSegueWithIdentifier)\s*:", re.M)


def enclosing_type(text, offset):
    """The innermost type declared (or extended) around `offset`, by the harness's rough reading: the last declaration
    before it whose braces are still open there (an ObjC `@implementation` runs to its `@end`)."""
    for d in reversed(list(DECLARED.finditer(text, 0, offset))):
        if d.group(0).startswith("@"):
            end = text.find("@end", d.end())
            if end < 0 or end > offset:
                return d.group(1)
            continue
        brace = text.find("{", d.end())
        if brace < 0 or brace > offset:
            continue
        depth, k = 0, brace
        while k < len(text):
            c = text[k]
            depth += c == "{"
            depth -= c == "}"
            if depth == 0:
                break
            k += 1
        if k > offset:
            return d.group(1)
    return None


def segue_receiver(text, start, rel):
    """Who performs the segue at `start`: {"on_self": the call is on `self` (or bare), "owner": the enclosing type,
    "tried": inside an ObjC `@try` of the same method}. `self.performSegue`, `performSegue` at a statement's start,
    `[self performSegueWithIdentifier:`."""
    before = text[max(0, start - 40):start]
    swift = rel.endswith(".swift")
    if swift:
        on_self = bool(re.search(r"(?:^|[\s;{(])(?:self\s*\??\s*\.\s*)?$", before))
    else:
        on_self = bool(re.search(r"\[\s*self\s+$", before))
    funcs = list(FUNC_START.finditer(text, 0, start))
    body = text[funcs[-1].start():start] if funcs else text[:start]
    return {"on_self": on_self, "owner": enclosing_type(text, start), "tried": "@try" in body}


def storyboard_parameter(text, start):
    """The parameter a call at `start` is made on, when it is one of the enclosing function's, typed as a storyboard:
    `board` in `func make(_ board: UIStoryboard) { board.instantiateViewController(…) }`."""
    recv = re.search(r"(\w+)\s*[?!]?\s*\.\s*$", text[max(0, start - 80):start])
    if not recv:
        return None
    funcs = list(FUNC_START.finditer(text, 0, start))
    if not funcs or "func" not in funcs[-1].group(0):
        return None
    close = text.find(")", funcs[-1].end())
    signature = text[funcs[-1].end():close] if close > 0 else ""
    if re.search(r"\b" + re.escape(recv.group(1)) + r"\s*:\s*(?:UI|NS)Storyboard\b", signature):
        return recv.group(1)
    return None
# `let sb = UIStoryboard(name: "X"…`, `UIStoryboard *sb = [UIStoryboard storyboardWithName:@"X"…`
NAME_BINDING = re.compile(r"\b(?:let|var|\*)\s*(?P<var>\w+)\s*(?::\s*[\w.!?]+\s*)?=\s*\[?\s*(?:UIStoryboard|NSStoryboard)\b")
MAIN_BUNDLE = re.compile(r"^\s*(?:nil|\.main|Bundle\.main|NSBundle\.mainBundle|\[NSBundle mainBundle\]|Bundle\(\s*\))?\s*$")


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def statement_around(text, start, end):
    """The text of the statement a match is part of: back to the previous ';', '{' or '}' and on to the next."""
    lo = max(text.rfind(ch, 0, start) for ch in ";{}") + 1
    his = [text.find(ch, end) for ch in ";{}\n"]
    his = [h for h in his if h >= 0]
    return text[lo:min(his) if his else len(text)]


# a bundle named by identifier, path or URL (`Bundle(identifier: "X")`, `[NSBundle bundleWithPath:…]`): the harness
# expects a finding only when the identifier is one of the repository's targets (mutate-apps.py)
FOREIGN_BUNDLE = re.compile(r'\bbundle\s*:\s*(?:(?:Foundation\.)?(?:Bundle|NSBundle)\s*\(\s*(?P<kind>identifier|path|url)\s*:'
                            r'|\[\s*NSBundle\s+bundleWith(?P<objc>Identifier|Path|URL)\s*:)\s*@?(?:"(?P<value>[^"\\\n]*)")?')


def foreign_bundle(statement):
    """("identifier", "X") / ("path", None) for a load from a bundle named by identifier, path or URL; else None."""
    m = FOREIGN_BUNDLE.search(statement)
    if not m:
        return None
    return ((m.group("kind") or m.group("objc")).lower(), m.group("value"))


def bundle_is_main(statement):
    m = re.search(r"\bbundle\s*:\s*([^,)\]]*)", statement)
    return m is None or bool(MAIN_BUNDLE.match(m.group(1)))


def code_text(root, rel):
    """The source with its comments blanked, or None when it names no storyboard API at all."""
    raw = read(root, rel)
    if not RELEVANT.search(raw):
        return None
    return blank_comments(raw, rel.endswith(".swift"))


UIKIT = re.compile(r"\bUI(?:Storyboard|ViewController|Kit)\b")
APPKIT = re.compile(r"\bNS(?:Storyboard|ViewController|WindowController)\b|\bimport\s+(?:AppKit|Cocoa)\b")


def family(text):
    """'uikit' or 'mac' when the file uses only one of the two frameworks, else None (unknown)."""
    uikit, appkit = bool(UIKIT.search(text)), bool(APPKIT.search(text))
    return None if uikit == appkit else ("uikit" if uikit else "mac")


def code_sites(rel, text, consts):
    sites = []
    file_family = family(text)

    def add(kind, m, known, foreign=None):
        name, constant = argument(m, consts)
        if name is not None:
            form = text[m.start():m.end()].split("\n")[0][:80]
            fam = "uikit" if form.startswith("UIStoryboard") else "mac" if form.startswith("NSStoryboard") else file_family
            sites.append({"kind": kind, "name": name, "path": rel, "lo": line_of(text, m.start()), "constant": constant,
                          "hi": line_of(text, m.end()), "known": known, "form": form, "family": fam, "foreign": foreign})
        return name

    names_in = []
    foreign_at = {}  # a load's start -> its foreign bundle
    for m in NAME_CALL.finditer(text):
        statement = statement_around(text, m.start(), m.end())
        foreign_at[m.start()] = foreign_bundle(statement)
        name = add("name", m, bundle_is_main(statement), foreign_at[m.start()])
        if name is not None:
            names_in.append((m.start(), m.end(), name))
    for m in ID_CALL.finditer(text):
        # known receiver: a storyboard named by a literal in the same statement
        lit = [(s, n) for s, e, n in names_in if m.start() - 300 <= s < m.start() and ";" not in text[e:m.start()]]
        add("id", m, bool(lit), foreign_at.get(lit[-1][0]) if lit else None)
    for m in SEGUE_CALL.finditer(text):
        if add("segue", m, False) is not None:
            sites[-1].update(segue_receiver(text, m.start(), rel))
    for m in SEGUE_WRAPPER.finditer(text):
        add("segue", m, False)
    for m in ID_CALL.finditer(text):
        # `func f(_ board: UIStoryboard) { board.instantiateViewController(withIdentifier: "X") }`
        param = storyboard_parameter(text, m.start())
        if param:
            for site in sites:
                if site["kind"] == "id" and site["path"] == rel and site["lo"] == line_of(text, m.start()):
                    site["parameter"] = param
    bindings = []
    for b in NAME_BINDING.finditer(text):
        # the nearest binding counts, even when its name is not known (then the use is not one the harness names)
        n = NAME_CALL.search(text, b.start(), min(len(text), b.end() + 200))
        known = n and ";" not in text[b.end():n.start()] and "\n" not in text[b.end():n.start()]
        bindings.append((b.start(), b.group("var"), argument(n, consts)[0] if known else None,
                         foreign_at.get(n.start()) if known else None))
    for m in INITIAL_CALL.finditer(text):
        lit = [(s, n) for s, e, n in names_in if m.start() - 300 <= s < m.start() and ";" not in text[e:m.start()]
               and "\n\n" not in text[e:m.start()]]
        name, foreign = (lit[-1][1], foreign_at.get(lit[-1][0])) if lit else (None, None)
        if name is None:
            recv = re.search(r"(\w+)\s*$", re.sub(r"[\s.?!\[]+$", "", text[max(0, m.start() - 80):m.start()]))
            if recv:
                prior = [(n, f) for s, v, n, f in bindings if v == recv.group(1) and s < m.start()]
                name, foreign = prior[-1] if prior else (None, None)
        if name is not None:
            sites.append({"kind": "initial", "name": name, "path": rel, "lo": line_of(text, m.start()),
                          "hi": line_of(text, m.end()), "known": True, "constant": False,
                          "form": text[m.start():m.end()], "family": file_family, "foreign": foreign})
    return sites


# ---------------------------------------------------------------- helpers that name things after the class
OWN_NAME = r"(?:String\(describing:\s*(?:self|Self\.self|self\.self)\)|NSStringFromClass\(\s*(?:self|\[self class\])\s*\))"
FUNC = re.compile(r"\bfunc\s+(?P<name>\w+)\s*(?P<generic><[^>{]*>)?\s*\((?P<params>[^)]*)\)[^{;]*\{")
REUSABLE = re.compile(r"\b(?:class|extension)\s+(?P<type>[A-Z]\w*)\s*:[^{]*?\b(?P<proto>StoryboardSceneBased|StoryboardBased)\b[^{]*\{")


def body_at(text, open_brace):
    """The text of the braces that open at open_brace."""
    depth, i = 0, open_brace
    while i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
        if depth == 0:
            break
    return text[open_brace:i]


def class_helpers(texts):
    """The helpers the sources declare that compute the storyboard or the Storyboard ID from the class they are called
    on, by name: {name: {"generic": bool, "storyboard": "class" | literal | None, "id": bool}},
    only for names declared once that way; and Reusable's adopters: {type: {"storyboard": name | None, "id": name | None}}."""
    found, adopters = {}, {}
    for text in texts:
        for m in FUNC.finditer(text):
            body = body_at(text, m.end() - 1)
            generic = None
            if m.group("generic"):
                g = re.match(r"<\s*(\w+)", m.group("generic"))
                t = g.group(1) if g else None
                if t and re.fullmatch(r"\s*_?\s*\w*\s*:\s*%s\.Type\s*" % t, m.group("params")) and \
                        re.search(r"String\(describing:\s*%s\.self\)" % t, body):
                    generic = t
            if generic:
                ident = re.search(r"withIdentifier:\s*String\(describing:\s*%s\.self\)" % generic, body)
                if ident:
                    found.setdefault(m.group("name"), []).append({"generic": True, "storyboard": None, "id": True})
                continue
            if m.group("params").strip() or not re.search(OWN_NAME, body):
                continue
            ident = re.search(r"(?:withIdentifier:|instantiateViewControllerWithIdentifier:)\s*" + OWN_NAME, body)
            own_board = re.search(r"(?:UIStoryboard|NSStoryboard)\(name:\s*" + OWN_NAME + r"|storyboardWithName:\s*" + OWN_NAME, body)
            literal = re.search(r'(?:UIStoryboard|NSStoryboard)\(name:\s*"([^"\\\n]+)"', body)
            board = "class" if own_board else (literal.group(1) if literal else None)
            if board is None or not (ident or own_board and "instantiateInitial" in body):
                continue
            found.setdefault(m.group("name"), []).append({"generic": False, "storyboard": board, "id": bool(ident)})
        for m in REUSABLE.finditer(text):
            body = body_at(text, m.end() - 1)
            literal = re.search(r'\bsceneStoryboard\b[^\n]*?(?:UIStoryboard|NSStoryboard)\(name:\s*"([^"\\\n]+)"', body)
            custom_id = re.search(r"\bsceneIdentifier\b", body)
            entry = adopters.setdefault(m.group("type"), {"proto": m.group("proto"), "storyboard": None, "id": None, "odd": False})
            entry["odd"] |= bool(custom_id) or (m.group("proto") != entry["proto"])
            if literal:
                entry["storyboard"] = literal.group(1)
    helpers = {k: v[0] for k, v in found.items() if len(v) == 1}
    reusable = {}
    for t, e in adopters.items():
        if e["odd"]:
            continue
        if e["proto"] == "StoryboardBased":
            reusable[t] = {"storyboard": e["storyboard"] or t, "id": None}
        elif e["storyboard"]:
            reusable[t] = {"storyboard": e["storyboard"], "id": t}
    return helpers, reusable


def class_helper_sites(rel, text, helpers, reusable):
    """Calls of those helpers: `ReceiptVC.instantiateFromStoryboard()`, `board.instantiate(ProfileVC.self)` (the
    storyboard known when the statement names it by a literal), `WalletVC.instantiate()` (Reusable). Each site has
    the storyboard ("storyboard", None when not known) and the ID ("id", None for the initial scene) the call loads."""
    sites = []
    for m in re.finditer(r"\b([A-Z]\w*)\s*\.\s*(\w+)\s*\(\s*\)", text):
        typ, name = m.group(1), m.group(2)
        h = helpers.get(name)
        if h and not h["generic"]:
            board = typ if h["storyboard"] == "class" else h["storyboard"]
            sites.append((m, board, typ if h["id"] else None, f"{typ}.{name}()"))
        elif name == "instantiate" and typ in reusable:
            sites.append((m, reusable[typ]["storyboard"], reusable[typ]["id"], f"{typ}.instantiate() (Reusable)"))
    for m in re.finditer(r"\.\s*(\w+)\s*\(\s*([A-Z]\w*)\.self\s*\)", text):
        h = helpers.get(m.group(1))
        if h and h["generic"]:
            statement = statement_around(text, m.start(), m.end())
            literal = re.search(r'(?:UIStoryboard|NSStoryboard)\(name:\s*"([^"\\\n]+)"', statement)
            sites.append((m, literal.group(1) if literal else None, m.group(2), f"{m.group(1)}({m.group(2)}.self)"))
    out = []
    for m, board, ident, form in sites:
        if board is None and ident is None:
            continue
        out.append({"kind": "class-helper", "name": ident or board, "storyboard": board, "id": ident, "path": rel,
                    "lo": line_of(text, m.start()), "hi": line_of(text, m.end()), "known": board is not None,
                    "constant": False, "form": form, "family": "uikit", "foreign": None})
    return out


# ---------------------------------------------------------------- storyboards
def storyboard_facts(root, rel):
    """Scenes with a Storyboard ID, segues with an identifier, storyboard references (and runtime-attribute links),
    and the document's initial view controller, each with its line."""
    facts = {"ids": [], "segues": [], "placeholders": [], "initial": None, "ok": True, "macOS": False}
    stack = []
    parser = xml.parsers.expat.ParserCreate()

    def start(tag, attrs):
        line = parser.CurrentLineNumber
        stack.append((tag, attrs, line))
        if tag == "document":
            facts["initial"] = attrs.get("initialViewController")
            facts["macOS"] = ".Cocoa." in attrs.get("type", "")
        if "storyboardIdentifier" in attrs:
            facts["ids"].append((attrs["storyboardIdentifier"], line))
        if tag == "segue" and attrs.get("identifier"):
            facts["segues"].append((attrs["identifier"], line))
            owner = next((a for t, a, l in reversed(stack[:-1]) if a.get("sceneMemberID") == "viewController"), {})
            facts.setdefault("segue_classes", []).append((attrs["identifier"], owner.get("customClass")))
        if tag in ("viewControllerPlaceholder", "controllerPlaceholder"):
            facts["placeholders"].append({"storyboard": attrs.get("storyboardName"), "id": attrs.get("referencedIdentifier"),
                                          "lo": line, "hi": line})
        if tag == "userDefinedRuntimeAttribute" and attrs.get("keyPath") == "storyboardName" and attrs.get("value"):
            owner = next((l for t, a, l in reversed(stack[:-1]) if "customClass" in a), line)
            facts["placeholders"].append({"storyboard": attrs["value"], "id": None, "lo": owner, "hi": line, "runtime": True})

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: stack.pop()
    try:
        with open(os.path.join(root, rel), "rb") as f:
            parser.ParseFile(f)
    except (xml.parsers.expat.ExpatError, OSError):
        facts["ok"] = False
    return facts


def storyboard_group(rel):
    """(folder without its .lproj, name): all localized copies of one storyboard."""
    parts = rel.split("/")
    folder = [p for p in parts[:-1] if not p.endswith(".lproj")]
    return ("/".join(folder), parts[-1][: -len(".storyboard")])


# ---------------------------------------------------------------- Info.plists and generated ones
PLIST_KEYS = ("UIMainStoryboardFile", "NSMainStoryboardFile", "UILaunchStoryboardName", "UISceneStoryboardFile",
              "NSExtensionMainStoryboard")
PLIST_KEY = re.compile(r"<key>(?P<key>(?:%s)(?:~\w+)?)</key>\s*<string>(?P<name>[^<]*)</string>" % "|".join(PLIST_KEYS))
PBX_KEY = re.compile(r"\bINFOPLIST_KEY_(?P<key>(?:UIMainStoryboardFile|NSMainStoryboardFile|UILaunchStoryboardName)"
                     r"(?:~\w+)?)(?:\[[^\]]*\])?\s*=\s*\"?(?P<name>[^\";\n]*)\"?;")


def key_family(key):
    """UI… keys are read by UIKit apps, NSMainStoryboardFile by macOS ones; NSExtensionMainStoryboard by both."""
    return "uikit" if key.startswith("UI") else "mac" if key.startswith("NSMainStoryboardFile") else None


def plist_sites(root, rel):
    raw = read(root, rel)
    if "<plist" not in raw[:400]:
        return []
    try:
        plistlib.loads(raw.encode("utf-8"))
    except Exception:
        return []
    sites = []
    for m in PLIST_KEY.finditer(raw):
        name = m.group("name").strip()
        if name.endswith(".storyboard"):
            name = name[: -len(".storyboard")]
        if name:
            sites.append({"kind": "plist", "key": m.group("key"), "name": name, "path": rel, "family": key_family(m.group("key")),
                          "lo": line_of(raw, m.start()), "hi": line_of(raw, m.end()), "known": True,
                          "form": m.group("key")})
    return sites


def pbx_sites(root, rel):
    raw = read(root, rel)
    sites = []
    for m in PBX_KEY.finditer(raw):
        name = m.group("name").strip()
        if name.endswith(".storyboard"):
            name = name[: -len(".storyboard")]
        if name:
            line = line_of(raw, m.start())
            sites.append({"kind": "plist", "key": "INFOPLIST_KEY_" + m.group("key"), "name": name, "path": rel,
                          "family": key_family(m.group("key")),
                          "lo": line, "hi": line, "known": True, "form": "INFOPLIST_KEY_" + m.group("key")})
    return sites
