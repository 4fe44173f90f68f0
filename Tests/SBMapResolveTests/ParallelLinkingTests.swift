import Foundation
import Testing
import SBMapModel
import SBMapParse
@testable import SBMapResolve

/// Linking runs in passes of `filesPerPass` files on several threads; what it finds must not depend on how the
/// files were split, and `parallelMap` must hand results back in index order.
@Suite struct ParallelLinkingTests {
    /// Main (Home, Detail, an exit for `unwindHome:`) and Settings.
    private func graph() -> StoryboardGraph {
        let home = Node(id: "Main.storyboard#home", storyboard: "Main.storyboard", objectID: "home", element: "viewController",
                        role: .plain, customClass: "HomeViewController", storyboardIdentifier: "Home", label: "Home")
        let detail = Node(id: "Main.storyboard#detail", storyboard: "Main.storyboard", objectID: "detail",
                          element: "viewController", role: .plain, storyboardIdentifier: "Detail", label: "Detail")
        let exit = Node(id: "Main.storyboard#exit:unwindHome:", storyboard: "Main.storyboard", objectID: nil, element: "exit",
                        role: .exit, label: "unwindHome:")
        let settings = Node(id: "Settings.storyboard#root", storyboard: "Settings.storyboard", objectID: "root",
                            element: "viewController", role: .plain, storyboardIdentifier: "SettingsRoot", label: "Settings")
        return StoryboardGraph(storyboards: [
            Storyboard(path: "Main.storyboard", name: "Main", platform: .iOS, initialScene: home.id),
            Storyboard(path: "Settings.storyboard", name: "Settings", platform: .iOS, initialScene: settings.id),
        ], nodes: [home, detail, exit, settings], edges: [
            Edge(id: "Main.storyboard#s1", from: home.id, to: detail.id, kind: .show, identifier: "showDetail"),
            Edge(id: "Main.storyboard#u1", from: detail.id, to: exit.id, kind: .unwind, identifier: "back",
                 unwindAction: "unwindHome:", location: SourceLocation(path: "Main.storyboard", line: 9, column: 3)),
        ])
    }

    /// Nine files: the same extension-only type linking from three of them (its code node points at the first
    /// use), broken names (findings in several passes), a class without scenes that implements the unwind action in
    /// a late file, and files that link nothing.
    private func sources() -> [Loaded<LoadedCodeFile>] {
        var files: [(String, String)] = []
        for (k, target) in ["Home", "Detial", "SettingsRoot"].enumerated() {
            files.append(("Sources/A\(k).swift", """
                import UIKit
                extension Coordinator {
                    func open\(k)() {
                        let storyboard = UIStoryboard(name: "\(k == 2 ? "Settings" : "Main")", bundle: nil)
                        show(storyboard.instantiateViewController(withIdentifier: "\(target)"))
                    }
                }
                """))
        }
        files.append(("Sources/B.swift", """
            import UIKit
            final class HomeViewController: UIViewController {
                func go() { performSegue(withIdentifier: "showDetial", sender: nil) }
            }
            """))
        for k in 0..<4 { files.append(("Sources/C\(k).swift", "struct Model\(k) { let name = \"\(k)\" }\n")) }
        files.append(("Sources/Z.swift", """
            import UIKit
            final class Tracker: UIViewController {
                @IBAction func unwindHome(_ segue: UIStoryboardSegue) {}
                func mistake() { _ = UIStoryboard(name: "Nowhere", bundle: nil) }
            }
            """))
        return files.map { CodeScanner().scan(text: $1, path: $0, language: .swift) }
    }

    @Test func theGraphDoesNotDependOnHowTheFilesAreSplit() {
        let whole = CodeLinker(filesPerPass: 1000).link(graph(), code: sources())
        // The expected facts, so that the comparison below compares something. Coordinator is only extended, so its
        // code node points at the first call that made it: in A0, whichever pass links A1 and A2.
        let code = whole.nodes.first { $0.id == Node.codeID(type: "Coordinator") }
        #expect(code?.location == SourceLocation(path: "Sources/A0.swift", line: 5, column: 25))
        // Home, SettingsRoot, the broken "Detial", and the segue "showDetial" no scene of HomeViewController has
        #expect(whole.edges.filter { $0.kind == .code }.count == 4)
        #expect(whole.edges.contains { $0.kind == .unwindTarget && $0.to == Node.codeID(type: "Tracker") })
        #expect(Set(whole.diagnostics.map(\.code)) == [.codeUnknownIdentifier, .codeUnknownSegue, .codeUnknownStoryboard])
        for size in [1, 2, 3, 4, 8] {
            let split = CodeLinker(filesPerPass: size).link(graph(), code: sources())
            #expect(split.nodes == whole.nodes, "nodes differ with \(size) files per pass")
            #expect(split.edges == whole.edges, "edges differ with \(size) files per pass")
            #expect(split.diagnostics == whole.diagnostics, "findings differ with \(size) files per pass")
        }
    }

    @Test func parallelMapKeepsIndexOrder() {
        #expect(parallelMap(count: 0) { $0 }.isEmpty)
        #expect(parallelMap(count: 1) { $0 * 2 } == [0])
        let strings = parallelMap(count: 5000) { String(repeating: "x", count: $0 % 7) + "\($0)" }
        #expect(strings == (0..<5000).map { String(repeating: "x", count: $0 % 7) + "\($0)" })
    }
}
