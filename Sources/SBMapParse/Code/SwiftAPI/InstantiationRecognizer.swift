import SBMapModel

/// A scene instantiated by its Storyboard ID: `instantiateViewController(withIdentifier:)`, `(identifier:)`,
/// `(identifier:creator:)`, AppKit's `instantiateController(withIdentifier:)`, and the Swift 2 spellings
/// `instantiateViewControllerWithIdentifier(_:)` / `instantiateControllerWithIdentifier(_:)`.
enum InstantiationRecognizer: SwiftAPIRecognizer {
    static let triggerWords: [CodeWord] = [
        .instantiateViewController, .instantiateController,
        .instantiateViewControllerWithIdentifier, .instantiateControllerWithIdentifier,
    ]

    static func read(at i: Int, _ r: inout SwiftCodeReader) {
        let stream = r.stream
        guard r.recordUses, !stream.isFuncKeyword(i - 1), stream.isPunct(i + 1, "(") else { return }
        // The lexer's word is the name as written: its spelling is a constant, and so is the usual `api`.
        let word = stream[i].word
        let name = word.rawValue
        let args = r.expressions.arguments(open: i + 1)
        guard let first = args.first else { return }
        let api: String
        if word == .instantiateViewControllerWithIdentifier || word == .instantiateControllerWithIdentifier {
            guard first.labelToken < 0 else { return }
            api = "\(name)(_:)"
        } else {
            guard r.expressions.hasLabel(first, "withIdentifier") || r.expressions.hasLabel(first, "identifier") else { return }
            if args.count == 1, r.expressions.hasLabel(first, "withIdentifier") {
                api = word == .instantiateViewController ? "instantiateViewController(withIdentifier:)"
                    : "instantiateController(withIdentifier:)"
            } else {
                // `instantiateViewController(identifier:creator:)`: appended into one reserved string (an
                // interpolated one allocates once per part).
                var built = name
                built.reserveCapacity(name.utf8.count + 40)
                built += "("
                // (The labels are read from the tokens: `expressions.label` here would copy the expressions, and
                // so retain and release the token arrays, once per argument.)
                for arg in args { built += arg.labelToken >= 0 ? stream.text(arg.labelToken) : "_"; built += ":" }
                built += ")"
                api = built
            }
        }
        record(at: i, identifier: r.string(first.range), api: api, &r)
    }

    /// Records the instantiation at `i` of scene `identifier` (`nil`: the initial scene) from the storyboard its
    /// receiver stands for (`self`'s when it has none).
    static func record(at i: Int, identifier: CodeString?, api: String, _ r: inout SwiftCodeReader) {
        let storyboard: CodeStoryboardRef
        if let receiver = r.stream.receiver(ofMethodAt: i) {
            storyboard = r.storyboardExpression(receiver, strict: false) ?? .dynamic(r.stream.text(receiver))
        } else {
            storyboard = .dynamic("self")
        }
        r.file.instantiations.append(CodeInstantiation(storyboard: storyboard, identifier: identifier, api: api,
                                                       enclosingType: r.scopes.typePath, location: r.location(i)))
    }
}
