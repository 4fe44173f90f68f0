import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

@Suite struct SVGStructureTests {
    @Test func clustersNodesAndEdgesCarryIDsAndClasses() throws {
        let (_, doc, _) = try SVG.render(SampleGraphs.tabBarApp)
        let clusters = SVG.groups(doc, "cluster", "storyboard")
        #expect(clusters.count == 4)
        #expect(Set(clusters.flatMap { SVG.texts($0) }).isSuperset(of: ["Main", "Feed", "Search", "Settings"]))
        for group in SVG.groups(doc, "node") + SVG.groups(doc, "edge") + clusters {
            let id = try #require(SVG.attr(group, "id"))
            #expect(!id.isEmpty)
            #expect(id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        }
        let ids = (SVG.groups(doc, "node") + SVG.groups(doc, "edge")).compactMap { SVG.attr($0, "id") }
        #expect(Set(ids).count == ids.count, "ids are unique")

        #expect(SVG.groups(doc, "node", "scene", "navigation").count == 3)
        #expect(SVG.groups(doc, "node", "scene", "tab-bar").count == 1)
        #expect(SVG.groups(doc, "node", "scene", "split").count == 1)
        #expect(SVG.groups(doc, "node", "scene", "exit").count == 1)
        #expect(SVG.groups(doc, "node", "code").count == 1)
        #expect(SVG.groups(doc, "node", "scene", "link", "cross-file").count == 1)
        #expect(SVG.groups(doc, "node", "initial").count >= 4)
        #expect(SVG.groups(doc, "edge", "reference", "cross-file").count == 4)
        #expect(SVG.groups(doc, "edge", "presentation").count == 1)
        #expect(SVG.groups(doc, "edge", "popoverPresentation").count == 1)
        #expect(SVG.groups(doc, "edge", "embed").count == 1)
        #expect(SVG.groups(doc, "edge", "unwind").count == 1)
        #expect(SVG.groups(doc, "edge", "custom").count == 1)
        #expect(SVG.groups(doc, "edge", "code").count == 2)
        #expect(SVG.groups(doc, "node", "marker", "entry").count == 1)
    }

    /// A page that shows the map finds each scene in it by the id the render returns for the model's node id.
    @Test func theRenderSaysWhichSVGIDEachModelNodeHas() throws {
        let graph = SampleGraphs.tabBarApp
        let (_, doc, rendered) = try SVG.render(graph)
        let svgNodes = Dictionary(uniqueKeysWithValues: (SVG.groups(doc, "node")).compactMap { g in
            SVG.attr(g, "id").map { ($0, g) }
        })
        #expect(rendered.nodeIDs.count == graph.nodes.count)
        for node in graph.nodes {
            let id = try #require(rendered.nodeIDs[node.id], "no SVG id for \(node.id)")
            let group = try #require(svgNodes[id], "\(id) is not a node of the SVG")
            // Graphviz writes the tooltip into the node's link: the scene's own place is in it.
            if let path = node.location?.path, node.role.isScene {
                #expect(SVG.tooltip(group)?.contains(path) == true)
            }
        }
        #expect(Set(rendered.nodeIDs.values).count == rendered.nodeIDs.count)
    }

    @Test func unresolvedPlaceholderStandsOutWithItsReason() throws {
        let (_, doc, _) = try SVG.render(SampleGraphs.tabBarApp)
        let unresolved = SVG.groups(doc, "node", "unresolved")
        #expect(unresolved.count == 1)
        let node = try #require(unresolved.first)
        let tip = try #require(SVG.tooltip(node))
        #expect(tip.contains("Reason: no storyboard named 'Profile' was scanned"))
        #expect(tip.contains("File: App/Base.lproj/Main.storyboard"))
        #expect(!tip.contains(":42"), "no line in a picture: \(tip)")
        #expect(tip.contains("Role: reference"))
        // Shape, not only colour: an octagon (polygon) with a dashed outline.
        let outlines = SVG.elements(node).filter { $0.name == "polygon" }
        #expect(outlines.count >= 2, "double outline")
        #expect(outlines.contains { SVG.attr($0, "stroke-dasharray") != nil })
        // "✗" stands for "unresolved": the label's room goes to the name that was not found, whole.
        #expect(SVG.texts(node).joined(separator: " ").contains("✗ no storyboard named 'Profile'"))
        #expect(SVG.groups(doc, "node", "external").count == 1)
    }

    @Test func sceneTooltipCarriesClassStoryboardIDAndFile() throws {
        let (_, doc, _) = try SVG.render(SampleGraphs.tabBarApp)
        let post = try #require(SVG.groups(doc, "node", "scene", "plain").first {
            SVG.texts($0).contains("PostDetailViewController")
        })
        let tip = try #require(SVG.tooltip(post))
        #expect(tip.contains("Class: PostDetailViewController"))
        #expect(tip.contains("Storyboard ID: PostDetail"))
        #expect(tip.contains("File: App/Feed/Feed.storyboard"))
        #expect(!tip.contains(":80"), "no line in a picture: \(tip)")
    }

    @Test func segueActionIsShownOnItsEdge() throws {
        let (_, doc, _) = try SVG.render(SampleGraphs.tabBarApp)
        let edge = try #require(SVG.groups(doc, "edge", "segue-action").first)
        #expect(SVG.texts(edge).contains { $0.contains("makePostDetail:") })
    }

    @Test func crossClusterEdgesKeepEveryEdge() throws {
        // Clusters A → B → A through references: a cycle of clusters must not lose edges.
        let a = "A.storyboard", b = "B.storyboard"
        let a1 = SampleGraphs.scene(a, "A1", initial: true), a2 = SampleGraphs.scene(b, "B1", initial: true)
        let refAB = SampleGraphs.reference(a, "RAB", storyboard: "B", resolution: .resolved(a2.id))
        let refBA = SampleGraphs.reference(b, "RBA", storyboard: "A", resolution: .resolved(a1.id))
        let graph = StoryboardGraph(
            storyboards: [Storyboard(path: a, name: "A", platform: .iOS, initialScene: a1.id),
                          Storyboard(path: b, name: "B", platform: .iOS, initialScene: a2.id)],
            nodes: [a1, refAB, a2, refBA],
            edges: [SampleGraphs.edge(a, "e1", a1, refAB, .show), SampleGraphs.link(refAB, a2),
                    SampleGraphs.edge(b, "e2", a2, refBA, .show), SampleGraphs.link(refBA, a1)])
        let (_, doc, out) = try SVG.render(graph)
        #expect(SVG.groups(doc, "edge", "reference").count == 2)
        #expect(SVG.groups(doc, "edge", "show").count == 2)
        #expect(!out.diagnostics.contains { $0.severity == .error })
        // The edge that closes the cycle of clusters leaves the ranking.
        let theme = try BuiltinThemes.theme(named: "default")!
        let dot = String(decoding: try Renderer.render(graph, options: RenderOptions(format: .dot, theme: theme)).data,
                         as: UTF8.self)
        #expect(dot.components(separatedBy: "constraint=false").count == 2)
    }

    @Test func repeatedStoryboardNamesShowTheirPaths() throws {
        let p1 = "Phone/Main.storyboard", p2 = "Pad/Main.storyboard"
        let graph = StoryboardGraph(
            storyboards: [Storyboard(path: p1, name: "Main", platform: .iOS),
                          Storyboard(path: p2, name: "Main", platform: .iOS)],
            nodes: [SampleGraphs.scene(p1, "X1"), SampleGraphs.scene(p2, "Y1")])
        let (_, doc, _) = try SVG.render(graph)
        let labels = SVG.groups(doc, "cluster", "storyboard").flatMap { SVG.texts($0) }
        #expect(labels.contains(p1))
        #expect(labels.contains(p2))
    }

    /// Where the files of a repeated name differ by platform, the platform tells them apart (`Settings (tvOS)`).
    @Test func repeatedStoryboardNamesOfDifferentPlatformsShowThePlatform() throws {
        let p1 = "iOS/Main.storyboard", p2 = "macOS/Main.storyboard"
        let graph = StoryboardGraph(
            storyboards: [Storyboard(path: p1, name: "Main", platform: .iOS),
                          Storyboard(path: p2, name: "Main", platform: .macOS)],
            nodes: [SampleGraphs.scene(p1, "X1"), SampleGraphs.scene(p2, "Y1", "windowController")])
        let (_, doc, _) = try SVG.render(graph)
        let labels = SVG.groups(doc, "cluster", "storyboard").flatMap { SVG.texts($0) }
        #expect(labels.contains("Main (iOS)"))
        #expect(labels.contains("Main (macOS)"))
    }

    @Test(arguments: LayoutEngine.allCases)
    func everyLayoutEngineRenders(_ engine: LayoutEngine) throws {
        let (_, doc, _) = try SVG.render(SampleGraphs.tabBarApp, engine: engine)
        #expect(SVG.groups(doc, "node", "scene").count >= 20)
    }

    @Test func labelModesAndDirection() throws {
        let graph = SampleGraphs.tabBarApp
        let byID = try SVG.render(graph, style: StyleOptions(labelMode: .identifier, direction: .topToBottom))
        #expect(byID.text.contains(">PostDetail<"))
        let byTitle = try SVG.render(graph, style: StyleOptions(labelMode: .title))
        #expect(byTitle.text.contains(">New Post<"))
        let byClass = try SVG.render(graph, style: StyleOptions(labelMode: .class))
        #expect(byClass.text.contains(">ComposeViewController<"))
    }
}

@Suite struct LegendTests {
    @Test func legendListsOnlyWhatAppears() throws {
        let (_, doc, rendered) = try SVG.render(SampleGraphs.tiny)
        // One cluster holds the whole legend: its title, then a sample and the words of each entry.
        let legend = try #require(SVG.groups(doc, "cluster", "legend").first)
        #expect(SVG.attr(legend, "id") == "full-legend")
        let texts = SVG.legendTexts(doc)
        #expect(texts.contains("View controller") && texts.contains("Show") && texts.contains("Initial scene"))
        let classes = Set(rendered.key.flatMap(\.classes))
        #expect(classes.contains("plain") && classes.contains("show") && classes.contains("initial"))
        for absent in ["navigation", "unresolved", "presentation", "reference"] {
            #expect(!classes.contains(absent), "\(absent)")
        }
        #expect(rendered.key.count == 3)
        #expect(Set(texts).isSuperset(of: ["Legend"] + rendered.key.map(\.text)), "the title and every item: \(texts)")
    }

    @Test func fullAppLegendHasEveryKindUsed() throws {
        let styled = Stylist(theme: try BuiltinThemes.theme(named: "default")!).style(SampleGraphs.tabBarApp)
        let texts = styled.legend.map(\.text)
        for expected in ["Navigation controller", "Unresolved reference", "Present modally", "Popover", "Embed",
                         "Unwind", "Custom segue", "Shown from code", "Initial scene"] {
            #expect(texts.contains(expected), "\(expected)")
        }
        #expect(!texts.contains("Page view controller"))
        #expect(!texts.contains("Ambiguous reference"))
    }

    @Test func legendCanBeTurnedOff() throws {
        let (_, doc, _) = try SVG.render(SampleGraphs.tiny, style: StyleOptions(legend: false))
        #expect(SVG.groups(doc, "legend").isEmpty)
    }
}

/// Links made in code that do not resolve, and the unwind pass: what the code linker adds to the map.
@Suite struct CodeLinkDrawingTests {
    /// Checkout with a cart and an exit; a coordinator that asks for a Storyboard ID that is not there, and one
    /// whose storyboard does not exist; the cart implements the exit's unwind action.
    static var graph: StoryboardGraph {
        let checkout = "App/Checkout.storyboard"
        let cart = SampleGraphs.scene(checkout, "CRT-01", customClass: "CartViewController", identifier: "Cart", initial: true)
        let payment = SampleGraphs.scene(checkout, "PAY-01", customClass: "PaymentViewController", identifier: "Payment", line: 30)
        let exit = Node(id: Node.exitID(storyboard: checkout, action: "unwindToCart:"), storyboard: checkout, objectID: nil,
                        element: "exit", role: .exit, label: "Exit: unwindToCart:", unwindAction: "unwindToCart:")
        let coordinator = Node(id: Node.codeID(type: "CheckoutCoordinator"), storyboard: nil, objectID: nil, element: "code",
                               role: .code, customClass: "CheckoutCoordinator", label: "CheckoutCoordinator")
        let place = SourceLocation(path: "App/CheckoutCoordinator.swift", line: 18, column: 42)
        let missingID = Node(id: Node.codeTargetID(storyboard: "Checkout", identifier: "OrderConfirmed"), storyboard: checkout,
                             objectID: nil, element: "code-target", role: .codeTarget, label: "Checkout › OrderConfirmed",
                             location: place,
                             link: LinkTarget(mechanism: .code, storyboardName: "Checkout", identifier: "OrderConfirmed"),
                             resolution: Resolution(state: .unresolved, reason: "no scene with storyboard ID 'OrderConfirmed' in 'Checkout'"))
        let missingBoard = Node(id: Node.codeTargetID(storyboard: "Help", identifier: nil), storyboard: nil, objectID: nil,
                                element: "code-target", role: .codeTarget, label: "Help", location: place,
                                link: LinkTarget(mechanism: .code, storyboardName: "Help"),
                                resolution: Resolution(state: .unresolved, reason: "no storyboard named 'Help'"))
        func code(_ to: Node, line: Int) -> Edge {
            Edge(id: "code:\(to.id)", from: coordinator.id, to: to.id, kind: .code, identifier: to.link?.identifier,
                 crossFile: true, location: SourceLocation(path: place.path, line: line, column: 13),
                 via: "instantiateViewController(withIdentifier:)")
        }
        return StoryboardGraph(
            storyboards: [Storyboard(path: checkout, name: "Checkout", platform: .iOS, initialScene: cart.id)],
            nodes: [cart, payment, exit, coordinator, missingID, missingBoard],
            edges: [
                SampleGraphs.edge(checkout, "UNW-01", payment, exit, .unwind, unwindAction: "unwindToCart:"),
                Edge(id: "\(exit.id)->unwind-target:\(cart.id)", from: exit.id, to: cart.id, kind: .unwindTarget,
                     unwindAction: "unwindToCart:", location: SourceLocation(path: "App/Cart.swift", line: 9, column: 20),
                     via: "@IBAction CartViewController.unwindToCart:"),
                code(payment, line: 12), code(missingID, line: 18), code(missingBoard, line: 24),
            ])
    }

    @Test func aBrokenCodeLinkStandsOutByShapeAndLineStyle() throws {
        let (_, doc, _) = try SVG.render(Self.graph)
        let targets = SVG.groups(doc, "node", "code-target", "unresolved", "broken-link")
        #expect(targets.count == 2)
        let inCluster = try #require(targets.first { SVG.texts($0).joined().contains("OrderConfirmed") })
        // An octagon with a dashed double outline, the reason in the label and the tooltip: as an unresolved reference.
        let outlines = SVG.elements(inCluster).filter { $0.name == "polygon" }
        #expect(outlines.count >= 2, "double outline")
        #expect(outlines.contains { SVG.attr($0, "stroke-dasharray") != nil })
        #expect(SVG.texts(inCluster).joined(separator: " ").contains("✗ no scene with storyboard ID 'OrderConfirmed'"))
        let tip = try #require(SVG.tooltip(inCluster))
        #expect(tip.contains("Reason: no scene with storyboard ID 'OrderConfirmed' in 'Checkout'"))
        #expect(tip.contains("File: App/CheckoutCoordinator.swift"))
        #expect(!tip.contains(":18"), "no line in a picture: \(tip)")
        #expect(tip.contains("Role: code-target"))
        // The storyboard's cluster holds the target of an unknown ID; a missing storyboard has none.
        let cluster = try #require(SVG.groups(doc, "cluster", "storyboard").first)
        _ = cluster
        // The code edges into targets carry the state; the good one does not.
        #expect(SVG.groups(doc, "edge", "code").count == 3)
        #expect(SVG.groups(doc, "edge", "code", "unresolved", "broken-link").count == 2)
        let styled = Stylist(theme: try BuiltinThemes.theme(named: "default")!).style(Self.graph)
        let broken = styled.edges.filter { $0.classes.contains("broken-link") }
        let fine = try #require(styled.edges.first { $0.classes.contains("code") && !$0.classes.contains("broken-link") })
        #expect(broken.count == 2)
        #expect(broken.allSatisfy { $0.style.style != fine.style.style && $0.style.arrowhead != fine.style.arrowhead },
                "line style and arrowhead, not only colour")
        let targetNode = try #require(styled.nodes.first { $0.classes.contains("code-target") })
        #expect(targetNode.cluster != nil || targetNode.label.joined().contains("Help"))
        #expect(styled.nodes.filter { $0.classes.contains("code-target") }.compactMap(\.cluster).count == 1)
    }

    /// An overview draws a storyboard that does not exist as one node, whoever names it; the tab-bar app's Profile is
    /// named by a storyboard reference, so neither the legend nor the tooltip may say "in code".
    @Test func anOverviewsMissingStoryboardNamedByAReferenceIsNotCalledCode() throws {
        let theme = try #require(try BuiltinThemes.theme(named: "default"))
        let styled = Stylist(theme: theme).style(OverviewView.make(SampleGraphs.tabBarApp))
        let texts = styled.legend.map(\.text)
        #expect(texts.contains("Named (in code or a reference), does not exist"), "\(texts)")
        #expect(texts.contains("Link to a target that does not exist"), "\(texts)")
        #expect(!texts.contains { $0.contains("in code, does not exist") || $0.contains("Shown from code, but") }, "\(texts)")
        let profile = try #require(styled.nodes.first { $0.classes.contains("code-target") && $0.label.joined().contains("Profile") })
        #expect(profile.tooltip.contains("Named by a storyboard reference"), "\(profile.tooltip)")
    }

    @Test func unwindTargetEdgesAndTheLegend() throws {
        let (_, doc, rendered) = try SVG.render(Self.graph)
        let unwindTarget = try #require(SVG.groups(doc, "edge", "unwind-target").first)
        let tip = try #require(SVG.tooltip(unwindTarget))
        #expect(tip.contains("Unwind action: unwindToCart:"))
        #expect(tip.contains("Via: @IBAction CartViewController.unwindToCart:"))
        let legend = Set(rendered.key.map { $0.classes.joined(separator: " ") })
        let drawn = SVG.legendTexts(doc)
        #expect(rendered.key.allSatisfy { drawn.contains($0.text) }, "\(drawn)")
        #expect(legend.contains { $0.contains("code-target") && $0.contains("unresolved") })
        #expect(legend.contains { $0.contains("edge") && $0.contains("broken-link") })
        #expect(legend.contains { $0.contains("unwind-target") })
        for name in ["dark", "print"] {
            let styled = Stylist(theme: try BuiltinThemes.theme(named: name)!).style(Self.graph)
            #expect(styled.legend.map(\.text).contains("Shown from code, but the target does not exist"), "\(name)")
            #expect(styled.legend.map(\.text).contains("Named in code, does not exist"), "\(name)")
        }
    }
}
