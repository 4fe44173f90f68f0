import SBMapModel

/// `performSegue(withIdentifier:sender:)`, Swift 2 `performSegueWithIdentifier(_:sender:)`, and wrappers called as
/// `performSegue(.caseName)`; and the classes that override `performSegue(withIdentifier:sender:)`, which decide
/// themselves what an identifier does.
enum PerformSegueRecognizer: SwiftAPIRecognizer {
    static let triggerWords: [CodeWord] = [.performSegue, .performSegueWithIdentifier]

    static func read(at i: Int, _ r: inout SwiftCodeReader) {
        let stream = r.stream
        if stream.isFuncKeyword(i - 1) {
            // `override func performSegue(withIdentifier:sender:)`: counted in generated files too.
            // Only one that may handle an identifier itself makes the class's calls unknown (`handlesIdentifiers`).
            if !r.scopes.typePath.isEmpty, handlesIdentifiers(at: i, r) { r.file.performSegueOverrides.append(r.scopes.typePath) }
            return
        }
        guard r.recordUses, stream.isPunct(i + 1, "("), !stream.isDeclarationOrPattern(at: i) else { return }
        let args = r.expressions.arguments(open: i + 1)
        guard let first = args.first, !stream.isBinding(first.range) else { return }
        let api: String
        if stream[i].word == .performSegueWithIdentifier {
            guard first.labelToken < 0 else { return }
            api = "performSegueWithIdentifier(_:sender:)"
        } else if r.expressions.hasLabel(first, "withIdentifier") {
            api = "performSegue(withIdentifier:sender:)"
        } else if first.labelToken < 0 {
            api = "performSegue(_:) wrapper"
        } else {
            return
        }
        var onSelf = true
        var receiverType: String?
        var receiverMember: String?
        if let receiver = stream.receiver(ofMethodAt: i) {
            // `self` or `super` is a single name: no text of the receiver is made.
            let isSuper = receiver.count == 1 && stream.isIdentifier(receiver.lowerBound, "super")
            // An override forwarding to `super.performSegue(withIdentifier: identifier, …)` performs nothing itself.
            if isSuper, let f = r.scopes.functionIndex, case let nameToken = r.scopes.scopes[f].nameToken, nameToken >= 0,
               stream.text(nameToken, equals: stream[i].word.rawValue) {
                return
            }
            // `super.performSegue(withIdentifier: segue, …)` with a local (in `viewDidAppear`, after `if let segue =
            // pendingSegue`) gives back an identifier a deferring override stored: checked where it was performed
            //, not a new call whose identifier is unknown.
            if isSuper, first.range.count == 1, stream.kind(first.range.lowerBound) == .identifier,
               r.scopes.localEntry(stream.text(first.range.lowerBound), names: stream) != nil {
                return
            }
            (onSelf, receiverType, receiverMember) = Self.receiver(receiver, r)
        }
        var use = CodeSeguePerform(identifier: r.string(first.range), onSelf: onSelf, api: api,
                                   enclosingType: r.scopes.typePath, location: r.location(i))
        use.receiverType = receiverType
        use.receiverMember = receiverMember
        r.file.performs.append(use)
    }

    /// Whether the `func performSegue…(` declared at `i` is UIKit's method overridden in a way that may handle an
    /// identifier itself (`TokenStream.overrideHandlesIdentifiers`). A wrapper of another signature (`func
    /// performSegue(_ segue: Segue)`, which forwards `segue.rawValue`) overrides nothing: UIKit's method still runs for
    /// every identifier.
    private static func handlesIdentifiers(at i: Int, _ r: SwiftCodeReader) -> Bool {
        let stream = r.stream
        guard stream.isPunct(i + 1, "(") else { return true }
        let close = stream.close(i + 1)
        var parameters = SwiftCodeReader.ParameterWalk(open: i + 1, close: close)
        guard let first = parameters.next(in: stream), first.first >= 0 else { return true }
        if stream[i].word == .performSegue, !stream.isIdentifier(first.first, "withIdentifier") { return false }
        // The body: the first `{` after the signature (none, as in a protocol: it may handle, as before).
        var j = close + 1
        while j < stream.count, j < close + 40, !stream.isPunct(j, "{") {
            if stream.isPunct(j, "}") || stream.isPunct(j, ";") { return true }
            j += 1
        }
        // The class body, where an identifier the override stores may be forwarded later.
        let typeBody = r.scopes.scopes.last(where: \.isType).map { $0.start + 1..<min($0.end, stream.count) }
        return stream.overrideHandlesIdentifiers(parameter: first.last, body: j, swift: true, typeBody: typeBody)
    }

    /// The class a member's type annotation names (`PlayerViewController!`, `PlayerViewController?`), or nil for
    /// anything else (a generic, an optional of a tuple, a module-qualified name).
    static func className(_ typeText: String) -> String? {
        var text = Substring(typeText)
        while let last = text.last, last == "!" || last == "?" { text = text.dropLast() }
        guard let first = text.first, first.isUppercase,
              text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(text)
    }

    /// What the receiver `r` of a `performSegue` is: `self` (also `self?` after `[weak self]`, or a local bound to
    /// `self`: `guard let strongSelf = self`), a class written in the code (a local `x as? T`, `… as! T`), or a
    /// property of the enclosing type, whose declared type the linker looks up. Anything else is not known.
    private static func receiver(_ range: Range<Int>, _ r: SwiftCodeReader) -> (onSelf: Bool, type: String?, member: String?) {
        let stream = r.stream
        var upper = range.upperBound
        while upper > range.lowerBound, stream.isPunct(upper - 1, "?") || stream.isPunct(upper - 1, "!") { upper -= 1 }
        let a = range.lowerBound
        switch upper - a {
        case 1 where stream.isIdentifier(a, "self") || stream.isIdentifier(a, "super"):
            return (true, nil, nil)
        case 1 where stream.kind(a) == .identifier:
            let name = stream.text(a)
            guard let (value, _) = r.scopes.localEntry(name, names: stream) else { return (false, nil, name) }
            guard case .pending(let tokens, true, _) = value else { return (false, nil, nil) }
            if tokens.count == 1, stream.isIdentifier(tokens.lowerBound, "self") { return (true, nil, nil) }
            // `… as? T`, `… as! T`: the last three tokens.
            let e = tokens.upperBound
            if tokens.count > 3, stream.kind(e - 1) == .identifier, stream.isPunct(e - 2, "?") || stream.isPunct(e - 2, "!"),
               stream.isIdentifier(e - 3, "as") {
                return (false, className(stream.text(e - 1)), nil)
            }
            return (false, nil, nil)
        case 3 where stream.isIdentifier(a, "self") && stream.isPunct(a + 1, ".") && stream.kind(a + 2) == .identifier:
            return (false, nil, stream.text(a + 2))
        default:
            return (false, nil, nil)
        }
    }
}
