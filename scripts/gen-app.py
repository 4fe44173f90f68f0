#!/usr/bin/env python3
"""Generates a realistic iOS app of storyboards, deterministically, with EXPECTED.json saying what sbmap must find.

usage: gen-app.py --storyboards N --scenes-per M --out DIR [--seed S] [--unresolved K] [--external E]
                  [--size-model file|scene] [--median-kb KB] [--layout nested|flat]
                  [--ref-rate P] [--link-rate P] [--code] [--code-broken C]

The app, as Xcode lays one out:
* N storyboards of exactly M scenes each (references and runtime-attribute links count as scenes), in feature
  folders (`App/Features/Feed/Feed.storyboard`, some in `Base.lproj`), or all in one folder with --layout flat.
  The first one is `Main`, the app's entry point, named by `UIMainStoryboardFile` in `App/Info.plist`.
* Each storyboard starts at a tab bar, a split view, a navigation controller or a plain screen; tabs and columns
  hold navigation stacks or storyboard references; every other scene is reached by a segue from a content scene:
  show, showDetail, presentation, popover, custom, embed (a container view), plus unwinds to Exit. Segues sit where
  Xcode puts them: buttons, cells, bar button items, gesture recognizers, the controller itself (manual segues).
  Legacy files (push/modal kinds, old header) and things that are not segues (peek-and-pop children, popover arrow
  directions, tie-breakers) are mixed in.
* A share of the scenes (--ref-rate, --link-rate) are storyboard references and RBStoryboardLink scenes into other
  storyboards, by Storyboard ID or to the initial scene. K of them are broken on purpose (a storyboard or a
  Storyboard ID that does not exist), and E references point into another bundle.
* --code writes a Swift file per view-controller class: `performSegue` for the manual segues, the `@IBAction`s the
  unwinds return to, and `UIStoryboard(name:)` + `instantiateViewController(withIdentifier:)` /
  `instantiateInitialViewController()` calls into other storyboards, plus an `AppCoordinator` that loads some
  storyboards. --code-broken C plants C broken calls (a missing storyboard, a missing Storyboard ID, a segue
  identifier no segue has), in turn.
* Size: --size-model file (default) gives each file a size drawn around --median-kb and spreads view bulk
  (subviews, constraints, cells) over its content scenes; --size-model scene gives each content scene its own
  bulk (median about 5 KB, long tail), so files of 20 scenes weigh 100-200 KB, as real ones do.

DIR/EXPECTED.json holds what a correct analysis reports: in "oracle", the counts (storyboards, scenes, segues and
segues by kind, references and runtime links by resolution state, cross-file links, code links, entry points) and
the findings by code; "unresolved" and "planted_code" list each broken link planted, with its file. The output
depends only on the arguments: same arguments, same bytes.
"""
import argparse
import json
import math
import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ in scripts/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_app_emit import Ids, StoryboardWriter  # noqa: E402  (the storyboard writer)
from gen_app_code import write_code  # noqa: E402  (the Swift writer of --code)

FEATURES = ['Main', 'Onboarding', 'Login', 'Settings', 'Profile', 'Feed', 'Search', 'Checkout', 'Cart', 'Orders',
            'Payments', 'Inbox', 'Chat', 'Discover', 'Library', 'Player', 'Camera', 'Gallery', 'Map', 'Events',
            'Calendar', 'Tasks', 'Reports', 'Dashboard', 'Help', 'Account', 'Wallet', 'Rewards', 'Friends', 'Groups',
            'Downloads', 'Billing', 'Shop', 'Product', 'Reviews', 'Favorites', 'History', 'Scanner', 'Health',
            'Workout', 'Recipes', 'Articles', 'Contacts', 'Privacy', 'Devices', 'Sync', 'Tutorial', 'Paywall']
VARIANTS = ['Detail', 'List', 'Editor', 'Flow', 'Picker', 'Home', 'Compose', 'Browser', 'Filters', 'Wizard']
SCREENS = ['Overview', 'Details', 'Edit', 'Summary', 'Filter', 'Share', 'Confirm', 'Options', 'Info', 'Comments',
           'Results', 'Intro', 'Status', 'Picker', 'Preview', 'Members', 'Archive', 'Composer']
GROUPS = ['Features', 'Modules', 'Flows', 'Screens']
KITS = ['PaymentsKit', 'LegalKit', 'DesignSystem', 'LoginKit']
# Xcode releases as (toolsVersion, plug-in version, device): files of one app come from several.
XCODES = [('17701', '17703', 'retina6_1'), ('21701', '21678', 'retina6_0'), ('22505', '22504', 'retina6_12')]
ICONS = ['house', 'gearshape', 'person.crop.circle', 'magnifyingglass', 'bell', 'star', 'cart', 'heart', 'map']
# Segue kinds of a content scene's outgoing segues, by weight, as real apps have them.
KINDS = [('show', 52), ('presentation', 18), ('popoverPresentation', 6), ('showDetail', 3), ('custom', 4)]
LEGACY = {'show': 'push', 'showDetail': 'push', 'presentation': 'modal', 'popoverPresentation': 'modal'}
CONTENT = ('vc', 'table', 'collection')


def weighted(rng, pairs):
    return rng.choices([p[0] for p in pairs], weights=[p[1] for p in pairs])[0]


class Scene:
    def __init__(self, board, role):
        self.board, self.role = board, role
        self.index = len(board.scenes)
        self.oid = self.scene_id = self.sbid = self.cls = self.title = self.ref = self.exit_id = self.icon = None
        self.segues, self.bulk, self.in_nav, self.relationship_child = [], 0, False, False
        board.scenes.append(self)


class Segue:
    def __init__(self, src, dst, kind, relationship=None):
        self.src, self.dst, self.kind, self.relationship = src, dst, kind, relationship
        self.ident = self.custom = self.unwind = self.oid = self.owner = self.action = None
        self.peek = False
        src.segues.append(self)


class Board:
    def __init__(self, index, name, path):
        self.index, self.name, self.path = index, name, path
        self.scenes, self.initial, self.legacy, self.xcode = [], True, False, XCODES[0]
        self.folder = os.path.dirname(path)


# ---------------------------------------------------------------- the plan: scenes and segues of one storyboard

def plan_scenes(rng, board, m, ref_rate, link_rate):
    """Exactly m scenes: a root (container or screen), the containers' children, then screens reached by segues."""
    def content():
        return weighted(rng, [('vc', 58), ('table', 30), ('collection', 12)])

    pending = []  # (container, relationship, role of the child): children a container still needs

    def need(container, relationship, role):
        pending.append((container, relationship, role))

    def room():  # scenes left once every pending child (a navigation child brings its root screen) is placed
        return m - len(board.scenes) - sum(2 if r == 'nav' else 1 for _, _, r in pending)

    draw = rng.random()
    if m >= 7 and draw < 0.2:
        root = Scene(board, 'tab')
        for _ in range(rng.randint(2, min(5, (m - 1) // 2))):
            # The first tab is a navigation stack, so that the file has screens for the other scenes to hang from.
            role = 'nav' if not pending else weighted(rng, [('nav', 70), ('placeholder', 15), ('content', 15)])
            need(root, 'viewControllers', role)
    elif m >= 5 and draw < 0.25:
        root = Scene(board, 'split')
        need(root, 'masterViewController', 'nav')
        need(root, 'detailViewController', 'nav')
    elif m >= 2 and draw < 0.75:
        root = Scene(board, 'nav')
        need(root, 'rootViewController', 'content')
    else:
        root = Scene(board, content())
    while len(board.scenes) < m:
        if pending:
            container, relationship, role = pending.pop(0)
            if role == 'nav' and room() < 1:
                role = 'content'
            child = Scene(board, content() if role == 'content' else role)
            child.relationship_child = True
            Segue(container, child, 'relationship', relationship)
            if role == 'nav':
                pending.insert(0, (child, 'rootViewController', 'content'))
            continue
        sources = [s for s in board.scenes if s.role in CONTENT]
        src = rng.choice(sources)
        draw = rng.random()
        if draw < ref_rate:
            role = 'placeholder'
        elif draw < ref_rate + link_rate:
            role = 'link'
        elif draw < ref_rate + link_rate + 0.1 and room() >= 2:
            role = 'nav'  # a modal flow in its own navigation controller
        else:
            role = content()
        dst = Scene(board, role)
        if role == 'nav':
            need(dst, 'rootViewController', 'content')
            kind = 'presentation'
        elif role == 'link':
            kind = 'custom'  # RBStoryboardLink's own segue classes
        elif role == 'placeholder':
            kind = rng.choice(['show', 'show', 'presentation'])
        elif src.role == 'vc' and rng.random() < 0.1:
            kind = 'embed'
        else:
            kind = weighted(rng, KINDS)
        Segue(src, dst, kind)
    # Shortcuts between screens of the file, and unwinds back to where a flow started.
    screens = [s for s in board.scenes if s.role in CONTENT]
    for src in screens:
        if rng.random() < 0.18:
            others = [s for s in board.scenes if s is not src and s.role not in ('tab', 'split')]
            if others:
                Segue(src, rng.choice(others), rng.choice(['show', 'show', 'presentation']))
        if rng.random() < 0.08:
            Segue(src, None, 'unwind')


def make_room_for_references(rng, boards, wanted_slots, wanted_placeholders):
    """Turns leaf screens into storyboard references until K + E links can be planted (E of them references)."""
    def slots():
        return [s for b in boards for s in b.scenes if s.role in ('placeholder', 'link')]
    leaves = [s for b in boards for s in b.scenes
              if s.role in CONTENT and not s.segues and not s.relationship_child and s.index > 0]
    rng.shuffle(leaves)
    while (len(slots()) < wanted_slots or sum(s.role == 'placeholder' for s in slots()) < wanted_placeholders) \
            and leaves:
        leaves.pop().role = 'placeholder'
    if len(slots()) < wanted_slots or sum(s.role == 'placeholder' for s in slots()) < wanted_placeholders:
        sys.exit(f'gen-app: the app has no room for {wanted_slots} broken or external links; plant fewer')


def name_scenes(rng, board, ids, class_names):
    """Object ids, classes (unique in the app, so code links start at one scene), titles and Storyboard IDs."""
    stem = board.name.replace(' ', '')
    taken = set()
    for scene in board.scenes:
        scene.oid, scene.scene_id = ids(), ids()
        screen = rng.choice(SCREENS)
        if scene.role in CONTENT:
            tail = {'vc': 'ViewController', 'table': 'TableViewController', 'collection': 'CollectionViewController'}
            # The first screen always has a class: it is where the file's unwinds are implemented.
            first = scene is next((s for s in board.scenes if s.role in CONTENT), None)
            if first or rng.random() < 0.85:
                cls, k = f'{stem}{screen}{tail[scene.role]}', 2
                while cls in class_names:
                    cls, k = f'{stem}{screen}{k}{tail[scene.role]}', k + 1
                class_names.add(cls)
                scene.cls = cls
            scene.title = screen if rng.random() < 0.4 else None
        elif scene.role == 'tab' and rng.random() < 0.5:
            scene.cls = f'{stem}TabBarController'
        elif scene.role == 'nav' and rng.random() < 0.3:
            scene.cls = 'BaseNavigationController'
        elif scene.role == 'link':
            scene.cls = 'RBStoryboardLink'
        chance = {'placeholder': 0.0, 'link': 0.0}.get(scene.role, 0.45 if scene.role in CONTENT else 0.2)
        if scene.index == 0 or rng.random() < chance:
            base = (scene.cls or f'{stem}{screen}').replace('ViewController', '').replace('Controller', '')
            sbid, k = base, 2
            while sbid in taken:
                sbid, k = f'{base}{k}', k + 1
            taken.add(sbid)
            scene.sbid = sbid


# ---------------------------------------------------------------- links between storyboards

def plan_references(rng, boards, unresolved, external, names):
    """Every reference and runtime link resolves, except `unresolved` broken ones and `external` other-bundle ones."""
    slots = [s for b in boards for s in b.scenes if s.role in ('placeholder', 'link')]
    placeholders = [s for s in slots if s.role == 'placeholder']
    outside = set(rng.sample(placeholders, external))
    broken = set(rng.sample([s for s in slots if s not in outside], unresolved))
    lowered = {n.lower() for n in names}
    for scene in slots:
        if scene in outside:
            kit = rng.choice(KITS)
            scene.ref = dict(name=kit, ident=rng.choice([None, f'{kit}Root']), bundle=f'com.example.{kit}',
                             state='external', why='other bundle')
        elif scene in broken:
            target = rng.choice([b for b in boards if b is not scene.board] or boards)
            if rng.random() < 0.5:
                missing = f'{rng.choice(FEATURES)}Legacy'
                while missing.lower() in lowered:
                    missing += 'Old'
                scene.ref = dict(name=missing, ident=rng.choice([None, 'Start']), state='unresolved',
                                 why='missing storyboard', code='unknown-storyboard')
            else:
                have = {s.sbid for s in target.scenes}
                missing = f'Removed{rng.choice(SCREENS)}'
                while missing in have:
                    missing += 'X'
                scene.ref = dict(name=target.name, ident=missing, state='unresolved', why='missing identifier',
                                 code='unknown-identifier')
        else:
            scene.ref = resolved_target(rng, boards, scene.board)
            scene.ref['state'] = 'resolved'


def resolved_target(rng, boards, home):
    """A real scene of another storyboard: by Storyboard ID, or the initial scene."""
    others = [b for b in boards if b is not home] or boards
    if rng.random() < 0.55:
        target = rng.choice(others)
        scenes = [s for s in target.scenes if s.sbid and s.role not in ('placeholder', 'link')]
        if scenes:
            return dict(name=target.name, ident=rng.choice(scenes).sbid)
    initial = [b for b in others if b.initial] or [boards[0]]
    return dict(name=rng.choice(initial).name, ident=None)


def finish_segues(rng, board):
    """Identifiers, classes, unwind actions, legacy kinds, and the object that fires each segue."""
    for scene in board.scenes:
        for segue in scene.segues:
            kind = segue.kind
            if segue.dst is not None and kind == 'relationship':
                if segue.relationship == 'viewControllers':
                    segue.dst.icon = rng.choice(ICONS)
                segue.dst.in_nav = scene.role == 'nav'
            elif segue.dst is not None and kind in ('show', 'showDetail') and scene.in_nav:
                segue.dst.in_nav = True
            if kind == 'custom':
                segue.custom = 'RBStoryboardPushSegue' if segue.dst.role == 'link' else \
                    rng.choice(['FadeSegue', 'CardPresentationSegue', 'ReplaceRootSegue'])
            elif kind == 'unwind':
                segue.unwind = f'unwindTo{board.name.replace(" ", "")}' + rng.choice(['WithSegue:', ':'])
            if kind not in ('relationship', 'unwind', 'embed') and rng.random() < 0.45:
                segue.ident = f'{kind}{rng.choice(SCREENS)}'
            if kind == 'relationship':
                segue.owner = 'controller'
            elif kind == 'embed':
                segue.owner = 'container'
            elif kind == 'unwind':
                segue.owner = rng.choice(['bar', 'bar', 'button'])
            else:
                owners = [('button', 45), ('bar', 15), ('manual', 10), ('tap', 5)]
                if scene.role in ('table', 'collection'):
                    owners.append(('cell', 55))
                segue.owner = weighted(rng, owners)
                if segue.owner == 'manual' and segue.ident is None:
                    segue.ident = f'{kind}{rng.choice(SCREENS)}'  # a manual segue only runs from code
            segue.peek = kind == 'show' and segue.owner == 'cell' and rng.random() < 0.3
            if kind == 'show' and rng.random() < 0.04:
                segue.action = f'make{rng.choice(SCREENS)}WithCoder:sender:'
            if board.legacy and kind in LEGACY:
                segue.kind = LEGACY[kind]


# ---------------------------------------------------------------- sizes

def lognormal(rng, median, sigma):
    return median * math.exp(rng.gauss(0.0, sigma))


def plan_bulk(rng, board, size_model, median_kb):
    screens = [s for s in board.scenes if s.role in CONTENT]
    if not screens:
        return
    if size_model == 'scene':
        for scene in screens:
            scene.bulk = int(min(90_000, lognormal(rng, 5000, 1.0)))
        return
    # A file's skeleton (scenes, segues, navigation items) is about 1.6 KB a scene; the rest of its size is bulk.
    spare = max(0.0, lognormal(rng, median_kb * 1024, 0.55) - 1600 * len(board.scenes))
    weights = [lognormal(rng, 1.0, 0.8) for _ in screens]
    for scene, weight in zip(screens, weights):
        scene.bulk = int(spare * weight / sum(weights))




def main():
    summary, details = __doc__.split('\n\n', 1)
    ap = argparse.ArgumentParser(description=summary.splitlines()[0], epilog=details,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--storyboards', type=int, required=True)
    ap.add_argument('--scenes-per', type=int, required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--unresolved', type=int, default=0, help='broken references and runtime links to plant')
    ap.add_argument('--external', type=int, default=0, help='references into another bundle')
    ap.add_argument('--size-model', choices=['file', 'scene'], default='file')
    ap.add_argument('--median-kb', type=float, default=40.0, help='median file size (--size-model file)')
    ap.add_argument('--layout', choices=['nested', 'flat'], default='nested')
    ap.add_argument('--ref-rate', type=float, default=0.08, help='share of added scenes that are references')
    ap.add_argument('--link-rate', type=float, default=0.02, help='share of added scenes that are RBStoryboardLinks')
    ap.add_argument('--code', action='store_true', help='write Swift sources that load and link storyboards')
    ap.add_argument('--code-broken', type=int, default=0, help='broken calls to plant in the Swift sources')
    a = ap.parse_args()
    if a.storyboards < 1 or a.scenes_per < 1:
        sys.exit('gen-app: need --storyboards >= 1 and --scenes-per >= 1')
    if a.code_broken and not a.code:
        sys.exit('gen-app: --code-broken needs --code')
    if os.path.exists(a.out) and os.listdir(a.out):
        sys.exit(f'gen-app: {a.out} exists and is not empty')

    stream = lambda purpose: random.Random(f'sbmap-gen-app/{a.seed}/{purpose}')
    rng = stream('plan')
    names = board_names(stream('names'), a.storyboards)
    boards = []
    for index, name in enumerate(names):
        folder = '' if a.layout == 'flat' else ('App/Base.lproj' if index == 0 else
                                                f'App/{GROUPS[index % len(GROUPS)]}/{name.replace(" ", "")}'
                                                + ('/Base.lproj' if rng.random() < 0.3 else ''))
        board = Board(index, name, os.path.join(folder, f'{name}.storyboard'))
        board.initial = index == 0 or rng.random() < 0.85
        board.legacy = index > 0 and rng.random() < 0.04
        board.xcode = rng.choice(XCODES)
        plan_scenes(rng, board, a.scenes_per, a.ref_rate, a.link_rate)
        boards.append(board)
    make_room_for_references(rng, boards, a.unresolved + a.external, a.external)
    class_names = set()
    for board in boards:
        name_scenes(rng, board, Ids(stream(f'ids/{board.index}')), class_names)
    plan_references(rng, boards, a.unresolved, a.external, names)
    for board in boards:
        finish_segues(stream(f'segues/{board.index}'), board)
        plan_bulk(stream(f'bulk/{board.index}'), board, a.size_model, a.median_kb)

    os.makedirs(a.out, exist_ok=True)
    sizes = []
    for board in boards:
        writer = StoryboardWriter(stream(f'emit/{board.index}'), board)
        sizes.append(write(a.out, board.path, writer.document()))
    plist = 'Info.plist' if a.layout == 'flat' else 'App/Info.plist'
    write(a.out, plist, INFO_PLIST.format(main=boards[0].name))
    planted_code, code_links = [], dict(resolved=0, unresolved=0)
    if a.code:
        planted_code, code_links = write_code(stream('code'), boards, a.code_broken, a.out, write)
    expected = expectations(a, boards, sizes, plist, planted_code, code_links)
    write(a.out, 'EXPECTED.json', json.dumps(expected, indent=1) + '\n')
    print(json.dumps(dict(out=a.out, **{k: expected['oracle'][k] for k in ('storyboards', 'scenes', 'segues')},
                          bytes=expected['bytes']['total'])))


def board_names(rng, n):
    """`Main` first, then feature names, then feature + variant, then numbered; a few with a space, as in real apps."""
    pool = FEATURES[1:]
    combos = [f + v for v in VARIANTS for f in FEATURES[1:]]
    rng.shuffle(pool)
    rng.shuffle(combos)
    names, k = ['Main'], 0
    while len(names) < n:
        everything = pool + combos
        name = everything[k] if k < len(everything) else f'{everything[k % len(everything)]}{k // len(everything) + 1}'
        k += 1
        if rng.random() < 0.02:
            name = f'{rng.choice(["New", "My", "Quick"])} {name}'
        if name.lower() not in {x.lower() for x in names}:
            names.append(name)
    return names


def write(root, relative, text):
    path = os.path.join(root, relative)
    os.makedirs(os.path.dirname(path) or '.', exist_ok=True)
    data = text.encode('utf-8')
    with open(path, 'wb') as f:
        f.write(data)
    return len(data)


INFO_PLIST = '''<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleDevelopmentRegion</key>
	<string>$(DEVELOPMENT_LANGUAGE)</string>
	<key>CFBundleExecutable</key>
	<string>$(EXECUTABLE_NAME)</string>
	<key>CFBundleIdentifier</key>
	<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
	<key>CFBundlePackageType</key>
	<string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
	<key>UIMainStoryboardFile</key>
	<string>{main}</string>
	<key>UIRequiredDeviceCapabilities</key>
	<array>
		<string>armv7</string>
	</array>
</dict>
</plist>
'''


def expectations(a, boards, sizes, plist, planted_code, code_links):
    scenes = [s for b in boards for s in b.scenes]
    kinds = {}
    for scene in scenes:
        for segue in scene.segues:
            kinds[segue.kind] = kinds.get(segue.kind, 0) + 1
    by_state = lambda role: count_by(s.ref['state'] for s in scenes if s.role == role)
    links = count_by(s.ref['state'] for s in scenes if s.ref)
    findings = count_by([s.ref['code'] for s in scenes if s.ref and s.ref.get('code')]
                        + ['external-bundle'] * a.external + [p['code'] for p in planted_code])
    levels = dict(error=sum(n for c, n in findings.items() if c != 'external-bundle'),
                  warning=findings.get('external-bundle', 0), note=0)
    ordered = sorted(sizes)
    quantile = lambda q: ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1)))]
    return dict(
        oracle=dict(
            storyboards=len(boards), scenes=len(scenes), segues=sum(kinds.values()),
            segue_kinds=dict(sorted(kinds.items())), references=by_state('placeholder'),
            runtime_links=by_state('link'),
            cross_file_links=dict(total=sum(links.values()), resolved=links.get('resolved', 0),
                                  unresolved=links.get('unresolved', 0), external=links.get('external', 0)),
            code_links=dict(total=code_links['resolved'] + code_links['unresolved'], **code_links),
            entry_points=[dict(storyboard=boards[0].name, key='UIMainStoryboardFile', declaredIn=plist)],
            findings=findings, levels=levels,
            check_exit=1 if levels['error'] else 0),
        params={k.replace('-', '_'): v for k, v in sorted(vars(a).items()) if k != 'out'},
        roles=count_by(s.role for s in scenes),
        storyboards_with_initial_scene=sum(b.initial for b in boards),
        legacy_storyboards=sum(b.legacy for b in boards),
        bytes=dict(total=sum(sizes), min=ordered[0], median=quantile(0.5), max=ordered[-1]),
        unresolved=[dict(file=s.board.path, id=s.oid, via='reference' if s.role == 'placeholder' else
                         'runtime-attributes', state=s.ref['state'], storyboardName=s.ref['name'],
                         identifier=s.ref.get('ident'), why=s.ref['why'])
                    for s in scenes if s.ref and s.ref['state'] != 'resolved'],
        planted_code=planted_code,
    )


def count_by(values):
    counts = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return dict(sorted(counts.items()))


if __name__ == '__main__':
    main()
