import SBMapModel

/// Rule: a nib loaded by name (`init(nibName:bundle:)`, `UINib(nibName:bundle:)`, `loadNibNamed(_:owner:options:)`,
/// `NSNib(nibNamed:bundle:)`, `initWithNibName:bundle:`) links the calling type to the xib screen of that name, and
/// the name must be a xib, with its exact letter case, of the targets that compile the call (`code-unknown-nib`,
/// `case-mismatch`). A xib that is no screen (a table cell's) links nowhere and is no finding. A name that is not a
/// constant is left alone; so is a nib of another bundle than the app's, whose xibs may not be scanned. Without the
/// xibs (`--screens storyboards`) the rule does nothing.
///
/// A view controller made without a nib name (`ProfileViewController()`, `isImplicit`) links to the nib the framework
/// finds by the class's name, when the targets that compile the call copy one: UIKit's view controllers look for
/// `ProfileView` then `ProfileViewController`, AppKit's for the class's name; a window controller looks for none.
/// No nib is no finding: such a controller makes its view in code.
struct NibLoadRule: CodeLinkRule {
    static func apply(_ use: CodeNibLoad, _ context: CodeUseContext, into output: inout CodeLinkOutput) {
        guard let nibs = context.file.run.nibs else { return }
        if use.isImplicit {
            implicit(use, context, nibs, into: &output)
            return
        }
        guard case .string(var name) = context.symbols.resolve(use.name, scope: use.enclosingType) else { return }
        if name.hasSuffix(".xib") || name.hasSuffix(".nib") { name.removeLast(4) }
        guard !name.isEmpty else { return }
        let api = context.api.name
        let about = "\(api) '\(name)'"
        let scope = context.scope
        func inTargets(_ nib: XibNibs.Nib) -> Bool {
            guard let targets = scope.targets else { return true }
            return nib.targets.contains { targets.contains($0) }
        }
        let exact = nibs.named(name)
        let checked: Bool
        switch use.bundle {
        case .main, .own: checked = true
        case .ofType, .member, .identifier, .foreign: checked = false
        }
        let reached = checked ? exact.filter(inTargets) : exact
        link(reached.isEmpty ? exact : reached, from: use, context, into: &output)
        // `NSStringFromClass([self class])`, `String(describing: self)`: the class of whichever object calls it, a
        // subclass's too (MatrixKit's cells look their nib up so, and check the path first): linked, not checked.
        if case .ownTypeName = use.name { return }
        guard checked, reached.isEmpty else { return }
        // AppKit's loads return nil or false, and macOS apps still ship `.nib` bundles that sbmap does not read
        // (Stella's `AboutBox.nib`): unknown, a note.
        let fails = use.outcome == .fails
        if !exact.isEmpty {
            // In the app, but not copied by a target that compiles the call (another target's, another
            // platform's, or no target's): a warning.
            output.report(fails ? .info : .warning, .codeUnknownNib,
                          "\(api) loads nib '\(name)', but \(notInTargetText(exact, context))",
                          at: use.location, about: about,
                          hint: "add \(name).xib to the Copy Bundle Resources of the targets that compile this file, or fix the name")
            return
        }
        let crashes = use.outcome == .crashes
        let level: Severity = fails ? .info : crashes && !scope.inLibrariesOnly ? .error : .warning
        let other = nibs.namedInOtherCase(name)
        if let near = other.first(where: inTargets) ?? other.first {
            output.report(level, .caseMismatch,
                          "\(api) loads nib '\(name)', but the file is '\(near.name).xib'; letter case matters on a device, so this works in the simulator and "
                            + (crashes ? "crashes on an iPhone" : "fails on a device"),
                          at: use.location, about: about, hint: "write '\(near.name)' exactly")
            return
        }
        output.report(level, .codeUnknownNib,
                      "\(api) loads nib '\(name)', but no xib has that name"
                        + (crashes ? "; this call crashes the app"
                           : api.contains("indowNibName") ? "; the window controller gets no window, unless a compiled .nib of that name is in the bundle"
                           : "; the call returns nil or false, unless a compiled .nib of that name is in the bundle"),
                      at: use.location, about: about,
                      hint: CodeFileContext.suggest(name, among: nibs.names, what: "xib"))
    }

    /// The framework's classes whose instances find their nib by their class's name, by toolkit.
    private static let uiKitControllers: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController",
    ]
    private static let appKitControllers: Set<String> = ["NSViewController"]

    /// `ProfileViewController()`: the nib named after a view controller class of the scanned code, in the targets
    /// that compile the call (or, without projects, anywhere), linked; nothing when there is none.
    private static func implicit(_ use: CodeNibLoad, _ context: CodeUseContext, _ nibs: XibNibs,
                                 into output: inout CodeLinkOutput) {
        guard case .typeName(let type) = use.name else { return }
        let symbols = context.symbols
        // A class the scanned code declares (a framework class has no nib of the app's), and a view controller by
        // its superclass chain; a window controller loads no nib by its name.
        guard symbols.file(definingClass: type) != nil else { return }
        var names: [String] = []
        if symbols.inherits(type, fromOneOf: uiKitControllers) {
            // UIKit: `ProfileView` for `ProfileViewController`, then the class's own name.
            if type.hasSuffix("Controller"), type.count > "Controller".count { names.append(String(type.dropLast("Controller".count))) }
            names.append(type)
        } else if symbols.inherits(type, fromOneOf: appKitControllers) {
            names.append(type)
        } else {
            return
        }
        let targets = context.scope.targets
        for name in names {
            let found = nibs.named(name).filter { nib in targets.map { t in nib.targets.contains { t.contains($0) } } ?? true }
            guard !found.isEmpty else { continue }
            link(found, from: use, context, into: &output)
            return
        }
    }

    /// Links the calling type to the screens of `found` (not a xib that is no screen, and not the screen of the
    /// calling class itself: `super.init(nibName:)` in the class the xib is the view of).
    private static func link(_ found: [XibNibs.Nib], from use: CodeNibLoad, _ context: CodeUseContext,
                             into output: inout CodeLinkOutput) {
        let own = use.enclosingType.last
        var seen = Set<String>()
        let ends = found.compactMap { nib -> CodeGraphIndex.EdgeEnd? in
            guard let screen = nib.screen, nib.screenClass == nil || nib.screenClass != own, seen.insert(screen).inserted else { return nil }
            return CodeGraphIndex.EdgeEnd(id: screen, storyboard: nib.screenPath)
        }
        output.addEdges(from: use.enclosingType, to: ends, identifier: nil, location: use.location, via: context.api, context.file)
    }

    /// "it is only in Widget, not in a target that compiles this file", "no target copies Profile.xib".
    private static func notInTargetText(_ nibs: [XibNibs.Nib], _ context: CodeUseContext) -> String {
        let owners = Set(nibs.flatMap(\.targets)).sorted()
        guard !owners.isEmpty else {
            return "no target copies \(nibs.map(\.path).joined(separator: ", ")), so it is not in the app's bundle"
        }
        let titles = owners.map { id in context.membership.targets.first { $0.id == id }?.title ?? id }
        return "it is only in \(titles.joined(separator: ", ")), not in a target that compiles this file"
    }
}

extension CodeNibLoad: CodeLinkUse {
    static var useKind: CodeUseKind { .nibLoad }

    static func forEach(in file: LoadedCodeFile, _ context: CodeFileContext, _ body: (CodeNibLoad, CodeUseContext) -> Void) {
        for use in file.nibLoads {
            if let c = context.use(CodeAPI(.nibLoad, written: use.api), at: use.location) { body(use, c) }
        }
    }
}
