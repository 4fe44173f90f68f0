import SBMapModel

/// `--source-url TEMPLATE`: how a `path:line` becomes a link to the file in a code browser, for example
/// `https://github.com/OWNER/REPO/blob/SHA/{path}#L{line}`.
///
/// Only `http` and `https` templates with a host are accepted (a `javascript:` or `data:` template would run in the
/// reader's browser). `{path}` is percent-encoded one segment at a time, so a file named `a#b?.storyboard` or
/// `"><script>` stays one path segment of the URL; `{line}` is digits. Without a line (a whole file), the part of the
/// template from the `#` before `{line}` is left out, or `{line}` becomes `1` when it is not in the fragment.
public struct SourceLinks: Hashable, Sendable {
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
    }

    public let template: String

    public init(template: String) throws {
        let lower = template.lowercased()
        let scheme = lower.hasPrefix("https://") ? "https://" : lower.hasPrefix("http://") ? "http://" : nil
        guard let scheme else {
            throw Failure(description: "--source-url must be an http:// or https:// URL with {path} (and {line}), e.g. 'https://github.com/OWNER/REPO/blob/SHA/{path}#L{line}'; got '\(template)'")
        }
        let rest = template.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "{" }
        guard !host.isEmpty, !host.contains("@") else {
            throw Failure(description: "--source-url needs a host after \(scheme) (and no user name): '\(template)'")
        }
        guard template.contains("{path}") else {
            throw Failure(description: "--source-url must contain {path} where the file's path goes: '\(template)'")
        }
        if let bad = template.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value >= 0x7F || "\"'<>\\`^|".unicodeScalars.contains($0) }) {
            throw Failure(description: "--source-url may not contain '\(bad.value <= 0x20 || bad.value >= 0x7F ? "U+" + String(bad.value, radix: 16, uppercase: true) : String(bad))'; percent-encode it: '\(template)'")
        }
        var unknown = template.replacingOccurrences(of: "{path}", with: "").replacingOccurrences(of: "{line}", with: "")
        unknown = String(unknown.filter { $0 == "{" || $0 == "}" })
        guard unknown.isEmpty else {
            throw Failure(description: "--source-url knows only {path} and {line}: '\(template)'")
        }
        self.template = template
    }

    /// The link for `path` (as sbmap prints it) at `line` (0: the file).
    public func url(path: String, line: Int) -> String {
        var url = template
        if line > 0 {
            url = url.replacingOccurrences(of: "{line}", with: String(line))
        } else if let lineRange = url.range(of: "{line}") {
            if let hash = url[..<lineRange.lowerBound].lastIndex(of: "#") {
                // `…{path}#L{line}` → `…{path}`: the fragment only ever points at the line.
                let fragmentEnd = url[lineRange.upperBound...].firstIndex(of: "{") ?? url.endIndex
                url.removeSubrange(hash..<fragmentEnd)
            }
            url = url.replacingOccurrences(of: "{line}", with: "1")
        }
        return url.replacingOccurrences(of: "{path}", with: Self.encodePath(path))
    }

    /// The link for a place.
    public func url(_ location: SourceLocation) -> String { url(path: location.path, line: location.line) }

    /// Each segment percent-encoded: only ASCII letters, digits and `-._~` stay as they are; `/` separates segments.
    /// `.` segments and empty ones are dropped. (Paths are as sbmap prints them, relative to where it ran: run it
    /// from the repository's root for paths that match the code browser's.)
    static func encodePath(_ path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        return segments.map { segment in
            var out = ""
            for byte in segment.utf8 {
                let keep = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F || byte == 0x7E || byte == 0x2E
                if keep {
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    let hex = String(byte, radix: 16, uppercase: true)
                    out += "%" + (hex.count == 1 ? "0" : "") + hex
                }
            }
            return out
        }.joined(separator: "/")
    }
}
