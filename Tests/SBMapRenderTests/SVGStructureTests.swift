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

    @Test func unresolvedPlaceholderStandsOutWithItsReason() throws {
        let (_, doc, _) = try SVG.render(SampleGraphs.tabBarApp)
        let unresolved = SVG.groups(doc, "node", "unresolved")
        #expect(unresolved.count == 1)
        let node = try #require(unresolved.first)
        let tip = try #require(SVG.tooltip(node))
        #expect(tip.contains("Reason: no storyboard named 'Profile' was scanned"))
        #expect(tip.contains("App/Base.lproj/Main.storyboard:42"))
        #expect(tip.contains("Role: reference"))
        // Shape, not only colour: an octagon (polygon) with a dashed outline.
        let outlines = SVG.elements(node).filter { $0.name == "polygon" }
        #expect(outlines.count >= 2, "double outline")
        #expect(outlines.contains { SVG.attr($0, "stroke-dasharray") != nil })
        #expect(SVG.texts(node).joined(separator: " ").contains("unresolved"))
        #expect(SVG.groups(doc, "node", "external").count == 1)
    }

    @Test func sceneTooltipCarriesClassStoryboardIDAndPlace() throws {
        let (_, doc, _) = try SVG.render(SampleGraphs.tabBarApp)
        let post = try #require(SVG.groups(doc, "node", "scene", "plain").first {
            SVG.texts($0).contains("PostDetailViewController")
        })
        let tip = try #require(SVG.tooltip(post))
        #expect(tip.contains("Class: PostDetailViewController"))
        #expect(tip.contains("Storyboard ID: PostDetail"))
        #expect(tip.contains("App/Feed/Feed.storyboard:80:9"))
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
        let p1 = "iOS/Main.storyboard", p2 = "macOS/Main.storyboard"
        let graph = StoryboardGraph(
            storyboards: [Storyboard(path: p1, name: "Main", platform: .iOS),
                          Storyboard(path: p2, name: "Main", platform: .macOS)],
            nodes: [SampleGraphs.scene(p1, "X1"), SampleGraphs.scene(p2, "Y1", "windowController")])
        let (_, doc, _) = try SVG.render(graph)
        let labels = SVG.groups(doc, "cluster", "storyboard").flatMap { SVG.texts($0) }
        #expect(labels.contains(p1))
        #expect(labels.contains(p2))
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
        let (_, doc, _) = try SVG.render(SampleGraphs.tiny)
        let legend = try #require(SVG.groups(doc, "cluster", "legend").first)
        _ = legend
        let items = SVG.groups(doc, "node", "legend-item")
        let classes = Set(items.compactMap { SVG.attr($0, "class") })
        #expect(classes.contains { $0.contains("plain") })
        #expect(classes.contains { $0.contains("show") })
        #expect(classes.contains { $0.contains("initial") })
        #expect(!classes.contains { $0.contains("navigation") })
        #expect(!classes.contains { $0.contains("unresolved") })
        #expect(!classes.contains { $0.contains("presentation") })
        #expect(!classes.contains { $0.contains("reference") })
        #expect(items.count == 3)
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
