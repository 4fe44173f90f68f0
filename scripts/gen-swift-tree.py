#!/usr/bin/env python3
"""Writes N realistic Swift view-controller files for the code-scanning benchmarks.

usage: gen-swift-tree.py OUT N [--app DIR] [--linking-share P]

Each file is a table-view controller of about 2 KB: comments with fake calls, raw strings, a String enum, one
storyboard load with an instantiation, one performSegue, and helper methods of varying number. With --app (a
folder of storyboards, such as the output of gen_corpus.py) the calls name that app's real storyboards, Storyboard
IDs, segue identifiers and unwind actions, and some classes are scenes' custom classes, so the linker does its real
work (edges, look-ups) instead of reporting every call as a finding. Output depends only on the arguments.

--linking-share P (default 1) makes only that share of the files link to storyboards; the others are files of the
same size and shape (a type, a String enum, table-view methods, helpers, comments and raw strings) that never touch
a storyboard, as most of a real app's files do not. With the default every file links: the worst case.
"""
import os, random, re, sys

def read_app(root):
    """Storyboard names with their Storyboard IDs, scene classes, segue identifiers and unwind selectors."""
    boards, classes, segues, unwinds, by_class = {}, set(), set(), set(), {}
    for folder, _, files in os.walk(root):
        for name in files:
            if not name.endswith(".storyboard"):
                continue
            text = open(os.path.join(folder, name), encoding="utf-8", errors="replace").read()
            ids = re.findall(r'storyboardIdentifier="([^"]+)"', text)
            boards.setdefault(name[:-len(".storyboard")], set()).update(ids)
            classes.update(c for c in re.findall(r'customClass="([^"]+)"', text) if c.endswith("Controller"))
            segues.update(re.findall(r'<segue [^>]*identifier="([^"]+)"', text))
            unwinds.update(re.findall(r'unwindAction="([^"]+)"', text))
            # The segue identifiers that start at each class's scenes, for performSegue calls that are right.
            for scene in text.split("<scene ")[1:]:
                cls = re.search(r'customClass="([^"]+)"', scene)
                if cls:
                    by_class.setdefault(cls.group(1), set()).update(re.findall(r'<segue [^>]*identifier="([^"]+)"', scene))
    return ({b: sorted(i) for b, i in sorted(boards.items()) if i}, sorted(classes), sorted(segues), sorted(unwinds),
            {c: sorted(s) for c, s in by_class.items()})

def swift_action(selector):
    """`unwindToListWithSegue:` -> `unwindToList(segue: UIStoryboardSegue)`; `unwindHere:` -> `unwindHere(_ segue: …)`."""
    base = selector.rstrip(":")
    m = re.match(r"^(.*)With([A-Z]\w*)$", base)
    if m:
        return "%s(%s: UIStoryboardSegue)" % (m.group(1), m.group(2)[0].lower() + m.group(2)[1:])
    return "%s(_ segue: UIStoryboardSegue)" % base

BODY = '''import UIKit

/// Screen {i}: generated for the code-scan benchmark.
final class {cls}: UIViewController, UITableViewDataSource {{
    private let items: [String] = (0..<{k}).map {{ "Item \\($0)" }}
    @IBOutlet private weak var tableView: UITableView!

    enum Segue: String {{ case next = "{segue}", showHelp = "Show Help {i}" }}

    override func viewDidLoad() {{
        super.viewDidLoad()
        title = "Screen {i}"  // performSegue(withIdentifier: "commented", sender: nil)
        tableView.dataSource = self
    }}

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {{ items.count }}

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {{
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        cell.textLabel?.text = items[indexPath.row] + " \\(indexPath.section)"
        return cell
    }}

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {{
{select}
    }}
{unwind}
    /* A block comment with "quotes" and UIStoryboard(name: "Nope", bundle: nil) inside. */
    private func format(_ value: Double) -> String {{
        let formatter = NumberFormatter()
        formatter.maximumFractionDigits = {k}
        return formatter.string(from: NSNumber(value: value)) ?? #"n/a "raw""#
    }}
}}
'''

SELECT_LINKING = '''        if indexPath.row % 2 == 0 {{
            performSegue(withIdentifier: Segue.next.rawValue, sender: self)
        }} else {{
            let vc = UIStoryboard(name: "{board}", bundle: nil)
                .instantiateViewController(withIdentifier: "{ident}")
            navigationController?.pushViewController(vc, animated: true)
        }}'''

# The same size and shape, no storyboard: a detail view made in code.
SELECT_PLAIN = '''        if indexPath.row % 2 == 0 {{
            delegate?.screen(self, didSelect: Segue.next.rawValue, at: indexPath.row)
        }} else {{
            let detail = DetailViewController(title: "{board}", identifier: "{ident}")
            navigationController?.pushViewController(detail, animated: true)
        }}'''

def main():
    args = sys.argv[1:]
    app = None
    if "--app" in args:
        at = args.index("--app")
        app = args[at + 1]
        del args[at:at + 2]
    share = 1.0
    if "--linking-share" in args:
        at = args.index("--linking-share")
        share = float(args[at + 1])
        del args[at:at + 2]
    root, n = args[0], int(args[1])
    random.seed(42)
    if app:
        boards, classes, segues, unwinds, by_class = read_app(app)
    else:
        boards = {b: ["Screen%d" % j for j in range(50)] for b in ["Main", "Settings", "Profile", "Onboarding", "Checkout", "Search"]}
        classes, segues, unwinds, by_class = [], ["showDetail"], [], {}
    names = list(boards)
    free_classes = list(classes)
    for i in range(n):
        sub = os.path.join(root, "Module%02d" % (i % 50), "Screens")
        os.makedirs(sub, exist_ok=True)
        # Every scene class gets one file (so code links start at scenes); the other files are classes without scenes.
        cls = free_classes.pop() if free_classes and i % 3 == 0 else "Screen%dViewController" % i
        board = random.choice(names)
        unwind = ""
        if i < len(unwinds):
            unwind = "\n    @IBAction func %s {}\n" % swift_action(unwinds[i])
        # Files i with (i * share) crossing an integer link: an even spread, the same for any N.
        links = int((i + 1) * share) > int(i * share)
        # Drawn in the order the earlier version drew them, so that the default tree is the same as before.
        k = random.randrange(3, 40)
        ident = random.choice(boards[board])
        segue = random.choice(by_class.get(cls) or segues or ["showDetail"])
        select = (SELECT_LINKING if links else SELECT_PLAIN).format(board=board, ident=ident)
        text = BODY.format(i=i, cls=cls, k=k, select=select, segue=segue, unwind=unwind)
        # Some files are longer: a few extra helper methods.
        text += "\nextension %s {\n" % cls
        for m in range(random.randrange(0, 12)):
            text += '    func helper%d(_ x: Int) -> String { return "value \\(x) %d" }\n' % (m, m)
        text += "}\n"
        with open(os.path.join(sub, "%s.swift" % cls), "w") as f:
            f.write(text)

if __name__ == "__main__":
    main()
