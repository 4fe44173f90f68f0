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

    /// A file holding one use of the kind `rule` takes, and what the rule must make of it; `nil` for a rule this
    /// test does not know yet (a new rule needs its example here).
    static func example(for rule: any CodeLinkRule.Type) -> (file: LoadedCodeFile, edges: [String], findings: [String])? {
        var file = LoadedCodeFile(path: at.path, language: .swift, imports: ["UIKit"])
        let home = ["HomeViewController"]
        switch String(describing: rule) {
        case "StoryboardNameRule":
            file.loads = [CodeStoryboardLoad(name: .literal("Mian"), api: "UIStoryboard(name:bundle:)", enclosingType: home, location: at)]
            return (file, [], ["error code-unknown-storyboard UIStoryboard(name:bundle:) 'Mian'"])
        case "StoryboardIDRule":
            file.instantiations = [CodeInstantiation(storyboard: .named(.literal("Main")), identifier: .literal("Detail"),
                                                     api: "instantiateViewController(withIdentifier:)", enclosingType: home, location: at)]
            return (file, ["code:App/Home.swift#Main.storyboard#home->Main.storyboard#detail via instantiateViewController(withIdentifier:)"], [])
        case "SegueRule":
            file.performs = [CodeSeguePerform(identifier: .literal("showDetial"), api: "performSegue(withIdentifier:sender:)",
                                              enclosingType: home, location: at)]
            return (file, ["code:App/Home.swift#Main.storyboard#home->code-target:Main#segue:showDetial via performSegue(withIdentifier:sender:)"],
                    ["error code-unknown-segue performSegue(withIdentifier:sender:) 'showDetial' from 'HomeViewController'"])
        case "GeneratedAccessorRule":
            file.generatedUses = [CodeGeneratedUse(generator: .swiftGen, kind: .scene, container: "Main", member: "detail",
                                                   enclosingType: home, location: at)]
            return (file, ["code:App/Home.swift#Main.storyboard#home->Main.storyboard#detail via StoryboardScene"], [])
        case "ClassNameHeuristicRule":
            file.classInstantiations = [CodeClassInstantiation(type: "DetailViewController", method: "instantiate",
                                                               enclosingType: home, location: at)]
            return (file, ["code:App/Home.swift#Main.storyboard#home->Main.storyboard#detail via heuristic: class name (DetailViewController.instantiate())"], [])
        case "NibLoadRule":
            file.nibLoads = [CodeNibLoad(name: .literal("Detial"), api: "UINib(nibName:bundle:)", enclosingType: home, location: at),
                             CodeNibLoad(name: .literal("Profile"), api: "init(nibName:bundle:)", enclosingType: home, location: at)]
            return (file, ["code:App/Home.swift#Main.storyboard#home->App/Profile.xib#-1 via init(nibName:bundle:)"],
                    ["error code-unknown-nib UINib(nibName:bundle:) 'Detial'"])
        case "NavigationRule":
            // Declared in the scanned code as a view controller: its one scene; `Helper` is no controller.
            file.types = [CodeTypeDeclaration(path: ["DetailViewController"], kind: .class, superclass: "UIViewController", location: at),
                          CodeTypeDeclaration(path: ["Helper"], kind: .class, superclass: "NSObject", location: at)]
            file.navigations = [CodeNavigation(call: .push, controller: .type("DetailViewController"),
                                               api: "pushViewController(_:animated:)", enclosingType: home, location: at),
                                CodeNavigation(call: .child, controller: .type("Helper"), api: "addChild(_:)",
                                               enclosingType: home, location: at)]
            return (file, ["code:App/Home.swift#Main.storyboard#home->Main.storyboard#detail via pushViewController(_:animated:)"], [])
        case "RepresentableRule":
            // A representable that a hosted SwiftUI view shows, making a view controller with no scene: that class's
            // screen, embedded in the SwiftUI screen.
            file.types = [CodeTypeDeclaration(path: ["AboutViewController"], kind: .class, superclass: "UIViewController", location: at),
                          CodeTypeDeclaration(path: ["SettingsView"], kind: .struct, superclass: nil, location: at),
                          CodeTypeDeclaration(path: ["AboutScreen"], kind: .struct, superclass: nil, location: at)]
            file.factories = [CodeFactory(path: ["AboutScreen", "makeUIViewController"], type: "AboutViewController")]
            file.swiftUITypes = [CodeSwiftUIType(path: ["SettingsView"], kind: .view, uses: ["AboutScreen", "Text"], location: at),
                                 CodeSwiftUIType(path: ["AboutScreen"], kind: .representable, uses: [], location: at)]
            file.navigations = [CodeNavigation(call: .present, controller: .hosting("SettingsView"),
                                               api: "UIHostingController(rootView:)", enclosingType: home, location: at)]
            return (file, ["code:App/Home.swift#swiftui:SettingsView->code:AboutViewController via AboutScreen.makeUIViewController(context:)"], [])
        case "SwiftUIAppRule":
            // A SwiftUI app's scene: the view it opens with is a screen, the app's root.
            file.types = [CodeTypeDeclaration(path: ["ContentView"], kind: .struct, superclass: nil, location: at),
                          CodeTypeDeclaration(path: ["ReaderApp"], kind: .struct, superclass: nil, location: at)]
            file.swiftUITypes = [CodeSwiftUIType(path: ["ContentView"], kind: .view, uses: ["Text"], location: at),
                                 CodeSwiftUIType(path: ["ReaderApp"], kind: .app, uses: ["ContentView", "WindowGroup"], location: at)]
            return (file, ["code:App/Home.swift#code:ReaderApp->swiftui:ContentView via ReaderApp.body"], [])
        default:
            return nil
        }
    }

    /// One xib, `App/Profile.xib`, whose File's Owner is a view controller: a screen.
    static func nibs() -> XibNibs {
        let at = SourceLocation(path: "App/Profile.xib", line: 4, column: 9)
        let xib = LoadedXib(path: at.path, platform: .iOS, documentLocation: at,
                            filesOwner: XibObject(element: "placeholder", objectID: "-1", customClass: "ProfileViewController", location: at))
        let loaded = [Loaded(path: at.path, xib)]
        return XibNibs(xibs: loaded, screens: XibScreens.screens(of: loaded, membership: TargetMembership([]), isViewController: { _ in true }),
                       membership: TargetMembership([]))
    }

    static func context(for file: LoadedCodeFile) -> CodeFileContext {
        let symbols = CodeSymbolTable(files: [file])
        let run = CodeLinkContext(index: CodeGraphIndex(graph: graph()), symbols: symbols,
                                  membership: TargetMembership([]), classNameHeuristic: true, nibs: nibs(),
                                  embedding: SwiftUIEmbedding(files: [file], symbols: symbols, membership: TargetMembership([])))
        return CodeFileContext(run, path: file.path, imports: file.imports, conditions: file.conditions).withLoads(file.loads)
    }

    @Test func everyKindOfUseIsTakenByARule() {
        let kinds = CodeLinkRules.standard.all.map { $0.kind }
        #expect(Set(kinds) == Set(CodeUseKind.allCases))
    }

    @Test func everyRuleOfTheTableLinksItsUse() throws {
        #expect(CodeLinkRules.standard.all.count == 9)
        for rule in CodeLinkRules.standard.all {
            let (file, edges, findings) = try #require(Self.example(for: rule), "no example for \(rule)")
            var output = CodeLinkOutput()
            rule.link(file, in: Self.context(for: file), into: &output)
            #expect(output.edges.map { "\($0.id) via \($0.via ?? "")" } == edges, "\(rule)")
            #expect(output.diagnostics.map { "\($0.severity.rawValue) \($0.code) \($0.about)" } == findings, "\(rule)")
            #expect(output.diagnostics.allSatisfy { $0.location == Self.at })
        }
    }

    /// A rule outside the table: one type and one line make it run, after the others, on the uses of its kind.
    struct NoInstantiateInHome: CodeLinkRule {
        static func apply(_ use: CodeInstantiation, _ context: CodeUseContext, into output: inout CodeLinkOutput) {
            guard use.enclosingType.last == "HomeViewController" else { return }
            output.report(.warning, .codeDynamic, "\(context.api.described) in Home", at: use.location, about: context.api.name)
        }
    }

    @Test func aRuleAddedToTheTableRunsAfterTheOthers() throws {
        let rules = CodeLinkRules.standard.adding(NoInstantiateInHome.self)
        #expect(rules.rules(of: .instantiation).map { String(describing: $0) } == ["StoryboardIDRule", "NoInstantiateInHome"])
        let (file, edges, _) = try #require(Self.example(for: StoryboardIDRule.self))
        var output = CodeLinkOutput()
        rules.link(file, in: Self.context(for: file), into: &output)
        #expect(output.edges.map { "\($0.id) via \($0.via ?? "")" } == edges)
        #expect(output.diagnostics.map(\.message) == ["instantiateViewController(withIdentifier:) in Home"])
    }

    /// A use whose `#if` branch no platform of the file compiles reaches no rule.
    @Test func useInABranchNotCompiledIsLeftOut() throws {
        var (file, _, _) = try #require(Self.example(for: StoryboardIDRule.self))
        file.conditions = [CompileConditionRange(lines: 1...5, condition: .os("macOS"))]
        var output = CodeLinkOutput()
        CodeLinkRules.standard.link(file, in: Self.context(for: file), into: &output)
        #expect(output.edges.isEmpty && output.diagnostics.isEmpty)
    }
}
