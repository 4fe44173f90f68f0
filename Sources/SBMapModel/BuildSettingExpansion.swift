/// Xcode's build-setting references in a value (`$(VAR)`, `${VAR}`, `$(VAR:rfc1034identifier)`), replaced by the
/// values of one target's settings: an Info.plist's `<string>$(INFOPLIST_KEY_UILaunchStoryboardName)
/// </string>`, a `PRODUCT_BUNDLE_IDENTIFIER` of `com.example.$(PRODUCT_NAME:rfc1034identifier)`.
public enum BuildSettingExpansion {
    /// Whether `text` refers to a build setting at all.
    public static func hasReferences(_ text: String) -> Bool {
        text.contains("$(") || text.contains("${")
    }

    /// `text` with every reference replaced, following references inside values (at most `depth` levels);
    /// `$(inherited)` is dropped. `nil` when a reference names a setting `settings` does not have, a modifier that
    /// is not known, or is not closed: what the build makes of it is not known here.
    public static func expand(_ text: String, with settings: [String: String], depth: Int = 8) -> String? {
        guard hasReferences(text) else { return text }
        guard depth > 0 else { return nil }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex, rest[afterDollar] == "(" || rest[afterDollar] == "{" else {
                result.append("$")
                rest = rest[afterDollar...]
                continue
            }
            let close: Character = rest[afterDollar] == "(" ? ")" : "}"
            let bodyStart = rest.index(after: afterDollar)
            guard let end = rest[bodyStart...].firstIndex(of: close) else { return nil }
            let body = rest[bodyStart..<end]
            // A reference inside a reference (`$(FOO_$(CONFIGURATION))`) is not followed.
            guard !body.contains("$") else { return nil }
            let parts = body.split(separator: ":", omittingEmptySubsequences: false)
            let name = String(parts[0])
            if name == "inherited" {
                rest = rest[rest.index(after: end)...]
                continue
            }
            guard let raw = settings[name], var value = expand(raw, with: settings, depth: depth - 1) else { return nil }
            for modifier in parts.dropFirst() {
                guard let changed = apply(String(modifier), to: value) else { return nil }
                value = changed
            }
            result += value
            rest = rest[rest.index(after: end)...]
        }
        result += rest
        return result
    }

    /// The simple modifiers: `rfc1034identifier` (what is not a letter, digit or `.` becomes `-`), `c99extidentifier`
    /// and `identifier` (what is not a letter, digit or `_` becomes `_`, and a leading digit gets one before it),
    /// `lower`, `upper`. `nil` for another.
    static func apply(_ modifier: String, to value: String) -> String? {
        func isAlphanumeric(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber) }
        switch modifier {
        case "rfc1034identifier":
            return String(value.map { isAlphanumeric($0) || $0 == "." ? $0 : "-" })
        case "c99extidentifier", "identifier":
            let mapped = String(value.map { isAlphanumeric($0) || $0 == "_" ? $0 : "_" })
            return mapped.first?.isNumber == true ? "_" + mapped : mapped
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        default: return nil
        }
    }

    /// The settings Xcode sets for every target when the project does not: `TARGET_NAME`, `PRODUCT_NAME` (the target's
    /// name) and `PRODUCT_MODULE_NAME` (the product's name as an identifier), over `settings`.
    public static func withDefaults(_ settings: [String: String], targetName: String) -> [String: String] {
        var all = settings
        all["TARGET_NAME"] = targetName
        if all["PRODUCT_NAME"] == nil { all["PRODUCT_NAME"] = "$(TARGET_NAME)" }
        if all["PRODUCT_MODULE_NAME"] == nil { all["PRODUCT_MODULE_NAME"] = "$(PRODUCT_NAME:c99extidentifier)" }
        return all
    }
}
