"""The writers of scripts/gen-app.py: storyboard XML as Xcode writes it, and the Swift sources of --code.

Kept apart from the planning so that each file reads on its own; nothing here draws a structural decision (which
scenes, which segues, which links): only how they are written, and the view bulk that gives files their size.
"""
import os
from xml.sax.saxutils import escape, quoteattr

LABELS = ['Title', 'Subtitle', 'Welcome back', 'No results', 'Loading…', 'Terms & Conditions', 'Tap to continue']
BUTTONS = ['Continue', 'Next', 'Open', 'Details', 'Sign In', 'Edit', 'More', 'Done']
COLORS = {
    'systemBackgroundColor': '<color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>',
    'labelColor': '<color white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>',
    'systemGroupedBackgroundColor': '<color red="0.94901960784313721" green="0.94901960784313721" blue="0.96862745098039216" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>',
}
ELEMENT = {'tab': 'tabBarController', 'nav': 'navigationController', 'split': 'splitViewController',
           'vc': 'viewController', 'table': 'tableViewController', 'collection': 'collectionViewController',
           'link': 'viewController', 'placeholder': 'viewControllerPlaceholder'}
class Ids:
    """Xcode-shaped object ids (`aB3-xY-z9Q`), unique within one storyboard."""
    ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

    def __init__(self, rng):
        self.rng, self.used = rng, set()

    def __call__(self):
        while True:
            pick = lambda n: ''.join(self.rng.choice(self.ALPHABET) for _ in range(n))
            value = f'{pick(3)}-{pick(2)}-{pick(3)}'
            if value not in self.used:
                self.used.add(value)
                return value


ROLE_LABEL = {'tab': 'Tab Bar Controller', 'nav': 'Navigation Controller', 'split': 'Split View Controller',
              'placeholder': 'Storyboard Reference', 'link': 'Storyboard Link', 'vc': 'View Controller',
              'table': 'Table View Controller', 'collection': 'Collection View Controller'}


class StoryboardWriter:
    def __init__(self, rng, board):
        self.rng, self.board, self.ids = rng, board, Ids(rng)
        self.ids.used.update(s.oid for s in board.scenes)
        self.ids.used.update(s.scene_id for s in board.scenes)
        self.lines, self.size, self.colors, self.images, self.written = [], 0, set(), set(), []

    def w(self, depth, text):
        line = '    ' * depth + text
        self.lines.append(line)
        self.size += len(line) + 1

    # ---- the document
    def document(self):
        b = self.board
        tools, plugin, device = b.xcode
        initial = f' initialViewController="{b.scenes[0].oid}"' if b.initial else ''
        if b.legacy:
            self.w(0, '<?xml version="1.0" encoding="UTF-8" standalone="no"?>')
            self.w(0, '<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="6254" systemVersion="14C109" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none"' + initial + '>')
            self.w(1, '<dependencies>')
            self.w(2, '<plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="6247"/>')
            self.w(1, '</dependencies>')
        else:
            self.w(0, '<?xml version="1.0" encoding="UTF-8"?>')
            self.w(0, f'<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="{tools}" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES"{initial}>')
            self.w(1, f'<device id="{device}" orientation="portrait" appearance="light"/>')
            self.w(1, '<dependencies>')
            self.w(2, '<deployment identifier="iOS"/>')
            self.w(2, f'<plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="{plugin}"/>')
            self.w(2, '<capability name="Safe area layout guides" minToolsVersion="9.0"/>')
            self.w(2, '<capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>')
            self.w(1, '</dependencies>')
        self.w(1, '<scenes>')
        for scene in b.scenes:
            self.scene(scene)
        self.w(1, '</scenes>')
        if self.written and self.rng.random() < 0.3:  # auto-layout tie-breakers point back at segues: not segues
            self.w(1, '<inferredMetricsTieBreakers>')
            for oid in sorted(self.rng.sample(self.written, min(2, len(self.written)))):
                self.w(2, f'<segue reference="{oid}"/>')
            self.w(1, '</inferredMetricsTieBreakers>')
        if (self.colors or self.images) and not b.legacy:
            self.w(1, '<resources>')
            for image in sorted(self.images):
                self.w(2, f'<image name="{image}" catalog="system" width="128" height="128"/>')
            for color in sorted(self.colors):
                self.w(2, f'<systemColor name="{color}">')
                self.w(3, COLORS[color])
                self.w(2, '</systemColor>')
            self.w(1, '</resources>')
        self.w(0, '</document>')
        planned = sum(len(s.segues) for s in b.scenes)
        assert len(self.written) == planned, f'{b.path}: wrote {len(self.written)} segues of {planned}'
        return '\n'.join(self.lines) + '\n'

    def color(self, name):
        self.colors.add(name)
        return f'systemColor="{name}"'

    # ---- segues
    def segue(self, depth, segue, exit_id):
        r = self.rng
        segue.oid = self.ids()
        self.written.append(segue.oid)
        destination = exit_id if segue.kind == 'unwind' else segue.dst.oid
        attrs = [('destination', destination), ('kind', segue.kind)]
        if segue.relationship:
            attrs.append(('relationship', segue.relationship))
        if segue.ident:
            attrs.append(('identifier', segue.ident))
        if segue.custom:
            attrs.append(('customClass', segue.custom))
        if segue.unwind:
            attrs.append(('unwindAction', segue.unwind))
        if segue.kind in ('presentation', 'modal') and r.random() < 0.4:
            attrs.append(('modalPresentationStyle', r.choice(['fullScreen', 'formSheet', 'pageSheet'])))
        if segue.action:
            attrs.append(('destinationCreationSelector', segue.action))
        attrs.append(('id', segue.oid))
        text = ' '.join(f'{k}={quoteattr(v)}' for k, v in attrs)
        if segue.kind == 'popoverPresentation':
            self.w(depth, f'<segue {text}>')
            self.w(depth + 1, '<popoverArrowDirection key="popoverArrowDirection" up="YES" down="YES" left="YES" right="YES"/>')
            self.w(depth, '</segue>')
        elif segue.peek:  # peek and pop: two child segues that are not segues of their own
            self.w(depth, f'<segue {text}>')
            self.w(depth + 1, f'<segue key="commit" inheritsFrom="parent" id="{self.ids()}"/>')
            self.w(depth + 1, f'<segue key="preview" inheritsFrom="commit" id="{self.ids()}"/>')
            self.w(depth, '</segue>')
        else:
            self.w(depth, f'<segue {text}/>')

    def connections(self, depth, segues, exit_id, outlets=()):
        if not segues and not outlets:
            return
        self.w(depth, '<connections>')
        for prop, destination in outlets:
            self.w(depth + 1, f'<outlet property="{prop}" destination="{destination}" id="{self.ids()}"/>')
        for segue in segues:
            self.segue(depth + 1, segue, exit_id)
        self.w(depth, '</connections>')

    # ---- scenes
    def scene(self, s):
        owned = {}
        for segue in s.segues:
            owned.setdefault(segue.owner, []).append(segue)
        exit_id = self.ids() if any(g.kind == 'unwind' for g in s.segues) else None
        label = s.title or s.sbid or s.cls or ROLE_LABEL[s.role]
        self.w(2, f'<!--{escape(label)}-->')
        self.w(2, f'<scene sceneID="{s.scene_id}">')
        self.w(3, '<objects>')
        d = 4
        if s.role == 'placeholder':
            self.placeholder(d, s)
        elif s.role == 'link':
            self.runtime_link(d, s)
        elif s.role in ('tab', 'nav', 'split'):
            self.open(d, s)
            self.bar_item(d + 1, s)
            if s.role == 'tab':
                self.w(d + 1, f'<tabBar key="tabBar" contentMode="scaleToFill" id="{self.ids()}">')
                self.w(d + 2, '<rect key="frame" x="0.0" y="0.0" width="393" height="49"/>')
                self.w(d + 2, '<autoresizingMask key="autoresizingMask"/>')
                self.w(d + 1, '</tabBar>')
            elif s.role == 'nav':
                large = ' largeTitles="YES"' if self.rng.random() < 0.4 else ''
                self.w(d + 1, f'<navigationBar key="navigationBar" contentMode="scaleToFill"{large} id="{self.ids()}">')
                self.w(d + 2, '<rect key="frame" x="0.0" y="59" width="393" height="44"/>')
                self.w(d + 2, '<autoresizingMask key="autoresizingMask"/>')
                self.w(d + 1, '</navigationBar>')
            self.connections(d + 1, owned.get('controller', []), exit_id)
            self.w(d, f'</{ELEMENT[s.role]}>')
        else:
            self.screen(d, s, owned, exit_id)
        self.w(d, f'<placeholder placeholderIdentifier="IBFirstResponder" id="{self.ids()}" userLabel="First Responder" customClass="UIResponder" sceneMemberID="firstResponder"/>')
        if exit_id:
            self.w(d, f'<exit id="{exit_id}" userLabel="Exit" sceneMemberID="exit"/>')
        for segue in owned.get('tap', []):
            self.w(d, f'<tapGestureRecognizer id="{self.ids()}">')
            self.connections(d + 1, [segue], exit_id)
            self.w(d, '</tapGestureRecognizer>')
        self.w(3, '</objects>')
        self.w(3, f'<point key="canvasLocation" x="{120 + 700 * (s.index % 5)}" y="{-180 + 760 * (s.index // 5)}"/>')
        self.w(2, '</scene>')

    def open(self, depth, s, extra=''):
        attrs = []
        if s.title:
            attrs.append(f'title={quoteattr(s.title)}')
        if s.sbid:
            attrs.append(f'storyboardIdentifier={quoteattr(s.sbid)}')
        attrs.append(f'id="{s.oid}"')
        if s.cls:
            attrs.append(f'customClass={quoteattr(s.cls)}')
            if s.cls != 'RBStoryboardLink':
                attrs.append('customModule="SampleApp" customModuleProvider="target"')
        if extra:
            attrs.append(extra)
        attrs.append('sceneMemberID="viewController"')
        self.w(depth, f'<{ELEMENT[s.role]} {" ".join(attrs)}>')

    def bar_item(self, depth, s):
        if s.icon:
            self.images.add(s.icon)
            title = escape(s.title or s.icon.split('.')[0].title())
            self.w(depth, f'<tabBarItem key="tabBarItem" title="{title}" image="{s.icon}" catalog="system" id="{self.ids()}"/>')

    def placeholder(self, d, s):
        ref = s.ref
        attrs = [f'storyboardName={quoteattr(ref["name"])}']
        if ref.get('ident'):
            attrs.append(f'referencedIdentifier={quoteattr(ref["ident"])}')
        if ref.get('bundle'):
            attrs.append(f'bundleIdentifier={quoteattr(ref["bundle"])}')
        attrs += [f'id="{s.oid}"', 'sceneMemberID="viewController"']
        if s.icon or s.in_nav:
            self.w(d, f'<viewControllerPlaceholder {" ".join(attrs)}>')
            if s.icon:
                self.bar_item(d + 1, s)
            else:
                self.w(d + 1, f'<navigationItem key="navigationItem" id="{self.ids()}"/>')
            self.w(d, '</viewControllerPlaceholder>')
        else:
            self.w(d, f'<viewControllerPlaceholder {" ".join(attrs)}/>')

    def runtime_link(self, d, s):
        """An RBStoryboardLink scene: a plain view controller whose runtime attributes name the target."""
        self.open(d, s)
        self.w(d + 1, f'<view key="view" contentMode="scaleToFill" id="{self.ids()}">')
        self.w(d + 2, '<rect key="frame" x="0.0" y="0.0" width="393" height="852"/>')
        self.w(d + 2, '<autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>')
        self.w(d + 1, '</view>')
        self.w(d + 1, f'<navigationItem key="navigationItem" id="{self.ids()}"/>')
        self.w(d + 1, '<userDefinedRuntimeAttributes>')
        self.w(d + 2, f'<userDefinedRuntimeAttribute type="string" keyPath="storyboardName" value={quoteattr(s.ref["name"])}/>')
        if s.ref.get('ident'):
            self.w(d + 2, f'<userDefinedRuntimeAttribute type="string" keyPath="sceneIdentifier" value={quoteattr(s.ref["ident"])}/>')
        self.w(d + 1, '</userDefinedRuntimeAttributes>')
        self.w(d, f'</{ELEMENT[s.role]}>')

    def screen(self, d, s, owned, exit_id):
        """A content scene: its view (subviews, or cells) up to its bulk, its navigation item, its manual segues."""
        self.open(d, s)
        view_id = self.ids()
        buttons = owned.get('button', []) + owned.get('container', [])
        if s.role == 'vc':
            self.w(d + 1, f'<view key="view" contentMode="scaleToFill" id="{view_id}">')
            self.w(d + 2, '<rect key="frame" x="0.0" y="0.0" width="393" height="852"/>')
            self.w(d + 2, '<autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>')
            constraints = self.subviews(d + 2, view_id, s.bulk, buttons, exit_id)
            self.w(d + 2, f'<viewLayoutGuide key="safeArea" id="{self.ids()}"/>')
            self.w(d + 2, f'<color key="backgroundColor" {self.color("systemBackgroundColor")}/>')
            self.constraints(d + 2, constraints)
            self.w(d + 1, '</view>')
        else:
            self.cells(d + 1, s, view_id, owned.get('cell', []), buttons, exit_id)
        self.bar_item(d + 1, s)
        bars = owned.get('bar', [])
        if bars or s.in_nav:
            title = quoteattr(s.title or (s.cls or 'Title').replace('ViewController', ''))
            if not bars:
                self.w(d + 1, f'<navigationItem key="navigationItem" title={title} id="{self.ids()}"/>')
            else:
                self.w(d + 1, f'<navigationItem key="navigationItem" title={title} id="{self.ids()}">')
                self.w(d + 2, '<rightBarButtonItems>')
                for segue in bars:
                    self.w(d + 3, f'<barButtonItem systemItem="{self.rng.choice(["add", "done", "edit", "action"])}" id="{self.ids()}">')
                    self.connections(d + 4, [segue], exit_id)
                    self.w(d + 3, '</barButtonItem>')
                self.w(d + 2, '</rightBarButtonItems>')
                self.w(d + 1, '</navigationItem>')
        self.connections(d + 1, owned.get('manual', []), exit_id)
        self.w(d, f'</{ELEMENT[s.role]}>')

    def cells(self, d, s, view_id, cell_segues, buttons, exit_id):
        table = s.role == 'table'
        if table:
            style = self.rng.choice(['plain', 'grouped', 'insetGrouped'])
            self.w(d, f'<tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="{style}" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="{view_id}">')
        else:
            self.w(d, f'<collectionView key="view" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" dataMode="prototypes" id="{view_id}">')
        self.w(d + 1, '<rect key="frame" x="0.0" y="0.0" width="393" height="852"/>')
        self.w(d + 1, '<autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>')
        self.w(d + 1, f'<color key="backgroundColor" {self.color("systemGroupedBackgroundColor" if table else "systemBackgroundColor")}/>')
        if not table:
            self.w(d + 1, f'<collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" minimumInteritemSpacing="10" id="{self.ids()}">')
            self.w(d + 2, '<size key="itemSize" width="128" height="128"/>')
            self.w(d + 1, '</collectionViewFlowLayout>')
        self.w(d + 1, '<prototypes>' if table else '<cells>')
        start, pending, row = self.size, list(cell_segues), 0
        # One cell per segue a cell fires, the buttons in the first cell, then cells until the bulk is written.
        while row == 0 or pending or self.size - start < s.bulk:
            cell, content = self.ids(), self.ids()
            tag = 'tableViewCell' if table else 'collectionViewCell'
            reuse = f'{self.rng.choice(["Item", "Row", "Detail", "Summary", "Header"])}Cell'
            self.w(d + 2, f'<{tag} clipsSubviews="YES" contentMode="scaleToFill" reuseIdentifier="{reuse}" id="{cell}">')
            self.w(d + 3, f'<rect key="frame" x="0.0" y="{44 * row}" width="393" height="44"/>')
            inner = 'tableViewCellContentView' if table else 'collectionViewCellContentView'
            self.w(d + 3, f'<{inner} key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" id="{content}">')
            self.w(d + 4, '<rect key="frame" x="0.0" y="0.0" width="393" height="44"/>')
            constraints = self.subviews(d + 4, content, min(2500, max(0, s.bulk - (self.size - start)) // 2),
                                        buttons if row == 0 else [], exit_id)
            self.constraints(d + 4, constraints)
            self.w(d + 3, f'</{inner}>')
            self.connections(d + 3, [pending.pop(0)] if pending else [], exit_id)
            self.w(d + 2, f'</{tag}>')
            row += 1
        self.w(d + 1, '</prototypes>' if table else '</cells>')
        self.connections(d + 1, [], exit_id, outlets=[('dataSource', s.oid), ('delegate', s.oid)])
        self.w(d, '</tableView>' if table else '</collectionView>')

    def constraints(self, depth, constraints):
        if constraints:
            self.w(depth, '<constraints>')
            for line in constraints:
                self.w(depth + 1, line)
            self.w(depth, '</constraints>')

    def subviews(self, depth, parent, budget, segues, exit_id):
        """Widgets until `budget` bytes are written; a button (or a container view, for embeds) for each segue."""
        start, constraints, opened = self.size, [], False
        segues = list(segues)
        # The constraints are written after the subviews: count them in the budget as they accumulate.
        while segues or self.size - start + sum(len(c) + 4 * depth + 5 for c in constraints) < budget:
            if not opened:
                self.w(depth, '<subviews>')
                opened = True
            view = self.ids()
            segue = segues.pop(0) if segues else None
            y = self.rng.randint(0, 760)
            if segue is not None and segue.kind == 'embed':
                self.w(depth + 1, f'<containerView opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="{view}">')
                self.w(depth + 2, f'<rect key="frame" x="0.0" y="{y}" width="393" height="200"/>')
                self.connections(depth + 2, [segue], exit_id)
                self.w(depth + 1, '</containerView>')
            elif segue is not None:
                self.button(depth + 1, view, y, [segue], exit_id)
            else:
                self.widget(depth + 1, view, y, exit_id)
            constraints.append(f'<constraint firstItem="{view}" firstAttribute="leading" secondItem="{parent}" secondAttribute="leading" constant="16" id="{self.ids()}"/>')
            constraints.append(f'<constraint firstItem="{view}" firstAttribute="top" secondItem="{parent}" secondAttribute="top" constant="{y}" id="{self.ids()}"/>')
        if opened:
            self.w(depth, '</subviews>')
        return constraints

    def button(self, depth, view, y, segues, exit_id):
        self.w(depth, f'<button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="{view}">')
        self.w(depth + 1, f'<rect key="frame" x="16" y="{y}" width="361" height="35"/>')
        self.w(depth + 1, '<state key="normal" title="Button"/>')
        self.w(depth + 1, f'<buttonConfiguration key="configuration" style="filled" title="{self.rng.choice(BUTTONS)}"/>')
        self.connections(depth + 1, segues, exit_id)
        self.w(depth, '</button>')

    def widget(self, depth, view, y, exit_id):
        r = self.rng
        kind = r.choice(['label', 'label', 'label', 'button', 'image', 'field', 'switch', 'stack'])
        if kind == 'label':
            self.w(depth, f'<label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text={quoteattr(r.choice(LABELS))} textAlignment="natural" lineBreakMode="tailTruncation" numberOfLines="0" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="{view}">')
            self.w(depth + 1, f'<rect key="frame" x="16" y="{y}" width="361" height="20.333333333333332"/>')
            self.w(depth + 1, f'<fontDescription key="fontDescription" type="system" pointSize="{r.choice([13, 15, 17, 22])}"/>')
            self.w(depth + 1, f'<color key="textColor" {self.color("labelColor")}/>')
            self.w(depth + 1, '<nil key="highlightedColor"/>')
            self.w(depth, '</label>')
        elif kind == 'button':
            self.button(depth, view, y, [], exit_id)
        elif kind == 'image':
            self.images.add('photo')
            self.w(depth, f'<imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" image="photo" catalog="system" translatesAutoresizingMaskIntoConstraints="NO" id="{view}">')
            self.w(depth + 1, f'<rect key="frame" x="16" y="{y}" width="64" height="64"/>')
            self.w(depth + 1, '<constraints>')
            self.w(depth + 2, f'<constraint firstAttribute="width" constant="64" id="{self.ids()}"/>')
            self.w(depth + 2, f'<constraint firstAttribute="width" secondItem="{view}" secondAttribute="height" multiplier="1:1" id="{self.ids()}"/>')
            self.w(depth + 1, '</constraints>')
            self.w(depth, '</imageView>')
        elif kind == 'field':
            self.w(depth, f'<textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="{r.choice(["Email", "Password", "Search", "Name"])}" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="{view}">')
            self.w(depth + 1, f'<rect key="frame" x="16" y="{y}" width="361" height="34"/>')
            self.w(depth + 1, '<fontDescription key="fontDescription" type="system" pointSize="14"/>')
            self.w(depth + 1, '<textInputTraits key="textInputTraits" autocorrectionType="no"/>')
            self.w(depth, '</textField>')
        elif kind == 'switch':
            self.w(depth, f'<switch opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="{view}">')
            self.w(depth + 1, f'<rect key="frame" x="310" y="{y}" width="51" height="31"/>')
            self.w(depth, '</switch>')
        else:
            self.w(depth, f'<stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="{view}">')
            self.w(depth + 1, f'<rect key="frame" x="16" y="{y}" width="361" height="48"/>')
            self.w(depth + 1, '<subviews>')
            for _ in range(2):
                self.w(depth + 2, f'<label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Label" textAlignment="natural" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="{self.ids()}">')
                self.w(depth + 3, '<rect key="frame" x="0.0" y="0.0" width="361" height="20"/>')
                self.w(depth + 3, '<fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>')
                self.w(depth + 2, '</label>')
            self.w(depth + 1, '</subviews>')
            self.w(depth, '</stackView>')
