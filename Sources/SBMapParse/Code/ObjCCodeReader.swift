import SBMapModel

/// Reads the facts of one Objective-C (`.m`, `.mm`) file from its tokens: `@implementation` for the enclosing
/// class, method bodies for locals, `NSString *const` and `#define` constants, message sends.
struct ObjCCodeReader {
    let stream: TokenStream
    private let path: String
    let expressions: CodeExpressions
    var scopes = ScopeStack()
    /// The scopes declarations have announced, by the index of their opening brace.
    private var pending = PendingScopes()
    /// The class of the current `@implementation` (or `@interface`) block.
    var currentClass: [String] = []
    /// The index in `file.types` of that block's declaration, whose lines end at its `@end`.
    private var openDeclaration: Int?
    /// Open `[` indices, innermost last: the message send a selector part belongs to.
    private var brackets: [Int] = []
    /// Each method body's selector and parameter names, by the index of its opening brace.
    private var methodSignatures: [Int: (selector: String, parameters: [String])] = [:]
    var file: LoadedCodeFile

    /// The facts read, moved out (an empty file is left behind): `reader.file` would copy them, retaining every
    /// array they hold, and freeing the reader would then release each again.
    mutating func takeFile() -> LoadedCodeFile {
        exchange(&file, with: LoadedCodeFile(path: "", language: .objectiveC))
    }

    init(stream: TokenStream, path: String) {
        self.stream = stream
        self.path = path
        expressions = CodeExpressions(stream: stream, language: .objectiveC)
        file = LoadedCodeFile(path: path, language: .objectiveC)
    }

    mutating func read() {
        var i = 0
        while i < stream.count {
            while let scope = scopes.popEnded(by: i) { closed(scope) }
            while let b = brackets.last, stream.close(b) < i { brackets.removeLast() }
            let t = stream[i]
            switch t.kind {
            case .punct:
                if t.punct == UInt8(ascii: "{") {
                    var (kind, parameters) = pending.take(at: i)
                    if case .block = kind, !scopes.inFunction, let name = cFunctionName(braceAt: i) {
                        kind = .function(name: name, returnsStoryboard: false)
                    }
                    scopes.push(CodeScope(kind: kind, start: i, end: stream.close(i)), parameters: parameters)
                } else if t.punct == UInt8(ascii: "[") {
                    brackets.append(i)
                } else if (t.punct == UInt8(ascii: "-") || t.punct == UInt8(ascii: "+")), !currentClass.isEmpty, !scopes.inFunction,
                          stream.isPunct(i + 1, "(") {
                    methodDeclaration(at: i)
                }
            case .identifier:
                identifier(at: i)
            default:
                break
            }
            i += 1
        }
        while let scope = scopes.popEnded(by: Int.max) { closed(scope) }
        recordHelperCalls()
    }

    func location(_ i: Int) -> SourceLocation { stream.location(i, path: path) }

    private func string(_ range: Range<Int>) -> CodeString {
        expressions.string(range, locals: scopes)
    }

    private var typePath: [String] { currentClass }

    private mutating func closed(_ scope: CodeScope) {
        if let signature = methodSignatures[scope.start] {
            recordParameterHelper(scope, selector: signature.selector, parameters: signature.parameters)
        }
        guard case .function(let name, true) = scope.kind else { return }
        let path = typePath + [name]
        if scope.helperLoads.count == 1 {
            file.helpers.append(CodeStoryboardHelper(path: path, name: scope.helperLoads[0], bundle: scope.helperBundle,
                                                     location: location(scope.start)))
        } else if name == "storyboard", !file.helpers.contains(where: { $0.path == path }) {
            // `- (UIStoryboard *)storyboard { … }` that is no single load still hides UIKit's `storyboard`.
            file.helpers.append(CodeStoryboardHelper(path: path, name: .dynamic("storyboard"), fromLoad: false,
                                                     location: location(scope.start)))
        }
    }

    // MARK: Dispatch

    private mutating func identifier(at i: Int) {
        let t = stream[i]
        // `word` is the lexer's tag for the words dispatched on here (see `CodeWord`); every other name is `.other`.
        switch t.word {
        case .hashImport, .hashInclude:
            if stream.isPunct(i + 1, "<"), stream.kind(i + 2) == .identifier { file.imports.append(stream.text(i + 2)) }
        case .atImport:
            if stream.kind(i + 1) == .identifier { file.imports.append(stream.text(i + 1)) }
        case .hashDefine:
            define(at: i)
        case .atInterface, .atImplementation:
            classDeclaration(at: i)
        case .atEnd:
            currentClass = []
            if let k = openDeclaration { file.types[k].lines = file.types[k].lines.lowerBound...stream.line(i) }
            openDeclaration = nil
        case .storyboardWithName:
            if stream.isPunct(i + 1, ":") { storyboardLoad(at: i) }
        case .instantiateViewControllerWithIdentifier, .instantiateControllerWithIdentifier,
             .instantiateInitialViewController, .instantiateInitialController,
             .instantiateInitialViewControllerWithCreator, .instantiateInitialControllerWithCreator:
            instantiation(at: i)
        case .performSegueWithIdentifier:
            if stream.isPunct(i - 1, ")"), !typePath.isEmpty {
                // `- (void)performSegueWithIdentifier:(NSString *)identifier sender:(id)sender`: an implementation,
                // which may decide what an identifier does (a declaration, ending in `;`, leaves it to that).
                if let handles = performSegueOverrideHandles(at: i), handles { file.performSegueOverrides.append(typePath) }
            } else if stream.isPunct(i + 1, ":") {
                performSegue(at: i)
            }
        case .NSString, .UIStoryboard, .NSStoryboard:
            declaration(at: i)
        case .initWithNibName, .nibWithNibName, .loadNibNamed, .initWithWindowNibName:
            if stream.isPunct(i + 1, ":") { nibLoad(at: i) }
        case .pushViewController, .presentViewController, .showViewController, .showDetailViewController, .addChildViewController,
             .setViewControllers, .initWithRootViewController:
            if stream.isPunct(i + 1, ":"), scopes.inFunction { navigation(at: i) }
        case .rootViewController, .viewControllers:
            if scopes.inFunction, stream.isPunct(i - 1, "."), stream.isPunct(i + 1, "="), !stream.isPunct(i + 2, "=") {
                navigationAssignment(at: i)
            }
        default:
            // `.other`, and the Swift-only words, which are plain names in Objective-C.
            if stream.isPunct(i + 1, "*"), scopes.inFunction, stream.isIdentifier(i, "NSBundle") {
                bundleLocal(at: i)
            } else {
                if stream.isPunct(i - 1, "["), scopes.inFunction { implicitNibLoad(at: i) }
                classNameHelper(at: i)
            }
        }
    }

    // MARK: Declarations

    /// `@interface Foo : Bar`, `@implementation Foo`, `@implementation Foo (Category)`.
    private mutating func classDeclaration(at i: Int) {
        guard stream.kind(i + 1) == .identifier else { return }
        let name = stream.text(i + 1)
        currentClass = [name]
        var superclass: String?
        if stream.isPunct(i + 2, ":"), stream.kind(i + 3) == .identifier { superclass = stream.text(i + 3) }
        openDeclaration = nil
        // Every `@implementation` is recorded, an `@interface` of the same class in the file before it too: each
        // block's lines are the class's. A category's interface declares no class.
        if stream.isPunct(i + 2, "(") && stream[i].word == .atInterface { return }
        // Until its `@end`: without one, the block runs to the end of the file.
        file.types.append(CodeTypeDeclaration(path: [name], kind: .objcClass, superclass: superclass,
                                              location: location(i + 1), lines: stream.line(i + 1)...stream.line(stream.count)))
        openDeclaration = file.types.count - 1
    }

    /// `- (ReturnType)part:(T)a part2:(T)b {`: a method scope; a helper if it returns a storyboard;
    /// an unwind action if it is an `IBAction` taking a storyboard segue.
    private mutating func methodDeclaration(at i: Int) {
        let returnOpen = i + 1
        let returnClose = stream.close(returnOpen)
        let returnText = stream.text((returnOpen + 1)..<returnClose, limit: 200)
        var j = returnClose + 1
        var selector = ""
        var parameters: [String] = []
        var parameterTypes = ""
        var firstPart: String?
        while j < stream.count, !stream.isPunct(j, "{"), !stream.isPunct(j, ";") {
            guard stream.kind(j) == .identifier else { j += 1; continue }
            let part = stream.text(j)
            if firstPart == nil { firstPart = part }
            if stream.isPunct(j + 1, ":") {
                selector += part + ":"
                j += 2
                if stream.isPunct(j, "(") {
                    let close = stream.close(j)
                    parameterTypes += stream.text((j + 1)..<close, limit: 200) + " "
                    j = close + 1
                }
                if stream.kind(j) == .identifier { parameters.append(stream.text(j)); j += 1 }
            } else {
                if selector.isEmpty { selector = part }
                j += 1
                if selector == part && !stream.isPunct(j, "{") { continue }
            }
        }
        if returnText.containsBytes("IBAction"), parameterTypes.containsBytes("StoryboardSegue") {
            file.unwindActions.append(CodeUnwindAction(selector: selector, enclosingType: typePath, location: location(i)))
        }
        guard stream.isPunct(j, "{"), let name = firstPart else { return }
        if returnText.containsBytes("NSBundle"), parameters.isEmpty {
            var seen: [CodeBundle] = []
            for value in bundleReturns(body: j) where !seen.contains(value) {
                seen.append(value)
                file.bundleHelpers.append(CodeBundleHelper(path: typePath + [name], value: value, location: location(i)))
            }
        }
        let returnsStoryboard = returnText.containsBytes("UIStoryboard") || returnText.containsBytes("NSStoryboard")
        pending.announce(.function(name: name, returnsStoryboard: returnsStoryboard), parameters: parameters, at: j)
        // (A class method without parameters too: it may be a class-name helper, `+ instantiateFromStoryboard`.)
        if !parameters.isEmpty || stream.isPunct(i, "+") { methodSignatures[j] = (selector, parameters) }
    }

    /// The name of the C function whose body opens at `brace`: `void SBShowProfile(UIViewController *p) {`,
    /// `static UIViewController *MakeRoot(void) {`, outside any function (and a C++ method's, in a `.mm`). Its locals are a function's, as a method's
    /// are; a class extension's ivars (`@interface X () {`) and `NS_ENUM(…) {` are no function.
    private func cFunctionName(braceAt brace: Int) -> String? {
        guard stream.isPunct(brace - 1, ")") else { return nil }
        var depth = 0
        var k = brace - 1
        while k >= 0, k > brace - 400 {
            if stream.isPunct(k, ")") {
                depth += 1
            } else if stream.isPunct(k, "(") {
                depth -= 1
                if depth == 0 { break }
            } else if stream.isPunct(k, "{") || stream.isPunct(k, "}") || stream.isPunct(k, ";") {
                return nil
            }
            k -= 1
        }
        let name = k - 1
        guard k >= 1, depth == 0, stream.isPunct(k, "("), stream.kind(name) == .identifier,
              stream.kind(name - 1) == .identifier || stream.isPunct(name - 1, "*")
                || stream.isPunct(name - 1, ":") && stream.isPunct(name - 2, ":"),  // `void Foo::bar() {` (Objective-C++)
              stream.word(name - 1) != .atInterface, stream.word(name - 1) != .atImplementation else { return nil }
        let text = stream.text(name)
        guard !text.hasPrefix("@"), !text.hasSuffix("_ENUM"), !text.hasSuffix("_OPTIONS") else { return nil }
        return text
    }

    /// `#define NAME @"value"`, `#define NAME OTHER_NAME`.
    private mutating func define(at i: Int) {
        guard stream.kind(i + 1) == .identifier, !stream[i + 1].newlineBefore else { return }
        var end = i + 2
        while end < stream.count, !stream[end].newlineBefore { end += 1 }
        let range = (i + 2)..<end
        guard !range.isEmpty, !stream.isPunct(i + 2, "(") || range.count > 1 else { return }
        let value = string(range)
        switch value {
        case .literal, .symbol:
            file.constants.append(CodeConstant(path: [stream.text(i + 1)], value: value, location: location(i + 1)))
        default:
            break
        }
    }

    /// `NSString *const NAME = @"…";` (file scope: a constant; in a method: a local) and
    /// `UIStoryboard *sb = [UIStoryboard storyboardWithName:… bundle:…];` (a local storyboard).
    private mutating func declaration(at i: Int) {
        guard stream.isPunct(i + 1, "*") else { return }
        var j = i + 2
        while stream.isIdentifier(j, "const") || stream.isIdentifier(j, "_Nonnull") || stream.isIdentifier(j, "_Nullable") { j += 1 }
        guard stream.kind(j) == .identifier else { return }
        let name = stream.text(j)
        let isStoryboard = stream.text(i) != "NSString"
        guard stream.isPunct(j + 1, "=") else {
            if scopes.inFunction {
                scopes.declareLocal(name, .unknown)
            } else if isStoryboard, !currentClass.isEmpty {
                // `@property UIStoryboard *storyboard;` or an ivar: it hides UIKit's `storyboard`, value unknown.
                let member = name.hasPrefix("_") ? String(name.dropFirst()) : name
                if !file.helpers.contains(where: { $0.path == typePath + [member] }) {
                    file.helpers.append(CodeStoryboardHelper(path: typePath + [member], name: .dynamic("\(stream.text(i)) *\(name)"),
                                                             fromLoad: false, location: location(j)))
                }
            }
            return
        }
        let start = j + 2
        var end = start
        while end < stream.count, !stream.isPunct(end, ";") {
            if stream.isPunct(end, "[") || stream.isPunct(end, "(") || stream.isPunct(end, "{") { end = stream.close(end) + 1; continue }
            if stream.isPunct(end, "}") { break }
            end += 1
        }
        let range = start..<min(end, stream.count)
        if scopes.inFunction {
            if isStoryboard {
                scopes.declareLocal(name, .storyboard(storyboardExpression(range)))
            } else {
                let value = string(range)
                switch value {
                case .dynamic: scopes.declareLocal(name, .unknown)
                default: scopes.declareLocal(name, .string(value))
                }
            }
            return
        }
        if isStoryboard {
            if case .named(let value) = storyboardExpression(range) {
                file.helpers.append(CodeStoryboardHelper(path: [name], name: value, location: location(j)))
            }
            return
        }
        let value = string(range)
        switch value {
        case .literal, .symbol:
            file.constants.append(CodeConstant(path: [name], value: value, location: location(j)))
        default:
            break
        }
    }

    // MARK: Message sends

    /// The `[` of the message send whose selector part is at `i`, when `i` is a selector part of it.
    private func messageOpen(forSelectorAt i: Int) -> Int? {
        guard let open = brackets.last, open < i, stream.close(open) > i else { return nil }
        return open
    }

    /// Splits `[receiver part:arg part2:arg2]` at `open`: the receiver range and the arguments by selector part.
    func message(open: Int) -> (receiver: Range<Int>, parts: [(String, Range<Int>)])? {
        let close = stream.close(open)
        // The receiver is one expression; the first selector part follows it.
        var j = open + 1
        if stream.isPunct(j, "[") || stream.isPunct(j, "(") {
            j = stream.close(j) + 1
        } else {
            guard stream.kind(j) == .identifier || stream.kind(j) == .string else { return nil }
            j += 1
        }
        while stream.isPunct(j, "."), stream.kind(j + 1) == .identifier { j += 2 }
        let receiver = (open + 1)..<j
        var parts: [(String, Range<Int>)] = []
        while j < close {
            guard stream.kind(j) == .identifier else { return nil }
            let part = stream.text(j)
            guard stream.isPunct(j + 1, ":") else {
                parts.append((part, j..<j))
                j += 1
                continue
            }
            let start = j + 2
            var k = start
            while k < close {
                if stream.isPunct(k, "[") || stream.isPunct(k, "(") || stream.isPunct(k, "{") { k = stream.close(k) + 1; continue }
                if stream.kind(k) == .identifier, stream.isPunct(k + 1, ":"), k > start { break }
                k += 1
            }
            parts.append((part, start..<min(k, close)))
            j = k
        }
        return (receiver, parts)
    }

    /// Reads the storyboard a receiver stands for.
    private func storyboardExpression(_ range: Range<Int>) -> CodeStoryboardRef {
        let text = stream.text(range)
        guard let a = range.first else { return .dynamic(text) }
        if stream.isPunct(a, "["), stream.close(a) == range.upperBound - 1, let msg = message(open: a) {
            let receiver = stream.text(msg.receiver)
            if msg.parts.first?.0 == "storyboardWithName", receiver == "UIStoryboard" || receiver == "NSStoryboard" {
                return .named(string(msg.parts[0].1))
            }
            if msg.parts.count == 1, msg.parts[0].1.isEmpty {
                let selector = msg.parts[0].0
                if receiver == "self" || receiver == "super", selector == "storyboard" { return .own }
                if receiver == "NSStoryboard", selector == "mainStoryboard" { return .main }
                if let path = expressions.dottedPath(msg.receiver) {
                    return .helper((path.first == "self" ? [] : path) + [selector])
                }
            }
            return .dynamic(text)
        }
        if let path = expressions.dottedPath(range) {
            if path == ["self", "storyboard"] || path == ["super", "storyboard"] { return .own }
            if path == ["NSStoryboard", "mainStoryboard"] { return .main }
            if path.count == 1, let value = scopes.local(path[0]) {
                if case .storyboard(let ref) = value { return ref }
                if case .parameter = value { return .parameter(path[0]) }
                return .dynamic(text)
            }
            if path.first == "self" { return .helper(Array(path.dropFirst())) }
            return .helper(path)
        }
        return .dynamic(text)
    }

    private mutating func storyboardLoad(at i: Int) {
        guard let open = messageOpen(forSelectorAt: i), let msg = message(open: open),
              msg.parts.first?.0 == "storyboardWithName" else { return }
        let receiver = stream.text(msg.receiver)
        guard receiver == "UIStoryboard" || receiver == "NSStoryboard" else { return }
        let name = string(msg.parts[0].1)
        let bundle = msg.parts.first(where: { $0.0 == "bundle" }).map { self.bundle($0.1) } ?? .main
        file.loads.append(CodeStoryboardLoad(name: name, bundle: bundle, api: "storyboardWithName:bundle:",
                                             enclosingType: typePath, location: location(open)))
        scopes.noteHelperLoad(name, bundle: bundle)
    }

    /// `[[X alloc] initWithNibName:@"X" bundle:nil]`, `[super initWithNibName:…]`, `[UINib nibWithNibName:bundle:]`,
    /// `[[NSBundle mainBundle] loadNibNamed:owner:options:]`, `[super initWithWindowNibName:@"Prefs"]` (`CodeNibLoad`).
    private mutating func nibLoad(at i: Int) {
        guard let open = messageOpen(forSelectorAt: i), let msg = message(open: open),
              let part = msg.parts.first, part.0 == stream.text(i) else { return }
        let receiver = stream.text(msg.receiver)
        var bundle = msg.parts.first(where: { $0.0 == "bundle" }).map { self.bundle($0.1) } ?? .main
        let api: String
        var outcome = CodeNibLoad.Outcome.crashes
        switch part.0 {
        case "initWithNibName":
            guard receiver == "super" || receiver == "self" || receiver.hasSuffix(" alloc]") else { return }
            api = "initWithNibName:bundle:"
            // `[[X alloc] initWithNibName:nil bundle:nil]`: the nib UIKit finds by the class's name, as `[[X alloc] init]`.
            if part.1.count == 1, stream.isIdentifier(part.1.lowerBound, "nil"), msg.receiver.count == 4,
               stream.isPunct(open + 1, "["), stream.isIdentifier(open + 3, "alloc"), isClassName(open + 2) {
                recordImplicitNib(stream.text(open + 2), api: api, at: open)
                return
            }
        case "initWithWindowNibName":
            // An NSWindowController whose nib is missing has no window: nothing raises.
            guard receiver == "super" || receiver == "self" || receiver.hasSuffix(" alloc]") else { return }
            api = msg.parts.count > 1 ? "initWithWindowNibName:" + msg.parts.dropFirst().map { $0.0 + ":" }.joined() : "initWithWindowNibName:"
            outcome = .fails
        case "nibWithNibName":
            guard receiver == "UINib" else { return }
            api = "nibWithNibName:bundle:"
        default:
            let appKit = msg.parts.contains { $0.0 == "topLevelObjects" }
            outcome = appKit ? .fails : .crashes
            api = appKit ? "loadNibNamed:owner:topLevelObjects:" : "loadNibNamed:owner:options:"
            bundle = receiver == "[NSBundle mainBundle]" ? .main : .foreign(receiver)
        }
        file.nibLoads.append(CodeNibLoad(name: string(part.1), bundle: bundle, api: api, outcome: outcome,
                                         enclosingType: typePath, location: location(open)))
    }

    /// `[X new]` and `[[X alloc] init]` at the class name `X`: a view controller made without a nib name, which finds
    /// the nib named after its class by itself (`CodeNibLoad.isImplicit`, as Swift's `X()`); the rule decides whether
    /// `X` is a view controller of the scanned code and has such a nib.
    private mutating func implicitNibLoad(at i: Int) {
        guard stream.isPunct(i + 2, "]"), isClassName(i) else { return }
        if stream.isIdentifier(i + 1, "new") {
            recordImplicitNib(stream.text(i), api: "new", at: i - 1)
        } else if stream.isIdentifier(i + 1, "alloc"), stream.isPunct(i - 2, "["), stream.isIdentifier(i + 3, "init"),
                  stream.isPunct(i + 4, "]"), stream.close(i - 2) == i + 4 {
            recordImplicitNib(stream.text(i), api: "init", at: i - 2)
        }
    }

    /// A capitalised name at `i`: a class's (`self`, `super` and locals are not).
    private func isClassName(_ i: Int) -> Bool {
        guard i >= 0, i < stream.count, stream.kind(i) == .identifier else { return false }
        let c = stream.bytes[stream[i].start]
        return c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")
    }

    private mutating func recordImplicitNib(_ type: String, api: String, at open: Int) {
        file.nibLoads.append(CodeNibLoad(name: .typeName(type), api: api, enclosingType: typePath, location: location(open),
                                         isImplicit: true))
    }

    /// `[nav pushViewController:[[X alloc] init] animated:YES]`, `presentViewController:animated:completion:`,
    /// `showViewController:sender:`, `showDetailViewController:sender:`, `addChildViewController:`,
    /// `setViewControllers:animated:` and `[[UINavigationController alloc] initWithRootViewController:…]` (issue 32):
    /// the controller as `[[X alloc] init…]`, `[X new]`, or a local declared `X *vc` in the method (`CodeNavigation`).
    private mutating func navigation(at i: Int) {
        guard let open = messageOpen(forSelectorAt: i), let msg = message(open: open),
              let part = msg.parts.first, part.0 == stream.text(i) else { return }
        let call: CodeNavigation.Call
        let api: String
        switch (part.0, msg.parts.count > 1 ? msg.parts[1].0 : "") {
        case ("pushViewController", "animated"): (call, api) = (.push, "pushViewController:animated:")
        case ("presentViewController", "animated"): (call, api) = (.present, "presentViewController:animated:completion:")
        case ("showViewController", "sender"): (call, api) = (.show, "showViewController:sender:")
        case ("showDetailViewController", "sender"): (call, api) = (.show, "showDetailViewController:sender:")
        case ("addChildViewController", ""): (call, api) = (.child, "addChildViewController:")
        case ("setViewControllers", "animated"):
            // A tab bar's tabs, or a navigation controller's stack: the receiver's name says which (for `self`, the
            // class and the superclass its `@interface` names), as in Swift.
            let tabs = objCReceiverNames(msg.receiver, before: open).contains { $0.contains("tab") || $0.contains("Tab") }
            recordList(part.1, call: tabs ? .tab : .stack, api: "setViewControllers:animated:", at: open)
            return
        case ("setViewControllers", ""):
            // `[self setViewControllers:@[a, b]]`: the property's setter, read as `self.viewControllers = @[a, b]`.
            let call = CodeNavigation.Call.list(receivers: objCReceiverNames(msg.receiver, before: open))
            recordList(part.1, call: call, api: "setViewControllers:", at: open)
            return
        case ("initWithRootViewController", ""):
            // `[[UINavigationController alloc] initWithRootViewController:vc]`: a root, unless a local holds it (the
            // call the local is handed to says what it does) or it is handed on in the same statement.
            guard stream.isPunct(open + 1, "["), stream.kind(open + 2) == .identifier,
                  stream.identifier(open + 2, contains: "NavigationController"), stream.isIdentifier(open + 3, "alloc"),
                  !stream.isPunct(open - 1, "="), !stream.isPunct(open - 1, ":"), !stream.isPunct(open - 1, ","),
                  !(stream.isPunct(open - 1, "[") && stream.isPunct(open - 2, "@"))
            else { return }
            (call, api) = (.root, "initWithRootViewController:")
        default: return
        }
        guard let type = objCController(part.1, before: open) else { return }
        file.navigations.append(CodeNavigation(call: call, controller: .type(type), api: api, enclosingType: typePath,
                                               location: location(open)))
    }

    /// `self.window.rootViewController = vc;`, `tabBarController.viewControllers = @[a, b];` (issue 32): a root,
    /// and a tab bar's tabs (a split view's columns, a navigation stack, where the receiver's name says so).
    private mutating func navigationAssignment(at i: Int) {
        var end = i + 2
        while end < stream.count, !stream.isPunct(end, ";"), !stream.isPunct(end, "}"), end < i + 400 {
            if stream.isPunct(end, "[") || stream.isPunct(end, "(") { end = stream.close(end) }
            end += 1
        }
        guard end < stream.count, stream.isPunct(end, ";") else { return }
        if stream.isIdentifier(i, "rootViewController") {
            guard let type = objCController((i + 2)..<end, before: i) else { return }
            file.navigations.append(CodeNavigation(call: .root, controller: .type(type), api: "rootViewController =",
                                                   enclosingType: typePath, location: location(i)))
            return
        }
        guard stream.isPunct(i + 2, "@"), stream.isPunct(i + 3, "["), stream.close(i + 3) == end - 1 else { return }
        let names = objCReceiverNames((i - 2)..<(i - 1), before: i)
        let call = CodeNavigation.Call.list(receivers: names)
        recordList((i + 2)..<end, call: call, api: "viewControllers =", at: i)
    }

    /// Records each element of the literal `@[a, b]` at `range` with its place.
    private mutating func recordList(_ range: Range<Int>, call: CodeNavigation.Call, api: String, at i: Int) {
        let a = range.lowerBound
        guard stream.isPunct(a, "@"), stream.isPunct(a + 1, "["), stream.close(a + 1) == range.upperBound - 1 else { return }
        let close = range.upperBound - 1
        var start = a + 2
        var k = start
        var order = 0
        while k <= close {
            if k < close, stream.isPunct(k, "[") || stream.isPunct(k, "(") || stream.isPunct(k, "{") {
                k = stream.close(k) + 1
                continue
            }
            if k == close || stream.isPunct(k, ",") {
                if k > start {
                    if let type = objCController(start..<k, before: i) {
                        file.navigations.append(CodeNavigation(call: call, order: order, controller: .type(type), api: api,
                                                               enclosingType: typePath, location: location(i)))
                    }
                    order += 1
                }
                start = k + 1
            }
            k += 1
        }
    }

    /// What says the kind of a receiver (`self.tabBarController`, `tabs`): its last name, the class a local of that
    /// name is declared as, and for `self` the enclosing class's name and the superclass its `@interface X : Y` in
    /// this file names (a `UITabBarController` subclass's are tabs, as Swift reads `class X: UITabBarController`).
    private func objCReceiverNames(_ receiver: Range<Int>, before limit: Int) -> [String] {
        guard let last = receiver.last, last >= 0, stream.kind(last) == .identifier else { return [] }
        if stream.isIdentifier(last, "self") {
            guard let name = typePath.last else { return [] }
            let superclass = file.types.last { $0.path == typePath && $0.superclass != nil }?.superclass
            return [name] + (superclass.map { [$0] } ?? [])
        }
        let name = stream.text(last)
        guard receiver.count == 1, let j = objCLocal(name, before: limit) else { return [name] }
        return [name, stream.text(j - 2)]
    }

    /// The token of `name` in `X *name = …;` earlier in the method (or C function) than `limit`.
    private func objCLocal(_ name: String, before limit: Int) -> Int? {
        var j = limit - 1
        var steps = 0
        // Back to the start of the function's body, or of the method (`- (void)…` at the start of a line), no further.
        let floor = scopes.functionIndex.map { scopes.scopes[$0].start } ?? 1
        while j > max(floor, 1), steps < 2000,
              !(stream[j].newlineBefore && (stream.isPunct(j, "-") || stream.isPunct(j, "+")) && stream.isPunct(j + 1, "(")) {
            if stream.isPunct(j - 1, "*"), stream.text(j, equals: name), stream.isPunct(j + 1, "="), stream.kind(j - 2) == .identifier {
                return j
            }
            j -= 1
            steps += 1
        }
        return nil
    }

    /// The class of `[[X alloc] init…]`, `[X new]`, or of a local `X *name` declared before `limit` in the method;
    /// through a navigation controller made around one (`[[UINavigationController alloc] initWithRootViewController:…]`).
    private func objCController(_ range: Range<Int>, before limit: Int, depth: Int = 0) -> String? {
        let a = range.lowerBound
        guard !range.isEmpty, depth < 4 else { return nil }
        if range.count == 1, stream.kind(a) == .identifier {
            // `X *vc = …;` earlier in the method: its declared class (a superclass's name declares nothing known);
            // for a navigation controller, the controller it was made around.
            guard let j = objCLocal(stream.text(a), before: limit) else { return nil }
            let type = stream.text(j - 2)
            if type.hasSuffix("NavigationController"), stream.isPunct(j + 2, "[") {
                return objCController((j + 2)..<(stream.close(j + 2) + 1), before: j, depth: depth + 1)
            }
            return type.first?.isUppercase == true ? type : nil
        }
        guard stream.isPunct(a, "["), stream.close(a) == range.upperBound - 1 else { return nil }
        if stream.isPunct(a + 1, "["), stream.kind(a + 2) == .identifier, stream.isIdentifier(a + 3, "alloc"),
           stream.isPunct(a + 4, "]"), stream.kind(a + 5) == .identifier, stream.identifier(a + 5, contains: "init") {
            if stream.identifier(a + 2, contains: "NavigationController"), stream.isIdentifier(a + 5, "initWithRootViewController"),
               stream.isPunct(a + 6, ":") {
                return objCController((a + 7)..<(range.upperBound - 1), before: limit, depth: depth + 1)
            }
            return stream.text(a + 2)
        }
        if stream.kind(a + 1) == .identifier, stream.isIdentifier(a + 2, "new"), stream.isPunct(a + 3, "]") {
            return stream.text(a + 1)
        }
        return nil
    }

    private mutating func instantiation(at i: Int) {
        guard let open = messageOpen(forSelectorAt: i), let msg = message(open: open),
              let part = msg.parts.first, part.0 == stream.text(i) else { return }
        let storyboard = storyboardExpression(msg.receiver)
        let initial = part.0.hasPrefix("instantiateInitial")
        let identifier: CodeString? = initial ? nil : string(part.1)
        let api = msg.parts.map { $0.1.isEmpty && msg.parts.count == 1 ? $0.0 : $0.0 + ":" }.joined()
        file.instantiations.append(CodeInstantiation(storyboard: storyboard, identifier: identifier, api: api,
                                                     enclosingType: typePath, location: location(i)))
    }

    /// Whether the method `performSegueWithIdentifier:(NSString *)identifier sender:…` at `i` may handle an
    /// identifier itself (`overrideHandlesIdentifiers`); nil for a declaration without a body.
    private func performSegueOverrideHandles(at i: Int) -> Bool? {
        guard stream.isPunct(i + 1, ":"), stream.isPunct(i + 2, "(") else { return true }
        let parameter = stream.close(i + 2) + 1
        var j = parameter
        while j < stream.count, j < parameter + 40, !stream.isPunct(j, "{") {
            if stream.isPunct(j, ";") { return nil }
            if stream.isPunct(j, "}") { return true }
            j += 1
        }
        return stream.overrideHandlesIdentifiers(parameter: parameter, body: j, swift: false)
    }

    private mutating func performSegue(at i: Int) {
        guard let open = messageOpen(forSelectorAt: i), let msg = message(open: open),
              let part = msg.parts.first, part.0 == "performSegueWithIdentifier" else { return }
        let receiver = stream.text(msg.receiver)
        file.performs.append(CodeSeguePerform(identifier: string(part.1), onSelf: receiver == "self" || receiver == "super",
                                              api: "performSegueWithIdentifier:sender:", enclosingType: typePath,
                                              location: location(i), guarded: insideTry(i)))
    }

    /// Whether token `i` is inside a `@try { … }` block: walking back, an enclosing `{` right after `@try`.
    private func insideTry(_ i: Int) -> Bool {
        var depth = 0
        var k = i - 1
        while k >= 0 {
            if stream.isPunct(k, "}") {
                depth += 1
            } else if stream.isPunct(k, "{") {
                if depth > 0 {
                    depth -= 1
                } else if k >= 1, stream.text(k - 1) == "@try" || (k >= 2 && stream.isPunct(k - 2, "@") && stream.text(k - 1) == "try") {
                    return true
                }
            } else if stream.text(k) == "@implementation" {
                return false
            }
            k -= 1
        }
        return false
    }

    /// `[FooViewController instantiateFromStoryboard]` (pitfall 5).
    private mutating func classNameHelper(at i: Int) {
        guard stream.isPunct(i - 1, "["), stream.kind(i + 1) == .identifier, stream.isPunct(i + 2, "]") else { return }
        let type = stream.text(i)
        guard let c = type.unicodeScalars.first, c.properties.isUppercase,
              ClassNameHelperRecognizer.isClassNameHelper(stream.text(i + 1)),
              !ClassNameHelperRecognizer.notViewControllers.contains(type) else { return }
        file.classInstantiations.append(CodeClassInstantiation(type: type, method: stream.text(i + 1),
                                                               enclosingType: typePath, location: location(i)))
    }
}
