import SBMapModel

/// Navigation made in code (issue 32): the controller handed to `pushViewController(_:animated:)`,
/// `present(_:animated:)` (AppKit's `presentAsSheet(_:)`, `presentAsModalWindow(_:)`), `show(_:sender:)`,
/// `showDetailViewController(_:sender:)`, `UINavigationController(rootViewController:)`, `setViewControllers(_:animated:)`,
/// `viewControllers = […]` (a split view's columns where the receiver says `Split`), a split view's
/// `setViewController(_:for: .primary/.secondary/.supplementary)`, `window.rootViewController = …` and `addChild(_:)`,
/// when the code says its class:
/// `X()` / `X(nibName:bundle:)` / `X.init(…)`, a local `let` bound to one (or a `var` never set again), a local
/// whose declaration writes its class (`let vc: X = …`), a cast (`x as! X`, `if let vc = x as? X`), a property of
/// the enclosing type (`detail`, `self.detail`, whose declared type or initial value the linker looks up), a
/// function call (`makeProfile()`, whose declared return type the linker looks up), a navigation controller around
/// one, or a hosting controller's SwiftUI root view (`UIHostingController(rootView: SettingsView())`). Anything else
/// (a parameter, a `var` set again, a closure's result, an element of a dictionary) records nothing: its class is
/// not known statically, and the map never guesses.
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
                // (Not a page view controller's pages, `setViewControllers(_:direction:animated:completion:)`.)
                guard args.count == 2, r.expressions.hasLabel(args[1], "animated") else { return }
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

    /// The controller an expression makes, when the code says its class. `limit`: the locals visible are those
    /// declared before it (a local's value is read with the locals of its own place).
    static func controller(_ range: Range<Int>, _ r: inout SwiftCodeReader, depth: Int,
                           below limit: Int = Int.max) -> CodeNavigation.Controller? {
        let s = r.stream
        let range = r.expressions.trimPostfix(range)
        guard !range.isEmpty, depth < 4 else { return nil }
        if let (operand, type) = cast(range, s) {
            // `x as! ProfileViewController`, `make() as ProfileViewController`, `x as? …` (`if let`, `guard let`): the
            // class written. A framework's class says less than the operand (`ProfileViewController() as
            // UIViewController`). A storyboard's scene (`instantiateViewController(…) as! X`) is the storyboard
            // rules' link, as for a factory.
            if fromStoryboard(operand, r, below: limit) { return nil }
            if isFrameworkClass(type) { return controller(operand, &r, depth: depth + 1, below: limit) }
            return .type(type)
        }
        let a = range.lowerBound
        guard s.kind(a) == .identifier else { return nil }
        if range.count == 1 { return named(a, &r, depth: depth, below: limit) }
        // `self.detail`, `self?.detail`: a property of the enclosing type (`CodeNavigation.Controller.member`).
        if s.isIdentifier(a, "self"), range.count == 3 || range.count == 4 && s.isPunct(a + 1, "?"),
           s.isPunct(range.upperBound - 2, "."), s.kind(range.upperBound - 1) == .identifier {
            return .member(s.text(range.upperBound - 1))
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
        if path.count == 1, r.scopes.localEntry(last, below: limit, names: s) != nil { return nil }  // a closure held in a local
        return .factory(path)
    }

    /// A name handed over (`push(vc)`): a local's value or its declared type, else a property of the enclosing type.
    ///
    /// A local's value counts where it stays what it was bound to: a `let`, or a `var` that the function never sets
    /// again (`isAssigned`). A class made there (`X()`, a hosted view) is the object's own class; otherwise the type
    /// the declaration writes (`let vc: ProfileViewController = container.resolve()`), unless that is a framework's
    /// class (`let vc: UIViewController = makeProfile()`), which says less than the value.
    private static func named(_ a: Int, _ r: inout SwiftCodeReader, depth: Int, below limit: Int) -> CodeNavigation.Controller? {
        let s = r.stream
        let name = s.text(a)
        guard let (value, position) = r.scopes.localEntry(name, below: limit, names: s) else {
            // Not a local: a property of the enclosing type, unless a closure's parameter, a `for` loop's variable or
            // a pattern (none of them locals here) may bind the name before, in the same function.
            guard name != "self", name != "super", name != "nil", !isBound(name, before: a, &r) else { return nil }
            return .member(name)
        }
        guard case .pending(let tokens, let isLet, let type) = value else { return nil }  // a parameter, unknown
        // `if let vc = x as? X { … }` binds `vc` in its block alone: after it, the name is another (an outer local
        // the binding shadowed), whose class the cast does not say.
        if isOutOfConditionalScope(declaredAt: r.scopes.nameToken(ofLocalAt: position), use: a, s) { return nil }
        // `let vc: X = storyboard.instantiateViewController(…)`: the storyboard rules link the scene.
        if fromStoryboard(tokens, r, below: position) { return nil }
        var bound: CodeNavigation.Controller?
        if !tokens.isEmpty, isLet || !isAssigned(name, after: tokens.upperBound, &r) {
            bound = controller(tokens, &r, depth: depth + 1, below: position)
        }
        switch bound {
        case .type?, .hosting?:
            return bound
        default:
            if type >= 0, case let declared = s.text(type), !isFrameworkClass(declared) { return .type(declared) }
            return bound
        }
    }

    /// Whether the local named at token `name` is an `if let` / `while let` binding (`if let a = …, let b = …`) and
    /// `use` comes after the block the binding is for. A `guard let` binding stays for the rest of the function.
    static func isOutOfConditionalScope(declaredAt name: Int, use: Int, _ s: TokenStream) -> Bool {
        guard name > 1, s.isIdentifier(name - 1, "let") || s.isIdentifier(name - 1, "var") else { return false }
        // Back to the statement's keyword, within the statement.
        var j = name - 2
        var keyword: Int?
        while j >= 0, j > name - 256 {
            if s.isPunct(j, "{") || s.isPunct(j, "}") || s.isPunct(j, ";") { break }
            if s.isIdentifier(j, "if") || s.isIdentifier(j, "while") { keyword = j; break }
            if s.isIdentifier(j, "guard") { return false }
            if s.isPunct(j, ")") || s.isPunct(j, "]") {
                // Over a bracketed argument (`if let x = f(a, b)`, of a previous condition).
                var depth = 0
                while j >= 0, j > name - 256 {
                    if s.isPunct(j, ")") || s.isPunct(j, "]") { depth += 1 } else if s.isPunct(j, "(") || s.isPunct(j, "[") { depth -= 1; if depth == 0 { break } }
                    j -= 1
                }
            }
            j -= 1
        }
        guard keyword != nil else { return false }
        // Forward to the block's opening brace, outside brackets.
        var k = name + 1
        var depth = 0
        while k < s.count, k < name + 4096 {
            if s.isPunct(k, "(") || s.isPunct(k, "[") { depth += 1 } else if s.isPunct(k, ")") || s.isPunct(k, "]") { depth -= 1 }
            else if depth == 0, s.isPunct(k, "{") {
                // A closure argument's brace follows `(`, `,` or a label's `:`; the block's follows the condition.
                return use > s.close(k)
            }
            k += 1
        }
        return false
    }

    /// `x as! X`, `x as? X`, `x as X` at the end of `range`: the operand and the class's name.
    private static func cast(_ range: Range<Int>, _ s: TokenStream) -> (operand: Range<Int>, type: String)? {
        let e = range.upperBound
        guard range.count >= 3, s.kind(e - 1) == .identifier else { return nil }
        var k = e - 2
        if s.isPunct(k, "!") || s.isPunct(k, "?") { k -= 1 }
        guard k > range.lowerBound, s.isIdentifier(k, "as"), !s.isPunct(k - 1, ".") else { return nil }
        let type = s.text(e - 1)
        return isTypeName(type) ? (range.lowerBound..<k, type) : nil
    }

    /// Whether `range` holds a storyboard's API (`instantiateViewController`, `UIStoryboard`, SwiftGen's
    /// `StoryboardScene`, R.swift's `R`).
    private static func madeByStoryboard(_ range: Range<Int>, _ s: TokenStream) -> Bool {
        for k in range {
            switch s[k].word {
            case .UIStoryboard, .NSStoryboard, .StoryboardScene, .R, .instantiateViewController, .instantiateController,
                 .instantiateInitialViewController, .instantiateInitialController,
                 .instantiateViewControllerWithIdentifier, .instantiateControllerWithIdentifier,
                 .instantiateInitialViewControllerWithCreator, .instantiateInitialControllerWithCreator:
                return true
            default:
                continue
            }
        }
        return false
    }

    /// Whether `range` holds a storyboard's API, or is a cast of one or a local bound to one (`let c =
    /// storyboard.instantiate…` … `c as? X`).
    private static func fromStoryboard(_ range: Range<Int>, _ r: SwiftCodeReader, below limit: Int) -> Bool {
        let s = r.stream
        var range = range
        var limit = limit
        for _ in 0..<8 {
            if madeByStoryboard(range, s) { return true }
            range = r.expressions.trimPostfix(range)
            if let (operand, _) = cast(range, s) {
                range = operand
                continue
            }
            guard range.count == 1, s.kind(range.lowerBound) == .identifier,
                  let (value, position) = r.scopes.localEntry(s.text(range.lowerBound), below: limit, names: s),
                  case .pending(let tokens, _, _) = value else { return false }
            range = tokens
            limit = position
        }
        return false
    }

    /// `UIViewController`, `NSViewController`: `UI` or `NS` and a capital letter (as `NavigationRule` reads them).
    private static func isFrameworkClass(_ name: String) -> Bool {
        let bytes = Array(name.utf8.prefix(3))
        guard bytes.count == 3, bytes[2] >= UInt8(ascii: "A"), bytes[2] <= UInt8(ascii: "Z") else { return false }
        return bytes[0] == UInt8(ascii: "U") && bytes[1] == UInt8(ascii: "I") || bytes[0] == UInt8(ascii: "N") && bytes[1] == UInt8(ascii: "S")
    }

    /// The body a name handed over is read in: the innermost function's (for code outside any, as a closure that
    /// initialises a property, and with `outermost`, the outermost block inside the innermost type: a function
    /// nested in another sees the other's locals).
    private static func enclosingBody(_ r: SwiftCodeReader, outermost: Bool = false) -> (start: Int, end: Int)? {
        let scopes = r.scopes.scopes
        let k: Int
        if !outermost, let f = r.scopes.functionIndex {
            k = f
        } else if let type = scopes.lastIndex(where: { $0.isType }) {
            k = type + 1
        } else {
            k = 0
        }
        guard k < scopes.count else { return nil }
        return (scopes[k].start, scopes[k].end)
    }

    /// Whether the function sets the local `name` again after token `start`: `name = …` (not `==`, not a member
    /// `x.name =`, not another local's declaration `let name =`), or `&name` (an `inout` argument).
    private static func isAssigned(_ name: String, after start: Int, _ r: inout SwiftCodeReader) -> Bool {
        let s = r.stream
        guard let body = enclosingBody(r) else { return true }
        let end = min(body.end, s.count)
        guard end > start else { return false }
        guard r.navigationScanBudget >= end - start else { r.navigationScanBudget = 0; return true }
        r.navigationScanBudget -= end - start
        for k in start..<end where s.kind(k) == .identifier && s.text(k, equals: name) {
            if s.isPunct(k - 1, ".") || s.isIdentifier(k - 1, "let") || s.isIdentifier(k - 1, "var") { continue }
            if s.isPunct(k + 1, "="), !s.isPunct(k + 2, "=") { return true }
            if s.isPunct(k - 1, "&") { return true }
        }
        return false
    }

    /// Whether `name` may be bound in the function before token `a` by something that is no local here: a closure's
    /// parameter (`{ detail in`, `{ (a, detail: X) in`), a `for` loop's variable, a pattern (`case let
    /// .shown(detail)`, `let (a, detail) = …`), a local of the function a nested one is in, or of a block that has
    /// ended (`let detail` before). Any other use of the name (`detail.title = …`, `detail = …`, `addChild(detail)`)
    /// is the property's.
    private static func isBound(_ name: String, before a: Int, _ r: inout SwiftCodeReader) -> Bool {
        let s = r.stream
        guard let body = enclosingBody(r, outermost: true) else { return true }
        let start = body.start + 1
        guard a > start else { return false }
        guard r.navigationScanBudget >= a - start else { r.navigationScanBudget = 0; return true }
        r.navigationScanBudget -= a - start
        for k in start..<a where s.kind(k) == .identifier && !s.isPunct(k - 1, ".") && s.text(k, equals: name) {
            let next = k + 1
            if s.isPunct(next, ".") || s.isPunct(next, "?") || s.isPunct(next, "!") || s.isPunct(next, "(") || s.isPunct(next, "[") {
                continue
            }
            if s.isIdentifier(k - 1, "let") || s.isIdentifier(k - 1, "var") { return true }
            if s.isPunct(next, "="), !s.isPunct(next + 1, "=") { continue }
            // What is read around each such use is bounded and paid for: a function of many uses stays linear.
            guard r.navigationScanBudget >= 128 else { r.navigationScanBudget = 0; return true }
            r.navigationScanBudget -= 128
            if inPattern(k, s) { return true }
        }
        return false
    }

    /// Whether the name at `k` is in a closure's parameters or a loop's pattern (an `in` follows before the statement
    /// goes on), a `case` pattern (`case` before it on its line), or a tuple pattern (`let (a, detail)`).
    private static func inPattern(_ k: Int, _ s: TokenStream) -> Bool {
        var j = k + 1
        while j < min(k + 64, s.count) {
            if s.isIdentifier(j, "in") { return true }
            if s.isPunct(j, "{") || s.isPunct(j, "}") || s.isPunct(j, "=") || s.isPunct(j, ";") { break }
            j += 1
        }
        j = k - 1
        while j >= 0, j > k - 64 {
            if s.isIdentifier(j, "case") { return true }
            if s[j].newlineBefore || s.isPunct(j, "{") || s.isPunct(j, ";") { break }
            j -= 1
        }
        j = k - 1
        while j >= 0, j > k - 64, s.kind(j) == .identifier || s.isPunct(j, ",") || s.isPunct(j, ":") { j -= 1 }
        return s.isPunct(j, "(") && (s.isIdentifier(j - 1, "let") || s.isIdentifier(j - 1, "var"))
    }

    /// `SettingsView()`, `SettingsView(model: m).environmentObject(x)`, `AnyView(SettingsView())`: the view's type.
    private static func hostedView(_ range: Range<Int>, _ r: SwiftCodeReader, depth: Int = 0) -> CodeNavigation.Controller? {
        let s = r.stream
        let a = range.lowerBound
        guard s.kind(a) == .identifier else { return nil }
        if range.count == 1 {
            // A local `let` bound to a view (`let settings = SettingsView(…).environmentObject(m)`): what it was bound to.
            guard depth < 4, case .pending(let tokens, true, _)? = r.scopes.localEntry(s.text(a), names: s)?.value else { return nil }
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
        if !s.isPunct(j - 1, "."), case .pending(let tokens, _, _)? = r.scopes.localEntry(name, names: s)?.value,
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
