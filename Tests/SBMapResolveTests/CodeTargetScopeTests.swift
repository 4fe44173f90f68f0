import SBMapModel
import SBMapParse
import Testing
@testable import SBMapResolve

/// Code links follow the code: a source file links only to the storyboards of the targets that compile it.
/// The shape is the real case of a repository with an iOS and a tvOS app that share class names and storyboard
/// names, where a call in the iOS app's code was linked to both apps.
@Suite struct CodeTargetScopeTests {
    /// iOS app `Phone` (iOS/Main.storyboard) and tvOS app `TV` (tvOS/Main.storyboard); both have a scene of class
    /// `HomeViewController` with Storyboard ID `Home` and one of class `PlayerViewController` with ID `Player`.
    static func graph() -> StoryboardGraph {
        func scene(_ folder: String, _ id: String, _ cls: String) -> Node {
            Node(id: "\(folder)/Main.storyboard#\(id)", storyboard: "\(folder)/Main.storyboard", objectID: id,
                 element: "viewController", role: .plain, customClass: cls, storyboardIdentifier: cls.replacingOccurrences(of: "ViewController", with: ""),
                 label: cls)
        }
        return StoryboardGraph(
            storyboards: [
                Storyboard(path: "iOS/Main.storyboard", name: "Main", platform: .iOS, initialScene: "iOS/Main.storyboard#h",
                           targets: ["Apps.xcodeproj#Phone"]),
                Storyboard(path: "tvOS/Main.storyboard", name: "Main", platform: .tvOS, initialScene: "tvOS/Main.storyboard#h",
                           targets: ["Apps.xcodeproj#TV"]),
                Storyboard(path: "Widget/Widget.storyboard", name: "Widget", platform: .iOS, targets: ["Apps.xcodeproj#Widget"]),
            ],
            nodes: [scene("iOS", "h", "HomeViewController"), scene("iOS", "p", "PlayerViewController"),
                    scene("tvOS", "h", "HomeViewController"), scene("tvOS", "p", "PlayerViewController")])
    }

    static func membership(phone: [String], tv: [String]) -> TargetMembership {
        TargetMembership([Loaded(path: "Apps.xcodeproj/project.pbxproj", LoadedBuildProject(
            path: "Apps.xcodeproj/project.pbxproj", kind: .xcode, name: "Apps.xcodeproj", root: "",
            targets: [
                LoadedTarget(name: "Phone", productType: "com.apple.product-type.application", platforms: [.iOS],
                             files: ["iOS/Main.storyboard"] + phone),
                LoadedTarget(name: "TV", productType: "com.apple.product-type.application", platforms: [.tvOS],
                             files: ["tvOS/Main.storyboard"] + tv),
                LoadedTarget(name: "Widget", productType: "com.apple.product-type.app-extension", platforms: [.iOS],
                             files: ["Widget/Widget.storyboard"]),
            ]))])
    }

    static func link(_ path: String, _ source: String, membership: TargetMembership) -> StoryboardGraph {
        let code = [CodeScanner().scan(text: source, path: path, language: .swift)]
        return CodeLinker().link(graph(), code: code, membership: membership)
    }

    static func codeEdges(_ graph: StoryboardGraph) -> [String] {
        graph.edges.filter { $0.kind == .code }.map { "\($0.from) -> \($0.to)" }.sorted()
    }

    static let homeSource = """
        import UIKit
        final class HomeViewController: UIViewController {
            func play() {
                let vc = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Player")
                present(vc, animated: true)
            }
        }
        """

    @Test func aFileOneAppCompilesLinksOnlyInsideThatApp() {
        let graph = Self.link("iOS/Home.swift", Self.homeSource, membership: Self.membership(phone: ["iOS/Home.swift"], tv: []))
        #expect(Self.codeEdges(graph) == ["iOS/Main.storyboard#h -> iOS/Main.storyboard#p"])
        #expect(graph.diagnostics.isEmpty)
    }

    @Test func aFileBothAppsCompileLinksInsideEach() {
        let graph = Self.link("Shared/Home.swift", Self.homeSource,
                              membership: Self.membership(phone: ["Shared/Home.swift"], tv: ["Shared/Home.swift"]))
        #expect(Self.codeEdges(graph) == ["iOS/Main.storyboard#h -> iOS/Main.storyboard#p",
                                          "tvOS/Main.storyboard#h -> tvOS/Main.storyboard#p"])
    }

    @Test func withoutProjectsScenesLinkOnlyWithinTheirPlatform() {
        // No project: nothing says which app compiles the file, so both apps' scenes stay candidates (UIKit reaches
        // iOS and tvOS), but an iOS scene never shows a tvOS one.
        var graph = Self.graph()
        for k in graph.storyboards.indices { graph.storyboards[k].targets = [] }
        let code = [CodeScanner().scan(text: Self.homeSource, path: "Shared/Home.swift", language: .swift)]
        let linked = CodeLinker().link(graph, code: code)
        #expect(Self.codeEdges(linked) == ["iOS/Main.storyboard#h -> iOS/Main.storyboard#p",
                                           "tvOS/Main.storyboard#h -> tvOS/Main.storyboard#p"])
    }

    @Test func anotherTargetsStoryboardIsAWarningNotASilentLink() {
        let source = """
            import UIKit
            final class HomeViewController: UIViewController {
                func widget() { _ = UIStoryboard(name: "Widget", bundle: nil).instantiateInitialViewController() }
            }
            """
        let graph = Self.link("iOS/Home.swift", source, membership: Self.membership(phone: ["iOS/Home.swift"], tv: []))
        #expect(graph.diagnostics.map { "\($0.severity.rawValue) \($0.code)" } == ["warning storyboard-not-in-target"])
        #expect(graph.diagnostics.first?.message.contains("only in Widget (iOS)") == true)
        #expect(!Self.codeEdges(graph).contains { $0.hasSuffix("Widget/Widget.storyboard#w") })
    }
}
