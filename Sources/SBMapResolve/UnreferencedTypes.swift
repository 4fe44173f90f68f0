import SBMapModel

/// Errors found in code of a class that nothing refers to.
///
/// A call that crashes only crashes when it runs. A class that no storyboard uses as a custom class and no other line
/// of code names (`ElementViewController` in element-ios: a leftover whose `instantiateViewController` names an ID
/// that `Main` no longer has) never runs, as far as the scan can tell; dynamic use (`NSClassFromString`) is possible,
/// so the finding stays, as a warning that says why (`FindingFact.typeNeverReferenced`). The sources are searched again only for the few classes that
/// hold an error, by whole word.
public enum UnreferencedTypes {
    /// The classes nothing refers to that hold the code at `locations` (findings' places in sources): each place
    /// inside such a class, with the class's name. `source(path)` gives a scanned source file's bytes (`nil` when it
    /// cannot be read: then nothing is said of it).
    public static func find(at locations: [SourceLocation], in graph: StoryboardGraph, sources: [String],
                            source: (String) -> [UInt8]?) -> [(location: SourceLocation, type: String)] {
        let places = locations.filter { isSource($0.path) }
        guard !places.isEmpty else { return [] }
        var texts: [String: [UInt8]] = [:]
        func text(_ path: String) -> [UInt8]? {
            if let cached = texts[path] { return cached }
            let bytes = source(path)
            texts[path] = bytes
            return bytes
        }
        // Scenes' classes only: a code node carries its type's name too.
        let customClasses = Set(graph.nodes.filter(\.role.isScene).compactMap(\.customClass))
        var verdict: [String: Bool] = [:]  // type name → referenced
        var found: [(location: SourceLocation, type: String)] = []
        for location in places {
            guard let bytes = text(location.path), let type = enclosingType(in: bytes, line: location.line) else { continue }
            if verdict[type] == nil {
                verdict[type] = customClasses.contains(type)
                    || sources.contains { path in text(path).map { references(type, in: $0) } ?? true }
            }
            if verdict[type] == false { found.append((location, type)) }
        }
        return found
    }

    static func isSource(_ path: String) -> Bool {
        path.hasSuffix(".swift") || path.hasSuffix(".m") || path.hasSuffix(".mm")
    }

    /// The class (or struct, extension, `@implementation`) declared last before `line`.
    static func enclosingType(in bytes: [UInt8], line: Int) -> String? {
        var current = 1
        var found: String?
        var lineStart = 0
        for i in 0...bytes.count {
            guard i == bytes.count || bytes[i] == 0x0A else { continue }
            if current >= line { break }
            if let name = declaredType(bytes[lineStart..<i]) { found = name }
            current += 1
            lineStart = i + 1
        }
        return found
    }

    /// `final class Foo: Bar`, `@implementation Foo`, `extension Foo` on one line: `Foo`.
    static func declaredType(_ line: ArraySlice<UInt8>) -> String? {
        let words = String(decoding: line, as: UTF8.self)
            .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "@") }).map(String.init)
        for (k, word) in words.enumerated() where k + 1 < words.count {
            if ["class", "struct", "extension", "actor", "@implementation", "@interface"].contains(word) {
                let name = words[k + 1]
                if name != "func", name != "var", name != "let" { return name }
            }
        }
        return nil
    }

    /// Whether `bytes` name `type` as a whole word anywhere but in a declaration of it.
    static func references(_ type: String, in bytes: [UInt8]) -> Bool {
        let needle = Array(type.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        func isWord(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
        }
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle),
               i == 0 || !isWord(bytes[i - 1]), i + needle.count == bytes.count || !isWord(bytes[i + needle.count]) {
                // Comments (a file header names the file) and file names do not run anything.
                var lineStart = i
                while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
                var first = lineStart
                while first < i, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
                let commented = bytes[first] == UInt8(ascii: "/") || bytes[first] == UInt8(ascii: "*")
                let fileName = i + needle.count < bytes.count && bytes[i + needle.count] == UInt8(ascii: ".")
                    && [".swift", ".m", ".h"].contains { suffix in
                        bytes[(i + needle.count)...].starts(with: Array(suffix.utf8))
                    }
                if commented || fileName {
                    i += needle.count
                    continue
                }
                // The word before it, on its line, says whether this is the declaration.
                var j = i - 1
                while j >= 0, bytes[j] == 0x20 || bytes[j] == 0x09 { j -= 1 }
                var start = j
                while start >= 0, isWord(bytes[start]) || bytes[start] == UInt8(ascii: "@") { start -= 1 }
                let before = j >= 0 && start < j ? String(decoding: bytes[(start + 1)...j], as: UTF8.self) : ""
                if !["class", "struct", "extension", "actor", "@implementation", "@interface", "@class"].contains(before) {
                    return true
                }
            }
            i += 1
        }
        return false
    }
}
