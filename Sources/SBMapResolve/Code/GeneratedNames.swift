import SBMapModel

/// The names SwiftGen and R.swift give to storyboards, scenes and segues, for mapping an accessor back to the
/// storyboard string when the generated file itself was not scanned (docs/input-format.md §7.2).
enum GeneratedNames {
    /// SwiftGen `swiftIdentifier`: words split on anything that is not a letter, digit or `_`, each capitalized
    /// (`my-storyboard` → `MyStoryboard`); a leading digit gets a `_`.
    static func swiftGenType(_ name: String) -> String {
        let parts = name.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        var s = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let f = s.first, f.isNumber { s = "_" + s }
        return s
    }

    /// SwiftGen `lowerFirstWord(swiftIdentifier(x))`: `MessagesList` → `messagesList`, `URLScreen` → `urlScreen`.
    static func swiftGenMember(_ name: String) -> String {
        lowerFirstWord(swiftGenType(name))
    }

    /// Lower-cases the leading capitals, keeping the last one when a lower-case letter follows it.
    static func lowerFirstWord(_ s: String) -> String {
        let chars = Array(s)
        var n = 0
        while n < chars.count, chars[n].isUppercase { n += 1 }
        if n == 0 { return s }
        if n > 1, n < chars.count, chars[n].isLowercase { n -= 1 }
        return String(chars[..<n]).lowercased() + String(chars[n...])
    }

    /// R.swift `SwiftIdentifier(name:)`: words split on non-alphanumerics, camel-cased, first letter lower-cased
    /// (`Main` → `main`, `settings-controller` → `settingsController`).
    static func rSwiftMember(_ name: String) -> String {
        let parts = name.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
        guard let first = parts.first else { return name }
        let head = first.prefix(1).lowercased() + first.dropFirst()
        return head + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A loose key for last-resort matching: letters and digits only, lower-cased.
    static func loose(_ s: String) -> String {
        String(s.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The accessor a generator derives from `name` for a storyboard.
    static func storyboardAccessor(_ name: String, generator: CodeGenerator) -> String {
        generator == .swiftGen ? swiftGenType(name) : rSwiftMember(name)
    }

    /// The accessor a generator derives from a storyboard identifier or a segue identifier.
    static func memberAccessor(_ name: String, generator: CodeGenerator) -> String {
        generator == .swiftGen ? swiftGenMember(name) : rSwiftMember(name)
    }
}
