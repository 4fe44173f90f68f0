import SBMapModel

/// Navigation made in code (issue 32): the controller handed to `pushViewController(_:animated:)`,
/// `present(_:animated:)` (AppKit's `presentAsSheet(_:)`, `presentAsModalWindow(_:)`), `show(_:sender:)`,
/// `showDetailViewController(_:sender:)`, `UINavigationController(rootViewController:)`, `setViewControllers(_:animated:)`,
/// `viewControllers = […]` (a split view's columns where the receiver says `Split`), a split view's
/// `setViewController(_:for: .primary/.secondary/.supplementary)`, `window.rootViewController = …` and `addChild(_:)`,
/// when the code says its class:
/// `X()` / `X(nibName:bundle:)` / `X.init(…)`, a local `let` bound to one, a function call (`makeProfile()`, whose
/// declared return type the linker looks up), a navigation controller around one, or a hosting controller's SwiftUI
/// root view (`UIHostingController(rootView: SettingsView())`). Anything else (a parameter, a `var`, an element of a
/// dictionary) records nothing: its class is not known statically, and the map never guesses.
enum NavigationRecognizer: SwiftAPIRecognizer {
    static let triggerWords: [CodeWord] = [
        .pushViewController, .present, .presentAsSheet, .presentAsModalWindow, .show, .showDetailViewController,
        .rootViewController, .viewControllers, .setViewControllers, .addChild, .addChildViewController, .setViewController,
        .rootView,
    ]

    static func read(at i: Int, _ r: inout SwiftCodeReader) {
        guard r.recordUses, i >= r.navigationReadUpTo else { return }
        let s = r.stream
        let word = s[i].word
        switch word {
        case .pushViewController, .present, .presentAsSheet, .presentAsModalWindow, .show, .showDetailViewController,
             .setViewControllers, .addChild, .addChildViewController:
            // A call (never a declaration: `func present(…)`), its controller the first argument, unlabelled.
            guard s.isPunct(i + 1, "("), !s.isIdentifier(i - 1, "func") else { return }
            let args = r.expressions.arguments(open: i + 1)
            guard let first = args.first, first.labelToken < 0 else { return }
            let call: CodeNavigation.Call
            let api: String
            switch word {
            case .pushViewController:
                guard args.count == 2, r.expressions.hasLabel(args[1], "animated") else { return }
                (call, api) = (.push, "pushViewController(_:animated:)")
            case .present:
                // UIKit's `present(_:animated:completion:)`, AppKit's `present(_:animator:)`.
                guard args.count >= 2, r.expressions.hasLabel(args[1], "animated") || r.expressions.hasLabel(args[1], "animator")
                else { return }
                (call, api) = (.present, r.expressions.hasLabel(args[1], "animator") ? "present(_:animator:)" : "present(_:animated:)")
            case .presentAsSheet, .presentAsModalWindow:
                guard args.count == 1 else { return }
                (call, api) = (.present, word == .presentAsSheet ? "presentAsSheet(_:)" : "presentAsModalWindow(_:)")
            case .show, .showDetailViewController:
                guard args.count == 2, r.expressions.hasLabel(args[1], "sender") else { return }
                (call, api) = (.show, word == .show ? "show(_:sender:)" : "showDetailViewController(_:sender:)")
            case .setViewControllers:
                // A tab bar's tabs, or a navigation controller's stack: the receiver's name says which, where it does.
                let tabs = receiverMentionsTab(before: i, r)
                record(list: first.range, call: tabs ? .tab : .stack, api: "setViewControllers(_:animated:)", at: i, &r)
                return
            default:
                guard args.count == 1 else { return }
                (call, api) = (.child, word == .addChild ? "addChild(_:)" : "addChildViewController(_:)")
            }
            record(first.range, call: call, order: nil, api: api, at: i, &r)
        case .rootViewController:
            if s.isPunct(i + 1, "="), !s.isPunct(i + 2, "="), s.isPunct(i - 1, ".") {
                // `window.rootViewController = …`, `self.window?.rootViewController = …`.
                let end = r.expressions.expressionEnd(from: i + 2)
                record((i + 2)..<end, call: .root, order: nil, api: "rootViewController =", at: i, &r)
            } else if s.isPunct(i - 1, "("), s.isPunct(i + 1, ":"), let callee = navigationControllerCallee(open: i - 1, s),
                      !isLocalInitializer(callee: callee, r) {
                // `UINavigationController(rootViewController: x)`: a root, unless a local holds it (where the local
                // is handed on, the call it is handed to says what it does).
                let args = r.expressions.arguments(open: i - 1)
                guard let first = args.first else { return }
                record(first.range, call: .root, order: nil, api: "\(s.text(callee))(rootViewController:)", at: callee, &r)
            }
        case .viewControllers:
            // `tabBarController.viewControllers = [a, b]`, `viewControllers = [a, b]` in a tab bar controller; a split
            // view's columns where the receiver's name (or the type its local was made of) says `Split`, a
            // navigation stack where it says `nav` / `Navigation` and not `tab`.
            guard s.isPunct(i + 1, "="), !s.isPunct(i + 2, "="), s.isPunct(i - 1, ".") || s[i].newlineBefore,
                  s.isPunct(i + 2, "[") else { return }
            let close = s.close(i + 2)
            let names = receiverNames(before: i, r)
            let call = CodeNavigation.Call.list(receivers: names)
            record(list: (i + 2)..<(close + 1), call: call, api: "viewControllers =", at: i, &r)
        case .setViewController:
            // `split.setViewController(x, for: .primary)`: a column of a split view (iOS 14's `UISplitViewController`).
            guard s.isPunct(i + 1, "("), !s.isIdentifier(i - 1, "func") else { return }
            let args = r.expressions.arguments(open: i + 1)
            guard args.count == 2, let first = args.first, first.labelToken < 0, r.expressions.hasLabel(args[1], "for"),
                  args[1].range.count == 2, s.isPunct(args[1].range.lowerBound, ".") else { return }
            let column = args[1].range.lowerBound + 1
            let call: CodeNavigation.Call
            if s.isIdentifier(column, "primary") {
                call = .primary
            } else if s.isIdentifier(column, "secondary") {
                call = .secondary
            } else if s.isIdentifier(column, "supplementary") {
                call = .supplementary
            } else {
                return  // `.compact`, `.inspector`, a variable: not a column this map names.
            }
            record(first.range, call: call, order: nil, api: "setViewController(_:for:)", at: i, &r)
        case .rootView:
            // A hosting controller's subclass setting its root (`class SettingsHost: UIHostingController<AnyView>`):
            // `super.init(rootView: SettingsView())`, `self.rootView = AnyView(SettingsView())` in its own code.
            guard !r.scopes.typePath.isEmpty else { return }
            if s.isPunct(i + 1, "="), !s.isPunct(i + 2, "="),
               s.isPunct(i - 1, ".") ? s.isIdentifier(i - 2, "self") : s[i].newlineBefore {
                let end = r.expressions.expressionEnd(from: i + 2)
                recordHosted((i + 2)..<end, api: "rootView =", at: i, &r)
            } else if s.isPunct(i - 1, "("), s.isPunct(i + 1, ":"), s.isIdentifier(i - 2, "init"), s.isPunct(i - 3, "."),
                      s.isIdentifier(i - 4, "super") || s.isIdentifier(i - 4, "self") {
                let args = r.expressions.arguments(open: i - 1)
                guard let first = args.first, r.expressions.hasLabel(first, "rootView") else { return }
                recordHosted(first.range, api: "\(s.text(i - 4)).init(rootView:)", at: i, &r)
            }
        default:
            return
        }
    }

    /// Records the SwiftUI view `range` makes as the root of the enclosing hosting controller.
    private static func recordHosted(_ range: Range<Int>, api: String, at i: Int, _ r: inout SwiftCodeReader) {
        r.navigationReadUpTo = max(r.navigationReadUpTo, range.upperBound)
        guard let view = hostedView(r.expressions.trimPostfix(range), r), case .hosting(let name) = view,
              r.hostedRoots.insert(r.scopes.typePath + [name]).inserted else { return }  // one edge per class and view
        r.file.navigations.append(CodeNavigation(call: .root, controller: view, api: api, enclosingType: r.scopes.typePath,
                                                 location: r.location(i)))
    }

    /// Records each element of the array literal `range` (`[a, b]`) with its place.
    private static func record(list range: Range<Int>, call: CodeNavigation.Call, api: String, at i: Int,
                               _ r: inout SwiftCodeReader) {
        let s = r.stream
        let open = range.lowerBound
        guard s.isPunct(open, "["), s.close(open) == range.upperBound - 1 else { return }
        let elements = r.expressions.arguments(open: open)
        for (k, element) in elements.enumerated() where element.labelToken < 0 {
            record(element.range, call: call, order: k, api: api, at: i, &r)
        }
    }

    private static func record(_ range: Range<Int>, call: CodeNavigation.Call, order: Int?, api: String, at i: Int,
                               _ r: inout SwiftCodeReader) {
        r.navigationReadUpTo = max(r.navigationReadUpTo, range.upperBound)
        guard let controller = controller(range, &r, depth: 0) else { return }
        r.file.navigations.append(CodeNavigation(call: call, order: order, controller: controller, api: api,
                                                 enclosingType: r.scopes.typePath, location: r.location(i)))
    }

    /// The controller an expression makes, when the code says its class.
    static func controller(_ range: Range<Int>, _ r: inout SwiftCodeReader, depth: Int) -> CodeNavigation.Controller? {
        let s = r.stream
        let range = r.expressions.trimPostfix(range)
        guard !range.isEmpty, depth < 4 else { return nil }
        let a = range.lowerBound
        guard s.kind(a) == .identifier else { return nil }
        // A local `let` bound to a controller: what it was bound to.
        if range.count == 1 {
            let name = s.text(a)
            guard case .pending(let tokens, true)? = r.scopes.localEntry(name, names: s)?.value else { return nil }
            return controller(tokens, &r, depth: depth + 1)
        }
        var callee = a
        var path = [s.text(a)]
        while s.isPunct(callee + 1, "."), s.kind(callee + 2) == .identifier, callee + 2 < range.upperBound {
            callee += 2
            path.append(s.text(callee))
        }
        guard s.isPunct(callee + 1, "(") else { return nil }
        let close = s.close(callee + 1)
        // The call is the whole expression (`X()`), or the first of a chain whose end is a call on it, never the value
        // of a later member (`X().view`).
        guard close == range.upperBound - 1 else { return nil }
        if path.last == "init" { path.removeLast() }
        guard let last = path.last else { return nil }
        if path.count == 1, isTypeName(last) {
            let args = r.expressions.arguments(open: callee + 1)
            if last.hasSuffix("NavigationController"), let first = args.first, r.expressions.hasLabel(first, "rootViewController") {
                return controller(first.range, &r, depth: depth + 1)
            }
            if last == "UIHostingController" || last == "NSHostingController" {
                guard let root = args.first, r.expressions.hasLabel(root, "rootView") else { return nil }
                return hostedView(root.range, r)
            }
            return .type(last)
        }
        // `make()`, `self.make()`, `Factory.make()`, `Factory.shared.make()`: a function's declared return type. Not a
        // storyboard's instantiation (a word the lexer tags): the storyboard rules link those to their scenes.
        if path.first == "self" { path.removeFirst() }
        guard !path.isEmpty, !isTypeName(last), s[callee].word == .other else { return nil }
        if path.count == 1, r.scopes.localEntry(last, names: s) != nil { return nil }  // a closure held in a local
        return .factory(path)
    }

    /// `SettingsView()`, `SettingsView(model: m).environmentObject(x)`, `AnyView(SettingsView())`: the view's type.
    private static func hostedView(_ range: Range<Int>, _ r: SwiftCodeReader, depth: Int = 0) -> CodeNavigation.Controller? {
        let s = r.stream
        let a = range.lowerBound
        guard s.kind(a) == .identifier else { return nil }
        if range.count == 1 {
            // A local `let` bound to a view (`let settings = SettingsView(…).environmentObject(m)`): what it was bound to.
            guard depth < 4, case .pending(let tokens, true)? = r.scopes.localEntry(s.text(a), names: s)?.value else { return nil }
            return hostedView(r.expressions.trimPostfix(tokens), r, depth: depth + 1)
        }
        guard s.isPunct(a + 1, "(") || s.isPunct(a + 1, "{") else { return nil }
        let name = s.text(a)
        guard isTypeName(name) else { return nil }
        if name == "AnyView" {
            // The view it erases, written in place.
            guard depth < 4, s.isPunct(a + 1, "("), let inner = r.expressions.arguments(open: a + 1).first, inner.labelToken < 0
            else { return nil }
            return hostedView(r.expressions.trimPostfix(inner.range), r, depth: depth + 1)
        }
        return .hosting(name)
    }

    /// The token of `UINavigationController` (or a subclass's name ending so) in `X(rootViewController:` /
    /// `X.init(rootViewController:`, whose `(` is at `open`.
    private static func navigationControllerCallee(open: Int, _ s: TokenStream) -> Int? {
        var callee = open - 1
        if s.isIdentifier(callee, "init"), s.isPunct(callee - 1, ".") { callee -= 2 }
        guard s.kind(callee) == .identifier, !s.isPunct(callee - 1, "."), s.identifier(callee, contains: "NavigationController")
        else { return nil }
        return callee
    }

    /// Whether the call at `callee` is the initial value of a local (`let nav = UINavigationController(…)`).
    private static func isLocalInitializer(callee: Int, _ r: SwiftCodeReader) -> Bool {
        let s = r.stream
        guard !r.scopes.atTypeLevel, !r.scopes.scopes.isEmpty, s.isPunct(callee - 1, "="), s.kind(callee - 2) == .identifier
        else { return false }
        return s.isIdentifier(callee - 3, "let") || s.isIdentifier(callee - 3, "var")
    }

    /// Whether the receiver of the call at `i` (`tabBarController.setViewControllers`, `tabs.setViewControllers`) has
    /// `tab` in its name; for a call on `self` (or none), whether the enclosing type's name has.
    private static func receiverMentionsTab(before i: Int, _ r: SwiftCodeReader) -> Bool {
        let s = r.stream
        var j = i - 1
        guard s.isPunct(j, ".") else { return r.scopes.typePath.last?.contains("Tab") ?? false }
        j -= 1
        while j >= 0, s.isPunct(j, "?") || s.isPunct(j, "!") { j -= 1 }
        guard j >= 0, s.kind(j) == .identifier else { return false }
        if s.isIdentifier(j, "self") { return r.scopes.typePath.last?.contains("Tab") ?? false }
        return s.identifier(j, contains: "tab") || s.identifier(j, contains: "Tab")
    }

    /// What says the kind of the receiver of the member at `i`: its name (`splitViewController`, `tabs`) and, for a
    /// local, the type it was made of (`let s = UISplitViewController(…)`); for a member of `self` (or of nothing),
    /// the enclosing type's name and the superclass its declaration in this file names
    /// (`class ShareViewController: UINavigationController`).
    private static func receiverNames(before i: Int, _ r: SwiftCodeReader) -> [String] {
        let s = r.stream
        let path = r.scopes.typePath
        var enclosing = path.last.map { [$0] } ?? []
        if !path.isEmpty, let superclass = r.file.types.last(where: { $0.path == path && $0.superclass != nil })?.superclass {
            enclosing.append(superclass)
        }
        var j = i - 1
        guard s.isPunct(j, ".") else { return enclosing }
        j -= 1
        while j >= 0, s.isPunct(j, "?") || s.isPunct(j, "!") { j -= 1 }
        guard j >= 0, s.kind(j) == .identifier else { return [] }
        if s.isIdentifier(j, "self") { return enclosing }
        let name = s.text(j)
        var names = [name]
        if !s.isPunct(j - 1, "."), case .pending(let tokens, _)? = r.scopes.localEntry(name, names: s)?.value,
           !tokens.isEmpty, s.kind(tokens.lowerBound) == .identifier {
            names.append(s.text(tokens.lowerBound))
        }
        return names
    }

    /// `ProfileViewController`: a type's name (capitalised).
    private static func isTypeName(_ name: String) -> Bool {
        guard let c = name.utf8.first else { return false }
        return c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")
    }
}

extension CodeNavigation.Call {
    /// What `viewControllers = [...]` sets, by the receiver's names (its own, and the type it was made of): a split
    /// view's columns where one says `Split`, a tab bar's tabs where one says `Tab`, a navigation stack where one says
    /// `Navigation` or starts with `nav`; a tab bar's otherwise. The Swift and Objective-C readers both ask here.
    static func list(receivers names: [String]) -> Self {
        if names.contains(where: { $0.contains("Split") || $0.contains("split") }) { return .split }
        if names.contains(where: { $0.contains("Tab") || $0.contains("tab") }) { return .tab }
        if names.contains(where: { $0.contains("Navigation") || $0.hasPrefix("nav") || $0.contains("Nav") }) { return .stack }
        return .tab
    }
}
