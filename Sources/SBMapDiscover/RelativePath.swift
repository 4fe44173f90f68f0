import Foundation

extension PathText {
    /// `absolute` relative to the folder `base` (`../App` when `base` is below the folder that holds it), or
    /// `absolute` itself when the two share nothing but `/`.
    public static func relative(_ absolute: String, from base: String) -> String {
        let a = URL(fileURLWithPath: absolute).standardizedFileURL.pathComponents
        let b = URL(fileURLWithPath: base).standardizedFileURL.pathComponents
        var common = 0
        while common < min(a.count, b.count), a[common] == b[common] { common += 1 }
        guard common > 1 else { return absolute }
        let parts = Array(repeating: "..", count: b.count - common) + a[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
