import SBMapModel
import SBMapParse
@testable import SBMapResolve
import Testing

/// Whether the code at a finding's line belongs to a class nothing refers to, from what the scanner saw: the lines
/// of each type declaration and the type names each file's code uses outside comments and strings.
@Suite struct UnreferencedTypesTests {
    static func scan(_ files: [(String, String)]) -> [LoadedCodeFile] {
        files.compactMap { CodeScanner().scan(text: $1, path: $0, language: CodeScanner.language(ofPath: $0)!).value }
    }

    static let leftover = """
        //  Leftover.swift: LeftoverViewController is named in this comment only.
        import UIKit
        public class LeftoverViewController: UIViewController {
            func start() {
                let title = "LeftoverViewController"
                present(UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Start"), animated: true)
            }
        }
        final class UsedViewController: UIViewController {
            func open() {}
        }
        """

    @Test func aClassNamedOnlyInCommentsStringsAndItsDeclarationIsUnreferenced() {
        let files = Self.scan([("App/Leftover.swift", Self.leftover), ("App/Home.swift", "let vc = UsedViewController()\n")])
        let places = [SourceLocation(path: "App/Leftover.swift", line: 6, column: 9),
                      SourceLocation(path: "App/Leftover.swift", line: 10, column: 9),
                      SourceLocation(path: "App/Leftover.swift", line: 2, column: 1)]
        let found = UnreferencedTypes.find(at: places, in: StoryboardGraph(), files: files)
        #expect(found.map(\.type) == ["LeftoverViewController"], "line 10 is in a used class, line 2 in no class")
        #expect(found.first?.location.line == 6)
    }

    @Test func aUseInCodeOrAsASceneClassIsAReference() {
        let used = Self.scan([("App/Leftover.swift", Self.leftover), ("App/Main.m", "[[LeftoverViewController alloc] init];\n")])
        let place = [SourceLocation(path: "App/Leftover.swift", line: 6, column: 9)]
        #expect(UnreferencedTypes.find(at: place, in: StoryboardGraph(), files: used).isEmpty)
        let scene = Node(id: "a", storyboard: "App/Main.storyboard", objectID: "a", element: "viewController", role: .plain,
                         customClass: "LeftoverViewController", label: "a")
        let graph = StoryboardGraph(nodes: [scene])
        #expect(UnreferencedTypes.find(at: place, in: graph, files: Self.scan([("App/Leftover.swift", Self.leftover)])).isEmpty)
    }
}
