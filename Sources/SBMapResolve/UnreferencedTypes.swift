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
        // Each file's declarations are read once, however many findings it holds: a file of 26,000 broken calls
        // made this quadratic (minutes), when every place read its file from the top again.
        var tables: [String: EnclosingTypes] = [:]
        let typed = places.compactMap { location -> (location: SourceLocation, type: String)? in
            if tables[location.path] == nil, let bytes = text(location.path) { tables[location.path] = EnclosingTypes(bytes) }
            return tables[location.path]?.type(before: location.line).map { (location, $0) }
        }
        // Scenes' classes only: a code node carries its type's name too.
        let customClasses = Set(graph.nodes.filter(\.role.isScene).compactMap(\.customClass))
        var unreferenced = Set(typed.map(\.type)).subtracting(customClasses)
        // Every source is searched once for all the classes at once; one that cannot be read might name any of them.
        for path in sources where !unreferenced.isEmpty {
            guard let bytes = text(path) else { return [] }
            unreferenced.subtract(referenced(unreferenced, in: bytes))
        }
        return typed.filter { unreferenced.contains($0.type) }
    }

    static func isSource(_ path: String) -> Bool {
        path.hasSuffix(".swift") || path.hasSuffix(".m") || path.hasSuffix(".mm")
    }

    /// The class (or struct, extension, `@implementation`) declared last before `line`.
    static func enclosingType(in bytes: [UInt8], line: Int) -> String? {
        EnclosingTypes(bytes).type(before: line)
    }

    /// The type declared last before each line of a file, read in one pass.
    struct EnclosingTypes {
        /// `latest[n]`: the type declared last on lines 1..<n+1 (before line n + 1); index 0 is before line 1.
        private var latest: [String?] = [nil]

        init(_ bytes: [UInt8]) {
            var found: String?
            var lineStart = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
                if let name = declaredType(bytes[lineStart..<i]) { found = name }
                latest.append(found)
                lineStart = i + 1
            }
        }

        /// The type declared last on a line before `line` (1-based).
        func type(before line: Int) -> String? {
            line <= 1 ? nil : latest[min(line - 1, latest.count - 1)]
        }
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
        referenced([type], in: bytes).contains(type)
    }

    /// Which of `types` `bytes` name as a whole word anywhere but in a declaration of one, a comment line or a file
    /// name, in one pass over the bytes (linear: the words are looked up, never searched for one type at a time).
    static func referenced(_ types: Set<String>, in bytes: [UInt8]) -> Set<String> {
        var wanted = Dictionary(types.compactMap { type in
            Array(type.utf8).allSatisfy(isWord) ? (Array(type.utf8), type) : nil
        }, uniquingKeysWith: { a, _ in a })
        // A name with other bytes (none from `declaredType`) is never a whole word: searched for alone.
        var found = Set(types.filter { type in !Array(type.utf8).allSatisfy(isWord) && referencesAlone(type, in: bytes) })
        let lengths = Set(wanted.keys.map(\.count))
        var firstOfLine = 0  // the first byte of the current line that is not a space or a tab
        while firstOfLine < bytes.count, bytes[firstOfLine] == 0x20 || bytes[firstOfLine] == 0x09 { firstOfLine += 1 }
        var i = 0
        while i < bytes.count, !wanted.isEmpty {
            let b = bytes[i]
            if b == 0x0A {
                i += 1
                firstOfLine = i
                while firstOfLine < bytes.count, bytes[firstOfLine] == 0x20 || bytes[firstOfLine] == 0x09 { firstOfLine += 1 }
                continue
            }
            guard isWord(b) else { i += 1; continue }
            var end = i + 1
            while end < bytes.count, isWord(bytes[end]) { end += 1 }
            defer { i = end }
            guard lengths.contains(end - i), let type = wanted[Array(bytes[i..<end])] else { continue }
            // Comments (a file header names the file) and file names do not run anything.
            let commented = bytes[min(firstOfLine, i)] == UInt8(ascii: "/") || bytes[min(firstOfLine, i)] == UInt8(ascii: "*")
            let fileName = end < bytes.count && bytes[end] == UInt8(ascii: ".")
                && [".swift", ".m", ".h"].contains { suffix in bytes[end...].starts(with: Array(suffix.utf8)) }
            if commented || fileName { continue }
            // The word before it, on its line, says whether this is the declaration.
            var j = i - 1
            while j >= 0, bytes[j] == 0x20 || bytes[j] == 0x09 { j -= 1 }
            var start = j
            while start >= 0, isWord(bytes[start]) || bytes[start] == UInt8(ascii: "@") { start -= 1 }
            let before = j >= 0 && start < j ? String(decoding: bytes[(start + 1)...j], as: UTF8.self) : ""
            if !["class", "struct", "extension", "actor", "@implementation", "@interface", "@class"].contains(before) {
                found.insert(type)
                wanted[Array(bytes[i..<end])] = nil
            }
        }
        return found
    }

    /// `references`, one type at a time (quadratic in matches on one line): only for a name that is not one word, and
    /// as the tests' reference for `referenced`.
    static func referencesAlone(_ type: String, in bytes: [UInt8]) -> Bool {
        let needle = Array(type.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
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

    /// A byte of a word: ASCII letters, digits, `_`, and every byte of a non-ASCII character.
    private static func isWord(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }
}
