import Testing
import SBMapModel
@testable import SBMapResolve

/// Each rule of `CodeLinkRules.standard`, taken from the table and run on a context built here (one file, one use of
/// the kind it takes): the edge or the finding it makes.
@Suite struct CodeLinkRuleTableTests {
    /// Storyboard Main (iOS): a scene of class `HomeViewController` (ID `Home`) with segue `showDetail` to one of class
    /// `DetailViewController` (ID `Detail`).
    static func graph() -> StoryboardGraph {
        func scene(_ id: String, cls: String, sid: String) -> Node {
            Node(id: Node.sceneID(storyboard: "Main.storyboard", objectID: id), storyboard: "Main.storyboard", objectID: id,
                 element: "viewController", role: .plain, customClass: cls, storyboardIdentifier: sid, label: cls)
        }
        return StoryboardGraph(
            storyboards: [Storyboard(path: "Main.storyboard", name: "Main", platform: .iOS, initialScene: "Main.storyboard#home")],
            nodes: [scene("home", cls: "HomeViewController", sid: "Home"), scene("detail", cls: "DetailViewController", sid: "Detail")],
            edges: [Edge(id: "Main.storyboard#s1", from: "Main.storyboard#home", to: "Main.storyboard#detail", kind: .show,
                         identifier: "showDetail")])
    }

    static let at = SourceLocation(path: "App/Home.swift", line: 3, column: 9)

    /// A file holding one use of `kind`, and what the rule that takes it must make of it.
    static func example(of kind: CodeUseKind) -> (file: LoadedCodeFile, edges: [String], findings: [String]) {
        var file = LoadedCodeFile(path: at.path, language: .swift, imports: ["UIKit"])
        let home = ["HomeViewController"]
        switch kind {
        case .storyboardLoad:
            file.loads = [CodeStoryboardLoad(name: .literal("Mian"), api: "UIStoryboard(name:bundle:)", enclosingType: home, location: at)]
            return (file, [], ["error code-unknown-storyboard UIStoryboard(name:bundle:) 'Mian'"])
        case .instantiation:
            file.instantiations = [CodeInstantiation(storyboard: .named(.literal("Main")), identifier: .literal("Detail"),
                                                     api: "instantiateViewController(withIdentifier:)", enclosingType: home, location: at)]
            return (file, ["code:App/Home.swift#Main.storyboard#home->Main.storyboard#detail via instantiateViewController(withIdentifier:)"], [])
        case .seguePerform:
            file.performs = [CodeSeguePerform(identifier: .literal("showDetial"), api: "performSegue(withIdentifier:sender:)",
                                              enclosingType: home, location: at)]
            return (file, ["code:App/Home.swift#Main.storyboard#home->code-target:Main#segue:showDetial via performSegue(withIdentifier:sender:)"],
                    ["error code-unknown-segue performSegue(withIdentifier:sender:) 'showDetial' from 'HomeViewController'"])
        case .generatedAccessor:
            file.generatedUses = [CodeGeneratedUse(generator: .swiftGen, kind: .scene, container: "Main", member: "detail",
                                                   enclosingType: home, location: at)]
            return (file, ["code:App/Home.swift#Main.storyboard#home->Main.storyboard#detail via StoryboardScene"], [])
        case .classInstantiation:
            file.classInstantiations = [CodeClassInstantiation(type: "DetailViewController", method: "instantiate",
                                                               enclosingType: home, location: at)]
            return (file, ["code:App/Home.swift#Main.storyboard#home->Main.storyboard#detail via heuristic: class name (DetailViewController.instantiate())"], [])
        }
    }

    @Test func everyKindOfUseIsTakenByOneRule() {
        let kinds = CodeLinkRules.standard.all.map { $0.kind }
        #expect(Set(kinds) == Set(CodeUseKind.allCases))
        #expect(kinds.count == CodeUseKind.allCases.count)
    }

    @Test(arguments: CodeUseKind.allCases)
    func ruleOfTheTableLinksItsUse(_ kind: CodeUseKind) throws {
        let rule = try #require(CodeLinkRules.standard.rule(of: kind))
        let (file, edges, findings) = Self.example(of: kind)
        let run = CodeLinkContext(index: CodeGraphIndex(graph: Self.graph()), symbols: CodeSymbolTable(files: [file]),
                                  membership: TargetMembership([]), classNameHeuristic: true)
        let context = CodeFileContext(run, path: file.path, imports: file.imports, conditions: file.conditions).withLoads(file.loads)
        var output = CodeLinkOutput()
        rule.link(file, in: context, into: &output)
        #expect(output.edges.map { "\($0.id) via \($0.via ?? "")" } == edges)
        #expect(output.diagnostics.map { "\($0.severity.rawValue) \($0.code) \($0.about)" } == findings)
        #expect(output.diagnostics.allSatisfy { $0.location == Self.at })
    }

    /// A use whose `#if` branch no platform of the file compiles reaches no rule.
    @Test func useInABranchNotCompiledIsLeftOut() {
        var (file, _, _) = Self.example(of: .instantiation)
        file.conditions = [CompileConditionRange(lines: 1...5, condition: .os("macOS"))]
        let run = CodeLinkContext(index: CodeGraphIndex(graph: Self.graph()), symbols: CodeSymbolTable(files: [file]),
                                  membership: TargetMembership([]), classNameHeuristic: true)
        var output = CodeLinkOutput()
        CodeLinkRules.standard.link(file, in: CodeFileContext(run, path: file.path, imports: file.imports, conditions: file.conditions),
                                    into: &output)
        #expect(output.edges.isEmpty && output.diagnostics.isEmpty)
    }
}
