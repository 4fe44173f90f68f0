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
            if !r.scopes.typePath.isEmpty { r.file.performSegueOverrides.append(r.scopes.typePath) }
            return
        }
        guard r.recordUses, stream.isPunct(i + 1, "(") else { return }
        let args = r.expressions.arguments(open: i + 1)
        guard let first = args.first else { return }
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
        if let receiver = stream.receiver(ofMethodAt: i) {
            // `self` or `super` is a single name: no text of the receiver is made.
            let isSuper = receiver.count == 1 && stream.isIdentifier(receiver.lowerBound, "super")
            onSelf = isSuper || receiver.count == 1 && stream.isIdentifier(receiver.lowerBound, "self")
            // An override forwarding to `super.performSegue(withIdentifier: identifier, …)` performs nothing itself.
            if isSuper, let f = r.scopes.functionIndex, case let nameToken = r.scopes.scopes[f].nameToken, nameToken >= 0,
               stream.text(nameToken, equals: stream[i].word.rawValue) {
                return
            }
        }
        r.file.performs.append(CodeSeguePerform(identifier: r.string(first.range), onSelf: onSelf, api: api,
                                                enclosingType: r.scopes.typePath, location: r.location(i)))
    }
}
