import SBMapModel

/// Nibs loaded by name (issue 32): a view controller's `super.init(nibName:bundle:)`, `self.init(nibName:bundle:)`
/// and `ProfileViewController(nibName:bundle:)`; `UINib(nibName:bundle:)`; `NSNib(nibNamed:bundle:)`;
/// `Bundle.main.loadNibNamed(_:owner:options:)` (AppKit's `(_:owner:topLevelObjects:)` returns false instead of
/// raising). A declaration (`init(nibName nibNameOrNil: String?, …)`) records nothing.
///
/// A window controller's nib: `NSWindowController(windowNibName: "Prefs")`, `super.init(windowNibName:)` and an
/// override `var windowNibName: NSNib.Name? { "Prefs" }` (a missing nib leaves the controller without a window).
///
/// And the nib a view controller finds by itself (`isImplicit`): `ProfileViewController()` and
/// `ProfileViewController(nibName: nil, bundle: nil)` of a class whose name ends in `Controller` (the lexer notes
/// such `Name()` calls only); the rule decides whether the class is a view controller and has such a nib.
enum NibLoadRecognizer: SwiftAPIRecognizer {
    static let triggerWords: [CodeWord] = [.nibName, .NSNib, .loadNibNamed, .windowNibName]

    /// `Name()` where `Name` starts with a capital and ends in `Controller` (`ProfileViewController()`).
    static func mayRecordEmptyCall(named name: UnsafeBufferPointer<UInt8>) -> Bool {
        let suffix: StaticString = "Controller"
        let n = suffix.utf8CodeUnitCount
        guard name.count > n, let first = name.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return false }
        let s = suffix.utf8Start
        for k in 0..<n where name[name.count - n + k] != s[k] { return false }
        return true
    }

    static func readEmptyCall(at i: Int, _ r: inout SwiftCodeReader) {
        let s = r.stream
        let t = s[i]
        guard mayRecordEmptyCall(named: s.bytes.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[t.start..<t.end]) })
        else { return }
        recordImplicit(s.text(i), api: "init()", at: i, &r)
    }

    private static func recordImplicit(_ type: String, api: String, at i: Int, _ r: inout SwiftCodeReader) {
        r.file.nibLoads.append(CodeNibLoad(name: .typeName(type), api: api, enclosingType: r.scopes.typePath,
                                           location: r.location(i), isImplicit: true))
    }

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
            } else if !viaInit, s.isIdentifier(i + 2, "nil"), s.isPunct(i + 3, ",") || s.isPunct(i + 3, ")"),
                      isTypeName(s.text(callee)) {
                // `ProfileViewController(nibName: nil, bundle: nil)`: the nib UIKit finds by the class's name.
                recordImplicit(s.text(callee), api: "init(nibName:bundle:)", at: callee, &r)
            } else if viaInit && (s.isIdentifier(callee, "super") || s.isIdentifier(callee, "self")) || isTypeName(s.text(callee)) {
                record(open: i - 1, callee: callee, api: "init(nibName:bundle:)", outcome: .crashes, &r)
            }
        case .windowNibName:
            if s.isPunct(i - 1, "("), s.isPunct(i + 1, ":"), s.kind(i - 2) == .identifier {
                // `NSWindowController(windowNibName: "Prefs")`, `super.init(windowNibName:)`, `Prefs(windowNibName:owner:)`.
                var callee = i - 2
                let viaInit = s.isIdentifier(callee, "init") && s.isPunct(callee - 1, ".")
                if viaInit { callee -= 2 }
                guard viaInit && (s.isIdentifier(callee, "super") || s.isIdentifier(callee, "self")) || isTypeName(s.text(callee))
                else { return }
                let owner = r.expressions.arguments(open: i - 1).contains { r.expressions.hasLabel($0, "owner") }
                record(open: i - 1, callee: callee, api: owner ? "init(windowNibName:owner:)" : "init(windowNibName:)",
                       outcome: .fails, &r)
            } else if s.isIdentifier(i - 1, "var") {
                overriddenWindowNibName(at: i, &r)
            }
        default:
            return
        }
    }

    /// `override var windowNibName: NSNib.Name? { "Prefs" }` (or `{ return "Prefs" }`, `{ NSNib.Name("Prefs") }`):
    /// the nib every instance of the class loads. Another body is not followed.
    private static func overriddenWindowNibName(at i: Int, _ r: inout SwiftCodeReader) {
        let s = r.stream
        var k = i + 1
        while k < s.count, k < i + 12, !s.isPunct(k, "{") {
            if s.isPunct(k, "=") || s.isPunct(k, ";") || s.isPunct(k, "}") { return }
            k += 1
        }
        guard s.isPunct(k, "{") else { return }
        let close = s.close(k)
        var first = k + 1
        if s.isIdentifier(first, "return") { first += 1 }
        var last = close
        // `NSNib.Name("Prefs")`: the literal inside.
        if s.isIdentifier(first, "NSNib"), s.isPunct(first + 1, "."), s.isIdentifier(first + 2, "Name"), s.isPunct(first + 3, "(") {
            last = s.close(first + 3)
            first += 4
        }
        guard first + 1 == last, s.kind(first) == .string else { return }
        r.file.nibLoads.append(CodeNibLoad(name: r.string(first..<last), api: "windowNibName", outcome: .fails,
                                           enclosingType: r.scopes.typePath, location: r.location(first)))
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
