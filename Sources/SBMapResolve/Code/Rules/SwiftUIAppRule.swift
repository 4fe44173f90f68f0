import SBMapModel

/// Rule: a SwiftUI app's first screens (`@main struct MyApp: App { var body: some Scene { WindowGroup { ContentView() } } }`).
/// Each view the app's body calls that the scanned code declares is a `swiftui-screen`, drawn from the app's code node
/// with a `root` edge, as `window.rootViewController =` is from an app delegate. `WindowGroup`, `Settings` and other
/// framework names are no views the code declares: nothing. An app in a file no target compiles draws nothing.
struct SwiftUIAppRule: CodeLinkRule {
    static func apply(_ use: CodeSwiftUIType, _ context: CodeUseContext, into output: inout CodeLinkOutput) {
        guard use.kind == .app, context.file.run.nibs != nil, !context.membership.isUnbuilt(context.scope.path) else { return }
        for view in use.uses where context.file.run.embedding.isView(view) && context.symbols.location(ofType: view) != nil {
            let screen = output.swiftUIScreen(for: view, at: use.location, context.file)
            output.addEdges(from: use.path, to: [screen], identifier: nil, location: use.location, via: context.api,
                            navigation: (call: CodeNavigation.Call.root.rawValue, order: nil), context.file)
        }
    }
}
