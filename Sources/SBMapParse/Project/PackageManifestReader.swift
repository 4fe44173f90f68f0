import SBMapModel

/// Reads the targets of a Swift package's `Package.swift` without running Swift: a tolerant scan for
/// `platforms: [.iOS(…), .macOS(…)]` and each `.target(…)` / `.executableTarget(…)` with its `name:`, `path:`
/// (default `Sources/NAME`) and `exclude:`. Storyboards in a target's folder are its resources (`Bundle.module`).
///
/// A manifest that computes these (a variable for the name, a loop over targets) gives fewer targets, never an
/// error: what cannot be read statically is left out.
enum PackageManifestReader {
    static func read(bytes: [UInt8], path: String) -> Loaded<LoadedBuildProject> {
        let tokens = tokenize(bytes, path: path)
        let root = ProjectPaths.parent(path)
        var project = LoadedBuildProject(path: path, kind: .swiftPackage, name: path, root: root)
        let platforms = self.platforms(tokens)
        var k = 0
        while k + 2 < tokens.count {
            if tokens[k].text == ".", tokens[k + 1].kind == .identifier,
               ["target", "executableTarget"].contains(tokens[k + 1].text), tokens[k + 2].text == "(" {
                let (arguments, end) = self.arguments(tokens, openingAt: k + 2)
                if let name = arguments["name"]?.strings.first {
                    let folder = ProjectPaths.join(root, arguments["path"]?.strings.first?.text ?? "Sources/\(name.text)")
                    let excluded = (arguments["exclude"]?.strings ?? []).map { ProjectPaths.join(folder, $0.text) }.sorted()
                    project.targets.append(LoadedTarget(
                        name: name.text, productType: "swiftpm-target", platforms: platforms,
                        folders: [TargetFolder(path: folder, excluded: excluded)], declaredAt: name.location))
                }
                k = end
            }
            k += 1
        }
        return Loaded(path: path, project)
    }

    struct Token {
        enum Kind { case identifier, string, punct }
        var kind: Kind
        var text: String
        var location: SourceLocation
    }

    /// `platforms: [.iOS(.v15), .macOS(.v12)]`.
    static func platforms(_ tokens: [Token]) -> [Platform] {
        guard let start = tokens.indices.first(where: {
            tokens[$0].text == "platforms" && $0 + 2 < tokens.count && tokens[$0 + 1].text == ":" && tokens[$0 + 2].text == "["
        }) else { return [] }
        var found: Set<Platform> = []
        var depth = 0
        for k in (start + 2)..<tokens.count {
            switch tokens[k].text {
            case "[", "(": depth += 1
            case "]", ")": depth -= 1
            default:
                if depth == 1, k > 0, tokens[k - 1].text == "." {
                    switch tokens[k].text {
                    case "iOS", "macCatalyst": found.insert(.iOS)
                    case "macOS": found.insert(.macOS)
                    case "tvOS": found.insert(.tvOS)
                    case "watchOS": found.insert(.watchOS)
                    default: break
                    }
                }
            }
            if depth == 0 { break }
        }
        return found.sorted { $0.rawValue < $1.rawValue }
    }

    /// A call's labelled arguments at its own level: label → the string literals in its value.
    static func arguments(_ tokens: [Token], openingAt open: Int) -> (arguments: [String: (strings: [Token], at: Int)], end: Int) {
        var result: [String: (strings: [Token], at: Int)] = [:]
        var depth = 0
        var label: String?
        var k = open
        while k < tokens.count {
            let token = tokens[k]
            if token.kind == .punct {
                switch token.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    depth -= 1
                    if depth == 0 { return (result, k) }
                case ",": if depth == 1 { label = nil }
                default: break
                }
            }
            if depth == 1, token.kind == .identifier, k + 1 < tokens.count, tokens[k + 1].text == ":", label == nil {
                label = token.text
                result[token.text] = ([], k)
            } else if token.kind == .string, let current = label {
                // A plain literal only: `"Sources/\(x)"` was never a token here, and `.copy("x")` keeps its string.
                result[current]?.strings.append(token)
            }
            k += 1
        }
        return (result, tokens.count)
    }

    /// Identifiers, string literals (escapes decoded; an interpolation makes the string unknown and drops it) and
    /// single punctuation characters; comments skipped.
    static func tokenize(_ bytes: [UInt8], path: String) -> [Token] {
        var tokens: [Token] = []
        var i = 0, line = 1, lineStart = 0
        func location(_ at: Int) -> SourceLocation { SourceLocation(path: path, line: line, column: at - lineStart + 1) }
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                lineStart = i + 1
                i += 1
            } else if b == 0x20 || b == 0x09 || b == 0x0D {
                i += 1
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) {
                    if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
                    i += 1
                }
                i += 2
            } else if b == UInt8(ascii: "\"") {
                let start = i
                i += 1
                var value: [UInt8] = []
                var interpolated = false
                while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != 0x0A {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                        if bytes[i + 1] == UInt8(ascii: "(") { interpolated = true }
                        value.append(bytes[i + 1])
                        i += 2
                    } else {
                        value.append(bytes[i])
                        i += 1
                    }
                }
                i += 1
                if !interpolated {
                    tokens.append(Token(kind: .string, text: String(decoding: value, as: UTF8.self), location: location(start)))
                }
            } else if isIdentifierByte(b) {
                let start = i
                while i < bytes.count, isIdentifierByte(bytes[i]) || (bytes[i] >= 0x30 && bytes[i] <= 0x39) { i += 1 }
                tokens.append(Token(kind: .identifier, text: String(decoding: bytes[start..<i], as: UTF8.self), location: location(start)))
            } else {
                tokens.append(Token(kind: .punct, text: String(decoding: [b], as: UTF8.self), location: location(i)))
                i += 1
            }
        }
        return tokens
    }

    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }
}
