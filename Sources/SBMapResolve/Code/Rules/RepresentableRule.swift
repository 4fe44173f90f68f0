import SBMapModel

/// Rule: a view controller made in code and embedded in SwiftUI (issue 32). A representable
/// (`UIViewControllerRepresentable`, `NSViewControllerRepresentable`) whose `makeUIViewController(context:)` (or
/// `makeNSViewController(context:)`) declares one class as its return type, a view controller the scanned code
/// declares, draws an `embed` edge from each SwiftUI screen that shows it (`SwiftUIEmbedding`) to that class's screen:
/// its xib screen, else its screen made in code.
///
/// A class with scenes is left to the storyboard call that makes it (`storyboard.instantiateViewController(…) as! X`):
/// that link is drawn from the same screens (`CodeLinkOutput.sources`), and a second edge would say it twice. A
/// representable no hosted view shows, `-> some UIViewController`, `-> UIViewController`, a framework class, or a class
/// of another platform or target draws nothing; nothing here is a finding.
struct RepresentableRule: CodeLinkRule {
    static func apply(_ use: CodeSwiftUIType, _ context: CodeUseContext, into output: inout CodeLinkOutput) {
        guard use.kind == .representable, context.file.run.nibs != nil else { return }
        let hosts = context.file.run.embedding.hosts(of: use.name)
        guard !hosts.isEmpty, !context.membership.isUnbuilt(context.scope.path),
              let name = controllerClass(of: use, context.symbols), NavigationRule.isKnownController(name, context.symbols),
              context.index.sceneEnds(ofClass: name).isEmpty, NavigationRule.fits(name, context),
              let target = NavigationRule.screen(of: name, at: use.location, context, &output) else { return }
        output.addEdges(from: use.path, to: [target], identifier: nil, location: use.location, via: context.api,
                        navigation: (call: CodeNavigation.Call.embed.rawValue, order: nil), context.file)
    }

    /// The class the representable's own `make…ViewController(context:)` declares it returns (a framework class's
    /// name, `UIActivityViewController`, is not recorded: `nil`).
    static func controllerClass(of type: CodeSwiftUIType, _ symbols: CodeSymbolTable) -> String? {
        symbols.factoryType(declaredIn: type.name, named: "makeUIViewController")
            ?? symbols.factoryType(declaredIn: type.name, named: "makeNSViewController")
    }
}

extension CodeSwiftUIType: CodeLinkUse {
    static var useKind: CodeUseKind { .swiftUI }

    /// Representables and apps (views and extensions make no link of their own).
    static func forEach(in file: LoadedCodeFile, _ context: CodeFileContext, _ body: (CodeSwiftUIType, CodeUseContext) -> Void) {
        for type in file.swiftUITypes where type.kind == .representable || type.kind == .app {
            let api: String
            if type.kind == .app {
                api = "\(type.name).body"
            } else {
                let kit = context.scope.imports.contains("AppKit") || context.scope.imports.contains("Cocoa") ? "NS" : "UI"
                api = "\(type.name).make\(kit)ViewController(context:)"
            }
            if let c = context.use(CodeAPI(.navigation, written: api), at: type.location) { body(type, c) }
        }
    }
}
