import SBMapModel

/// Rule: navigation made in code (issue 32). A controller of a known class handed to a navigation call
/// (`CodeNavigation`: push, present, show, a navigation controller's root, a tab bar's tabs, a window's root, a
/// child) draws a `code` edge from the calling class's screens to that class's screen, labelled with the call
/// (the edge's `relationship`: `push`, `present`, `show`, `root`, `tab` with its `order`, `stack`, `child`):
///
/// - the class's scene, when the storyboards the call can reach have exactly one;
/// - else its xib screen;
/// - else, for a class with neither, a screen made in code (`code-screen`, the class's code node);
/// - a SwiftUI view hosted by `UIHostingController(rootView:)` / `NSHostingController(rootView:)`: a
///   `swiftui-screen` node of its own.
///
/// A class is known when the scanned code declares it and its superclass chain reaches a view controller (a
/// SwiftUI view: when the scanned code declares it). Nothing else is guessed: a controller of a class the code does
/// not say, a framework class, a class of another platform than the call's, or of targets none of which compiles the
/// call, draws nothing; so does a call in a file no target compiles. Navigation is no finding. Without the xibs
/// (`--screens storyboards`, no `nibs`) the rule does nothing: that map is the storyboards' alone.
struct NavigationRule: CodeLinkRule {
    static func apply(_ use: CodeNavigation, _ context: CodeUseContext, into output: inout CodeLinkOutput) {
        guard context.file.run.nibs != nil else { return }
        // A call no target compiles never runs.
        if context.membership.isUnbuilt(context.scope.path) { return }
        let navigation = (call: use.call.rawValue, order: use.order)
        let target: CodeGraphIndex.EdgeEnd
        switch use.controller {
        case .hosting(let view):
            guard context.symbols.location(ofType: view) != nil, fits(view, context) else { return }
            target = output.swiftUIScreen(for: view, at: use.location, context.file)
        case .type, .factory, .member:
            guard let name = controllerClass(use.controller, from: use.enclosingType, context.symbols),
                  isKnownController(name, context.symbols), fits(name, context),
                  let end = screen(of: name, at: use.location, context, &output) else { return }
            target = end
        }
        output.addEdges(from: use.enclosingType, to: [target], identifier: nil, location: use.location, via: context.api,
                        navigation: navigation, context.file)
    }

    /// The class `controller` stands for: the class written, the declared return type of the function called, or
    /// the class of the enclosing type's property.
    static func controllerClass(_ controller: CodeNavigation.Controller, from enclosing: [String],
                                _ symbols: CodeSymbolTable) -> String? {
        switch controller {
        case .type(let name): name
        case .factory(let path): symbols.factoryType(path, from: enclosing)
        case .member(let name): symbols.memberClass(name, from: enclosing)
        case .hosting: nil
        }
    }

    /// A class the scanned code declares, whose superclass chain reaches a view controller. A name with a framework's
    /// prefix (`UIAlertController`) is the framework's class, even where an app declares a stand-in of that name for
    /// another platform (Provenance's AppKit shim of `UIAlertController`).
    static func isKnownController(_ name: String, _ symbols: CodeSymbolTable) -> Bool {
        !XibScreens.frameworkControllers.contains(name) && !hasFrameworkPrefix(name) && symbols.location(ofType: name) != nil
            && symbols.inherits(name, fromOneOf: XibScreens.frameworkControllers)
    }

    /// `UIAlertController`, `NSAlert`: `UI` or `NS` and a capital letter.
    static func hasFrameworkPrefix(_ name: String) -> Bool {
        let bytes = Array(name.utf8.prefix(3))
        guard bytes.count == 3, bytes[2] >= UInt8(ascii: "A"), bytes[2] <= UInt8(ascii: "Z") else { return false }
        return bytes[0] == UInt8(ascii: "U") && bytes[1] == UInt8(ascii: "I") || bytes[0] == UInt8(ascii: "N") && bytes[1] == UInt8(ascii: "S")
    }

    /// Whether the class `name` can be in the app the call runs in: a target that compiles the call compiles it too
    /// (where projects say), and its file's toolkit is one of the call's platforms'.
    static func fits(_ name: String, _ context: CodeUseContext) -> Bool {
        if let targets = context.scope.targets, let file = context.symbols.file(definingClass: name) ?? context.symbols.location(ofType: name)?.path,
           context.membership.isDescribed(file) {
            let ids = context.membership.targets(of: file).map { context.membership.targets[$0].id }
            guard ids.contains(where: { targets.contains($0) }) else { return false }
        }
        guard let toolkit = context.symbols.toolkit(ofType: name) else { return true }
        let platforms = context.hint.platforms.subtracting([.unknown])
        guard !platforms.isEmpty else { return true }
        let runs: Set<Platform> = toolkit == .uiKit ? [.iOS, .tvOS] : [.macOS]
        return !platforms.isDisjoint(with: runs)
    }

    /// The screen of class `name`: its one scene in the storyboards the call reaches, its xib screen, or its screen
    /// made in code; `nil` where it has several scenes (which one code makes is not known).
    static func screen(of name: String, at location: SourceLocation, _ context: CodeUseContext,
                               _ output: inout CodeLinkOutput) -> CodeGraphIndex.EdgeEnd? {
        let scenes = context.index.sceneEnds(ofClass: name)
        if !scenes.isEmpty {
            let reached = scenes.filter { context.file.reachable($0.storyboard) }
            return reached.count == 1 ? reached[0] : nil
        }
        if let nibs = context.file.run.nibs {
            let targets = context.scope.targets
            let screens = nibs.screens(ofClass: name).filter { nib in
                guard let targets, !nib.targets.isEmpty else { return true }
                return nib.targets.contains { targets.contains($0) }
            }
            if let first = screens.first, let id = first.screen { return CodeGraphIndex.EdgeEnd(id: id, storyboard: first.screenPath) }
        }
        return output.codeNode(for: name, at: location, context.file)
    }

    /// The classes whose screen is made in code: those that navigation calls in `files` hand over (by the class
    /// written or a factory's return type), that the scanned code declares as view controllers, and that have no
    /// scene and no xib screen. Worked out before linking, so that every pass gives their node the same role.
    /// The classes that representables shown on SwiftUI screens make (`RepresentableRule`) count too.
    static func screenTypes(_ files: [LoadedCodeFile], symbols: CodeSymbolTable, index: CodeGraphIndex,
                            nibs: XibNibs?, embedding: SwiftUIEmbedding = .none) -> Set<String> {
        var names: Set<String> = []
        var checked: Set<String> = []
        func consider(_ name: String) {
            guard checked.insert(name).inserted, isKnownController(name, symbols), index.sceneEnds(ofClass: name).isEmpty,
                  nibs?.screens(ofClass: name).isEmpty ?? true else { return }
            names.insert(name)
        }
        for f in files.indices {
            for use in files[f].navigations {
                if let name = controllerClass(use.controller, from: use.enclosingType, symbols) { consider(name) }
            }
            for type in files[f].swiftUITypes where type.kind == .representable && !embedding.hosts(of: type.name).isEmpty {
                if let name = RepresentableRule.controllerClass(of: type, symbols) { consider(name) }
            }
        }
        return names
    }
}

extension CodeNavigation: CodeLinkUse {
    static var useKind: CodeUseKind { .navigation }

    static func forEach(in file: LoadedCodeFile, _ context: CodeFileContext, _ body: (CodeNavigation, CodeUseContext) -> Void) {
        for use in file.navigations {
            if let c = context.use(CodeAPI(.navigation, written: use.api), at: use.location) { body(use, c) }
        }
    }
}
