import SBMapModel

/// Nibs loaded by name (issue 32): a view controller's `super.init(nibName:bundle:)`, `self.init(nibName:bundle:)`
/// and `ProfileViewController(nibName:bundle:)`; `UINib(nibName:bundle:)`; `NSNib(nibNamed:bundle:)`;
/// `Bundle.main.loadNibNamed(_:owner:options:)` (AppKit's `(_:owner:topLevelObjects:)` returns false instead of
/// raising). A declaration (`init(nibName nibNameOrNil: String?, …)`) records nothing.
enum NibLoadRecognizer: SwiftAPIRecognizer {
    static let triggerWords: [CodeWord] = [.nibName, .NSNib, .loadNibNamed]

    static func read(at i: Int, _ r: inout SwiftCodeReader) {
        guard r.recordUses else { return }
        let s = r.stream
        switch s[i].word {
        case .loadNibNamed:
            guard s.isPunct(i - 1, "."), s.isPunct(i + 1, "(") else { return }
            let args = r.expressions.arguments(open: i + 1)
            guard let first = args.first, first.labelToken < 0 else { return }
            let appKit = args.contains { r.expressions.hasLabel($0, "topLevelObjects") }
            // `Bundle.main.loadNibNamed` and `NSBundle.main…`; any other receiver is another bundle, named as written.
            let main = s.isIdentifier(i - 2, "main") && s.isPunct(i - 3, ".")
                && (s.isIdentifier(i - 4, "Bundle") || s.isIdentifier(i - 4, "NSBundle")) && !s.isPunct(i - 5, ".")
            let bundle: CodeBundle = main ? .main : .foreign(s.kind(i - 2) == .identifier ? s.text(i - 2) : "a bundle")
            r.file.nibLoads.append(CodeNibLoad(
                name: r.string(first.range), bundle: bundle,
                api: appKit ? "loadNibNamed(_:owner:topLevelObjects:)" : "loadNibNamed(_:owner:options:)",
                outcome: appKit ? .fails : .crashes, enclosingType: r.scopes.typePath, location: r.location(i)))
        case .NSNib:
            // `NSNib(nibNamed:bundle:)`, `NSNib.init(nibNamed:bundle:)`.
            let open = s.isPunct(i + 1, ".") && s.isIdentifier(i + 2, "init") ? i + 3 : i + 1
            guard !s.isPunct(i - 1, "."), s.isPunct(open, "("), s.isIdentifier(open + 1, "nibNamed"), s.isPunct(open + 2, ":") else { return }
            record(open: open, callee: i, api: "NSNib(nibNamed:bundle:)", outcome: .fails, &r)
        case .nibName:
            // The first argument of a call: `(nibName:` right after the callee.
            guard s.isPunct(i - 1, "("), s.isPunct(i + 1, ":"), s.kind(i - 2) == .identifier else { return }
            var callee = i - 2
            // `UINib.init(nibName:…)`, `super.init(nibName:…)`.
            let viaInit = s.isIdentifier(callee, "init") && s.isPunct(callee - 1, ".")
            if viaInit { callee -= 2 }
            if s.isIdentifier(callee, "UINib") {
                record(open: i - 1, callee: callee, api: "UINib(nibName:bundle:)", outcome: .crashes, &r)
            } else if viaInit && (s.isIdentifier(callee, "super") || s.isIdentifier(callee, "self")) || isTypeName(s.text(callee)) {
                record(open: i - 1, callee: callee, api: "init(nibName:bundle:)", outcome: .crashes, &r)
            }
        default:
            return
        }
    }

    /// Records the call whose arguments open at `open`: its first argument is the nib's name.
    private static func record(open: Int, callee: Int, api: String, outcome: CodeNibLoad.Outcome, _ r: inout SwiftCodeReader) {
        let s = r.stream
        let args = r.expressions.arguments(open: open)
        guard let first = args.first else { return }
        var bundle = CodeBundle.main
        for arg in args where r.expressions.hasLabel(arg, "bundle") {
            bundle = r.expressionReader.bundle(arg.range) ?? .foreign(s.text(arg.range))
        }
        r.file.nibLoads.append(CodeNibLoad(name: r.string(first.range), bundle: bundle, api: api, outcome: outcome,
                                           enclosingType: r.scopes.typePath, location: r.location(callee)))
    }

    /// `ProfileViewController`: a type's name (capitalised, not a framework function).
    private static func isTypeName(_ name: String) -> Bool {
        guard let c = name.utf8.first else { return false }
        return c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")
    }
}
