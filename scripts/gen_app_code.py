"""The Swift sources of scripts/gen-app.py --code: one file per view-controller class, and an AppCoordinator.

What each file does with storyboards is what sbmap must link or report:
* `performSegue(withIdentifier:)` for each manual segue of the class's scene (checked, no edge of its own);
* the unwind `@IBAction`s of the storyboard, in the class of its first screen (so no unwind goes nowhere);
* now and then, `UIStoryboard(name:bundle:)` with `instantiateViewController(withIdentifier:)` or
  `instantiateInitialViewController()` into another storyboard: one code link from the class's scene;
* the coordinator loads every storyboard (its initial scene, or its first by Storyboard ID): code links from the
  `code:AppCoordinator` node, and no storyboard that nothing loads;
* with --code-broken C, C planted mistakes in turn: a storyboard that does not exist (an unresolved code link and
  `code-unknown-storyboard`), a Storyboard ID the storyboard lacks (an unresolved code link and
  `code-unknown-identifier`), a segue identifier no segue has (an unresolved code link and `code-unknown-segue`, an
  error since the class's own scene lacks it).
"""
import os

UIKIT = {'vc': 'UIViewController', 'table': 'UITableViewController', 'collection': 'UICollectionViewController'}
PLANTS = ['code-unknown-storyboard', 'code-unknown-identifier', 'code-unknown-segue']


def swift_unwind(selector):
    """`unwindToFeedWithSegue:` is `unwindToFeed(segue:)` in Swift; `unwindToFeed:` is `unwindToFeed(_:)`."""
    if selector.endswith('WithSegue:'):
        return f'{selector[:-len("WithSegue:")]}(segue: UIStoryboardSegue)'
    return f'{selector[:-1]}(_ segue: UIStoryboardSegue)'


def source_folder(board):
    folder = board.folder
    if os.path.basename(folder) == 'Base.lproj':
        folder = os.path.dirname(folder)
    return folder or 'Sources'


def initial_targets(boards, home):
    return [b for b in boards if b.initial and b is not home]


def identified_targets(boards, home):
    return [(b, s) for b in boards if b is not home for s in b.scenes
            if s.sbid and s.role not in ('placeholder', 'link')]


def write_code(rng, boards, broken, out, write):
    """Writes the sources; returns (the planted mistakes with file and line, code links {resolved, unresolved})."""
    links = dict(resolved=0, unresolved=0)
    classes = [s for b in boards for s in b.scenes if s.cls and s.role in UIKIT]
    plants = {}
    for k, scene in enumerate(rng.sample(classes, min(broken, len(classes)))):
        plants[id(scene)] = PLANTS[k % len(PLANTS)]
    if broken > len(classes):
        raise SystemExit(f'gen-app: {broken} broken calls need as many view-controller classes; the app has {len(classes)}')
    names = {b.name.lower() for b in boards}
    planted = []
    for scene in classes:
        lines, marks = class_source(rng, boards, scene, plants.get(id(scene)), names, links)
        path = os.path.join(source_folder(scene.board), f'{scene.cls}.swift')
        write(out, path, '\n'.join(lines) + '\n')
        planted += [dict(file=path, line=line, code=code) for line, code in marks]
    write(out, os.path.join(source_folder(boards[0]), 'AppCoordinator.swift'), coordinator(boards, links))
    return planted, links


def class_source(rng, boards, scene, plant, names, links):
    board = scene.board
    lines = ['import UIKit', '',
             f'/// The {scene.title or "main"} screen of {board.name}.storyboard.',
             f'final class {scene.cls}: {UIKIT[scene.role]} {{',
             '    private var items: [String] = []', '',
             '    override func viewDidLoad() {',
             '        super.viewDidLoad()',
             '        items = ["One", "Two", "Three"]',
             '    }']
    marks = []
    for segue in scene.segues:
        if segue.owner == 'manual':
            lines += ['', f'    @objc private func run{segue.ident[0].upper()}{segue.ident[1:]}() {{',
                      f'        performSegue(withIdentifier: "{segue.ident}", sender: self)', '    }']
    first = next(s for s in board.scenes if s.role in UIKIT)
    if scene is first:
        selectors = sorted({g.unwind for s in board.scenes for g in s.segues if g.kind == 'unwind'})
        for selector in selectors:
            lines += ['', f'    @IBAction func {swift_unwind(selector)} {{', '        items.removeAll()', '    }']
    if plant == 'code-unknown-segue':
        lines += ['', '    @objc private func openRemoved() {']
        marks.append((len(lines) + 1, plant))
        lines += ['        performSegue(withIdentifier: "showRemovedScreen", sender: self)', '    }']
        links['unresolved'] += 1  # drawn as a link that does not resolve, like a missing Storyboard ID
    elif plant == 'code-unknown-storyboard':
        missing = f'{board.name.replace(" ", "")}Archive'
        while missing.lower() in names:
            missing += 'Old'
        lines += ['', '    private func openArchive() {']
        marks.append((len(lines) + 1, plant))
        lines += [f'        let storyboard = UIStoryboard(name: "{missing}", bundle: nil)',
                  '        guard let next = storyboard.instantiateInitialViewController() else { return }',
                  '        present(next, animated: true)', '    }']
        links['unresolved'] += 1
    elif plant == 'code-unknown-identifier':
        target = rng.choice([b for b in boards if b is not board] or boards)
        missing = 'RemovedScreen'
        while any(s.sbid == missing for s in target.scenes):
            missing += 'X'
        lines += ['', '    private func openRemoved() {',
                  f'        let storyboard = UIStoryboard(name: "{target.name}", bundle: nil)']
        marks.append((len(lines) + 1, plant))
        lines += [f'        let next = storyboard.instantiateViewController(withIdentifier: "{missing}")',
                  '        navigationController?.pushViewController(next, animated: true)', '    }']
        links['unresolved'] += 1
    elif rng.random() < 0.15:
        lines += link_source(rng, boards, board, links)
    lines.append('}')
    return lines, marks


def link_source(rng, boards, board, links):
    """A call that loads a scene of another storyboard: by Storyboard ID, or its initial scene."""
    by_id, initial = identified_targets(boards, board), initial_targets(boards, board)
    if by_id and (rng.random() < 0.6 or not initial):
        target, scene = rng.choice(by_id)
        links['resolved'] += 1
        return ['', f'    private func show{scene.sbid.replace(" ", "")}() {{',
                f'        let storyboard = UIStoryboard(name: "{target.name}", bundle: nil)',
                f'        let next = storyboard.instantiateViewController(withIdentifier: "{scene.sbid}")',
                '        navigationController?.pushViewController(next, animated: true)', '    }']
    if initial:
        target = rng.choice(initial)
        links['resolved'] += 1
        return ['', f'    private func start{target.name.replace(" ", "")}() {{',
                f'        guard let next = UIStoryboard(name: "{target.name}", bundle: nil).instantiateInitialViewController() else {{ return }}',
                '        present(next, animated: true)', '    }']
    return []


def coordinator(boards, links):
    """The app's router: one function per storyboard, loading its initial scene (or its first scene by Storyboard ID).

    Every storyboard is loaded somewhere, as in a real app: where code is scanned, sbmap lowers the findings of a
    storyboard that nothing loads to warnings, and the planted broken links must stay errors.
    """
    lines = ['import UIKit', '', '/// Starts the app\'s flows: one per storyboard.',
             'final class AppCoordinator {', '    private let window: UIWindow', '',
             '    init(window: UIWindow) {', '        self.window = window', '    }']
    for board in boards:
        links['resolved'] += 1
        load = 'storyboard.instantiateInitialViewController()' if board.initial else \
            f'storyboard.instantiateViewController(withIdentifier: "{board.scenes[0].sbid}")'
        lines += ['', f'    func start{board.name.replace(" ", "")}() {{',
                  f'        let storyboard = UIStoryboard(name: "{board.name}", bundle: nil)',
                  f'        window.rootViewController = {load}',
                  '        window.makeKeyAndVisible()', '    }']
    lines.append('}')
    return '\n'.join(lines) + '\n'
