import SBMapModel

/// Reads the build settings of an `.xcconfig` file, which a project's build configuration names as its base
/// (`baseConfigurationReference`, or Xcode 16's `baseConfigurationReferenceAnchor` with
/// `baseConfigurationReferenceRelativePath`): NetNewsWire sets every target's `INFOPLIST_FILE` and `SDKROOT` there.
///
/// The format: one `KEY = value` a line, `KEY[sdk=iphoneos*] = value` for a condition, `//` to the end of the line
/// a comment (even inside a value, as Xcode reads it), an optional `;` at the end, and `#include "other.xcconfig"`
/// (`#include?` when the file may be missing), a path relative to the including file. A later line wins over an
/// earlier one, and over what an earlier include set. What cannot be known (`$(inherited)`, other `$(…)`) is kept
/// as written; the project reader leaves such values out.
///
/// Only files the scan can reach are read: `read` is asked for paths spelled like discovery's, and refuses any that
/// climb above the folder the scan started from. Includes nest at most `maxDepth` deep and `maxFiles` files are
/// read for one configuration, so a hostile chain of includes cannot run away.
struct XcconfigReader {
    static let maxDepth = 16
    static let maxFiles = 64

    /// Gives the bytes of the file at a path, or `nil` when it cannot or may not be read.
    let read: @Sendable (String) -> [UInt8]?

    /// The settings of the file at `path` and its includes, as a property-list dictionary whose values carry their
    /// `file:line:col`, in the order first set.
    func settings(at path: String) -> PlistValue {
        var keys: [String] = []
        var values: [PlistValue] = []
        var positions: [String: Int] = [:]
        var files = 0
        load(path, depth: 0, chain: [], files: &files) { key, value in
            if let k = positions[key] {
                values[k] = value
            } else {
                positions[key] = keys.count
                keys.append(key)
                values.append(value)
            }
        }
        let entries: [(key: String, value: PlistValue)] = zip(keys, values).map { (key: $0.0, value: $0.1) }
        return .dictionary(entries)
    }

    /// The `=` that ends a line's key: the first one outside brackets.
    private static func assignment(in line: Substring) -> Substring.Index? {
        var depth = 0
        for index in line.indices {
            switch line[index] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case "=" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// Where `//` starts in `line`, if anywhere.
    private static func comment(in line: Substring) -> Substring.Index? {
        var previousSlash = false
        for index in line.indices {
            if line[index] == "/" {
                if previousSlash { return line.index(before: index) }
                previousSlash = true
            } else {
                previousSlash = false
            }
        }
        return nil
    }

    private func load(_ path: String, depth: Int, chain: Set<String>, files: inout Int,
                      assign: (String, PlistValue) -> Void) {
        guard depth < Self.maxDepth, files < Self.maxFiles, !chain.contains(path), let bytes = read(path) else { return }
        files += 1
        let text = String(decoding: bytes, as: UTF8.self)
        let folder = ProjectPaths.parent(path)
        var lineNumber = 0
        // "\r\n" is one Character in Swift: split on every kind of line end.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            var line = Substring(rawLine)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("#include") {
                guard let open = trimmed.firstIndex(of: "\""),
                      let close = trimmed[trimmed.index(after: open)...].firstIndex(of: "\"") else { continue }
                let included = String(trimmed[trimmed.index(after: open)..<close])
                // `<DEVELOPER_DIR>/…` and other absolute includes are outside the scan.
                guard !included.isEmpty, !included.hasPrefix("/"), !included.hasPrefix("<") else { continue }
                load(ProjectPaths.join(folder, included), depth: depth + 1, chain: chain.union([path]), files: &files,
                     assign: assign)
                continue
            }
            if let comment = Self.comment(in: line) { line = line[..<comment] }
            // The `=` after the key, not one inside a condition (`KEY[sdk=iphoneos*]`).
            guard let equals = Self.assignment(in: line) else { continue }
            let key = String(line[..<equals]).trimmingSpaces
            guard !key.isEmpty, key.first.map({ $0.isLetter || $0 == "_" }) == true,
                  !key.contains(" ") || key.contains("["), !key.contains("\t") else { continue }
            var value = Substring(line[line.index(after: equals)...])
            while value.first == " " || value.first == "\t" { value = value.dropFirst() }
            let column = line.distance(from: line.startIndex, to: value.startIndex) + 1
            while value.last == " " || value.last == "\t" || value.last == ";" { value = value.dropLast() }
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            assign(key, .string(String(value), SourceLocation(path: path, line: lineNumber, column: column)))
        }
    }
}
