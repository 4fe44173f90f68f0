import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// Issue 30, maps that read as figures: a PNG has no tooltip to rescue a lost name, so a label keeps every word of a
/// long identifier (broken at its humps over lines), and links a reader cannot tell apart are one edge with `×N`.
@Suite struct FigureLabelTests {
    typealias S = SampleGraphs
    static let path = "App/Main.storyboard"

    /// The text a group draws, its lines joined with nothing between them (a word broken at a hump reads whole).
    static func joined(_ group: XMLElement) -> String {
        SVG.texts(group).joined().replacing(" ", with: "")
    }

    @Test func longSelectorsAndIdentifiersKeepEveryWord() throws {
        let path = Self.path
        let list = S.scene(path, "LST-01", customClass: "ItemListViewController", initial: true)
        let detail = S.scene(path, "DTL-01", customClass: "ItemDetailViewController", line: 30)
        let exit = Node(id: Node.exitID(storyboard: path, action: "unwindToItemListViewControllerWithSegue:"),
                        storyboard: path, objectID: nil, element: "exit", role: .exit,
                        label: "unwindToItemListViewControllerWithSegue:",
                        unwindAction: "unwindToItemListViewControllerWithSegue:")
        let action = "makeItemDetailViewControllerWithCoder:sender:segueIdentifier:"
        let ident = "showItemDetailViewControllerFromTheListSegue"
        let graph = StoryboardGraph(
            storyboards: [Storyboard(path: path, name: "Main", platform: .iOS, initialScene: list.id)],
            nodes: [list, detail, exit],
            edges: [S.edge(path, "e1", list, detail, .show, identifier: ident, selector: action),
                    S.edge(path, "e2", detail, exit, .unwind, unwindAction: "unwindToItemListViewControllerWithSegue:")])
        let svg = try SVG.render(graph)
        // The exit: every part of its selector, none cut (no `…`).
        let exitNode = try #require(SVG.groups(svg.doc, "node", "exit").first)
        #expect(Self.joined(exitNode).contains("Exit:unwindToItemListViewControllerWithSegue:"), "\(SVG.texts(exitNode))")
        #expect(SVG.texts(exitNode).count >= 2, "a selector longer than a line is broken over lines")
        #expect(!SVG.texts(exitNode).joined().contains("…"))
        // The segue: its identifier and its @IBSegueAction, whole.
        let segue = try #require(SVG.groups(svg.doc, "edge", "segue-action").first)
        let text = Self.joined(segue)
        #expect(text.contains(ident), "\(SVG.texts(segue))")
        #expect(text.contains(action), "\(SVG.texts(segue))")
        #expect(!SVG.texts(segue).joined().contains("…"))
        #expect(SVG.texts(segue).allSatisfy { $0.count <= 42 }, "each line within the theme's max-length (and its prefix)")
    }

    @Test func aLongStoryboardNameIsTheBoxTitleWhole() throws {
        let path = "App/NotificationServiceExtensionOnboardingInterface.storyboard"
        let a = S.scene(path, "AAA-01", customClass: "OnboardingViewController", initial: true)
        let graph = StoryboardGraph(
            storyboards: [Storyboard(path: path, name: "NotificationServiceExtensionOnboardingInterface", platform: .iOS,
                                     initialScene: a.id)],
            nodes: [a], edges: [])
        let svg = try SVG.render(graph)
        let box = try #require(SVG.groups(svg.doc, "cluster", "storyboard").first)
        #expect(Self.joined(box).contains("NotificationServiceExtensionOnboardingInterface"), "\(SVG.texts(box))")
    }

    /// Provenance's iCade screen: the target's name takes two lines, and the reason, which names it again, was left
    /// one (`✗ no scene with storyboard ID…`). The reason has lines of its own now, and keeps every word.
    @Test func anUnresolvedTargetKeepsItsWholeReason() throws {
        let path = Self.path
        let scene = S.scene(path, "AAA-01", customClass: "ControllerSettingsViewController", initial: true)
        let code = Node(id: Node.codeID(type: "ICadeControllerView"), storyboard: nil, objectID: nil, element: "code",
                        role: .code, customClass: "ICadeControllerView", label: "ICadeControllerView")
        let reason = "no scene with storyboard ID 'PViCadeControllerViewController' in 'Settings'"
        let target = Node(id: Node.codeTargetID(storyboard: "Settings", identifier: "PViCadeControllerViewController"),
                          storyboard: nil, objectID: nil, element: "code-target", role: .codeTarget,
                          label: "PViCadeControllerViewController",
                          link: LinkTarget(mechanism: .code, storyboardName: "Settings",
                                           identifier: "PViCadeControllerViewController"),
                          resolution: Resolution(state: .unresolved, reason: reason))
        let graph = StoryboardGraph(
            storyboards: [Storyboard(path: path, name: "Settings", platform: .iOS, initialScene: scene.id)],
            nodes: [scene, code, target],
            edges: [Edge(id: "code-1", from: code.id, to: target.id, kind: .code, identifier: "PViCadeControllerViewController")])
        let svg = try SVG.render(graph)
        let node = try #require(SVG.groups(svg.doc, "node", "code-target").first)
        let lines = SVG.texts(node)
        #expect(!lines.joined().contains("…"), "\(lines)")
        let text = lines.joined(separator: " ")
        for word in ["Settings", "PViCadeControllerViewController", "no", "scene", "with", "storyboard", "ID", "in", "'Settings'"] {
            #expect(text.contains(word), "\(word): \(lines)")
        }
    }

    @Test func parallelLinksAlikeAreOneEdgeWithACount() throws {
        let path = Self.path
        let list = S.scene(path, "LST-01", customClass: "ListViewController", initial: true)
        let detail = S.scene(path, "DTL-01", customClass: "DetailViewController", line: 30)
        let other = S.scene(path, "OTH-01", customClass: "OtherViewController", line: 40)
        // Four cells with the same segue; two buttons with an unnamed segue each; one segue named otherwise.
        let named = (1...4).map { S.edge(path, "c\($0)", list, detail, .show, identifier: "showDetail", line: 20 + $0) }
        let unnamed = (1...2).map { S.edge(path, "b\($0)", list, other, .presentation, line: 30 + $0) }
        let single = S.edge(path, "s1", list, detail, .show, identifier: "showDetailAgain", line: 40)
        let graph = StoryboardGraph(
            storyboards: [Storyboard(path: path, name: "Main", platform: .iOS, initialScene: list.id)],
            nodes: [list, detail, other], edges: named + unnamed + [single])
        let svg = try SVG.render(graph)
        let edges = SVG.groups(svg.doc, "edge").filter { !(SVG.attr($0, "class") ?? "").contains("marker") }
        let shows = edges.filter { SVG.texts($0).contains("showDetail") }
        #expect(shows.count == 1, "four alike segues are one edge")
        #expect(shows.first.map(SVG.texts) == ["showDetail", "×4"])
        #expect(shows.first.flatMap(SVG.tooltip)?.contains("4 links alike") == true)
        let presents = edges.filter { (SVG.attr($0, "class") ?? "").split(separator: " ").contains("presentation") }
        #expect(presents.count == 1, "two unnamed segues alike are one edge")
        #expect(presents.first.map(SVG.texts) == ["×2"])
        // A segue that differs in its label stays an edge of its own, without a count.
        let again = edges.filter { SVG.texts($0).contains("showDetailAgain") }
        #expect(again.count == 1)
        #expect(again.first.map(SVG.texts) == ["showDetailAgain"])
    }

    /// Two storyboards of one name in deep folders: the overview's nodes, a focus map's stub and the full map's boxes
    /// draw the name, then its path broken after its `/`, with the whole file name and nothing cut.
    @Test func aRepeatedNamesDeepPathIsDrawnWholeBrokenAtItsSlashes() throws {
        let p1 = "Apps/NotificationServiceExtension/Resources/Base.lproj/MainInterface.storyboard"
        let p2 = "Apps/ShareExtensionForTheWholeFamily/Resources/Base.lproj/MainInterface.storyboard"
        let a = S.scene(p1, "AAA-01", customClass: "NotificationViewController", initial: true)
        let b = S.scene(p2, "BBB-01", customClass: "ShareViewController", initial: true)
        let graph = StoryboardGraph(
            storyboards: [Storyboard(path: p1, name: "MainInterface", platform: .iOS, initialScene: a.id),
                          Storyboard(path: p2, name: "MainInterface", platform: .iOS, initialScene: b.id)],
            nodes: [a, b], edges: [])
        let overview = try SVG.render(OverviewView.make(graph))
        let nodes = SVG.groups(overview.doc, "node", "storyboard")
        #expect(nodes.count == 2)
        for (node, folder) in zip(nodes.sorted { Self.joined($0) < Self.joined($1) },
                                  ["NotificationServiceExtension/", "ShareExtensionForTheWholeFamily/"]) {
            let lines = SVG.texts(node)
            #expect(lines.first == "MainInterface", "\(lines)")
            #expect(lines.contains { $0.hasPrefix("(" + folder) }, "the path on a line of its own: \(lines)")
            #expect(lines.joined().contains("/Resources/Base.lproj/MainInterface.storyboard)"), "the path whole: \(lines)")
            #expect(lines.contains { $0.hasPrefix("MainInterface.storyboard") || $0.hasSuffix("/MainInterface.storyboard)") },
                    "the file name whole on a line: \(lines)")
            #expect(!lines.joined().contains("…"), "\(lines)")
            #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
        }
        // A scene named in code that the second file lacks: drawn in its box, the path on lines of its own.
        let code = Node(id: Node.codeID(type: "SharePresenter"), storyboard: nil, objectID: nil, element: "code",
                        role: .code, customClass: "SharePresenter", label: "SharePresenter")
        let target = Node(id: Node.codeTargetID(storyboard: "MainInterface", identifier: "licensesViewController"),
                          storyboard: p2, objectID: nil, element: "code-target", role: .codeTarget,
                          label: "licensesViewController",
                          link: LinkTarget(mechanism: .code, storyboardName: "MainInterface", identifier: "licensesViewController"),
                          resolution: Resolution(state: .unresolved, reason: "no scene with storyboard ID 'licensesViewController' in "
                                                     + "'MainInterface (Family/Resources/Base.lproj/MainInterface.storyboard)'"))
        var withCode = graph
        withCode.nodes += [code, target]
        withCode.edges.append(Edge(id: "code-1", from: code.id, to: target.id, kind: .code, identifier: "licensesViewController"))
        let full = try SVG.render(withCode)
        let targetLines = try SVG.texts(#require(SVG.groups(full.doc, "node", "code-target").first))
        #expect(targetLines.first?.hasSuffix("MainInterface") == true, "\(targetLines)")
        #expect(targetLines.joined().contains("(ShareExtensionForTheWholeFamily/Resources/Base.lproj/MainInterface.storyboard)"),
                "\(targetLines)")
        #expect(targetLines.joined().contains("(Family/Resources/Base.lproj/MainInterface.storyboard)'"),
                "the reason keeps the path it names: \(targetLines)")
        #expect(targetLines.contains("› licensesViewController"), "\(targetLines)")
        #expect(!targetLines.joined().contains("…"), "\(targetLines)")
        for box in SVG.groups(full.doc, "cluster", "storyboard") {
            let lines = SVG.texts(box)
            #expect(lines.joined().contains("/Resources/Base.lproj/MainInterface.storyboard"), "\(lines)")
            #expect(lines.contains { $0.hasPrefix("MainInterface.storyboard") || $0.hasSuffix("/MainInterface.storyboard") },
                    "\(lines)")
            #expect(!lines.joined().contains("…"), "\(lines)")
        }
    }

    @Test func aPathBreaksAfterItsSlashesAndIsCutOnlyWhereItDoesNotFitKeepingItsStart() {
        #expect(TextSafety.pathLines("Share/Resources/Base.lproj/MainInterface.storyboard", width: 30)
            == ["Share/Resources/Base.lproj/", "MainInterface.storyboard"])
        // A folder longer than a line breaks at its humps; what does not fit in two lines is cut at the end.
        #expect(TextSafety.pathLines("NotificationServiceExtensionTarget/Base.lproj/Main.storyboard", width: 20)
            == ["NotificationService", "ExtensionTarget/…"])
        #expect(TextSafety.pathLines("A/B.storyboard", width: 40) == ["A/B.storyboard"])
    }
}
