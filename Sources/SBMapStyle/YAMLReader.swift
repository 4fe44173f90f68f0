import Yams

/// A problem in a YAML file: where, which key, what.
public struct YAMLProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file (or `builtin:NAME`).
    public var file: String
    /// 1-based; 0 when not known.
    public var line: Int
    public var column: Int
    /// Dotted key path, such as `edges.kinds.show.color`; empty for the file as a whole.
    public var keyPath: String
    public var message: String
    /// What a key path is called: `theme key`, `key`.
    public var subject: String

    public init(file: String, line: Int, column: Int, keyPath: String, message: String, subject: String = "theme key") {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
        self.subject = subject
    }

    /// `file:line:col: error: theme key 'a.b': message`, the format Xcode and CI annotators read.
    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        let key = keyPath.isEmpty ? "" : "\(subject) '\(keyPath)': "
        return "\(place): error: \(key)\(message)"
    }
}

/// Walks a YAML (or JSON) node tree, collecting every problem with its `file:line:col` and key path rather than
/// stopping at the first: a user fixes a theme or a config file in one go. Themes and `.sbmap.yml` read through it.
/// A class so the readers of each section can share the problem list.
open class YAMLReader {
    public let file: String
    /// What a key path is called in messages: `theme key`, `key`.
    public let subject: String
    public private(set) var problems: [YAMLProblem] = []

    public init(file: String, subject: String = "key") {
        self.file = file
        self.subject = subject
    }

    /// Every problem, when the text is not YAML.
    public struct Failure: Error, Sendable {
        public var problems: [YAMLProblem]
    }

    /// Parses `text` into a node tree; a syntax error becomes a `Failure` with its place. Anchors, aliases, keys that
    /// are lists or mappings and duplicate keys are refused first, by the parser's events (`YAMLAnchors`), so no alias
    /// is ever expanded and no key costs more to compare than its length.
    public static func compose(_ text: String, file: String, subject: String = "key") throws -> Yams.Node? {
        let problems = YAMLAnchors.find(in: text)
        if !problems.isEmpty {
            throw Failure(problems: problems.map {
                YAMLProblem(file: file, line: $0.line, column: $0.column, keyPath: "", message: $0.message, subject: subject)
            })
        }
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Failure(problems: [syntaxProblem(error, file: file, subject: subject)])
        }
    }

    static func syntaxProblem(_ error: YamlError, file: String, subject: String) -> YAMLProblem {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return .init(file: file, line: mark.line, column: mark.column, keyPath: "", message: "not valid YAML/JSON: \(text)",
                         subject: subject)
        case let .duplicatedKeysInMapping(duplicates, context):
            // `YAMLAnchors` finds duplicates first, naming each; Yams names a key it cannot print `<uncovertable>`.
            let named = duplicates.filter { $0 != "<uncovertable>" }.map { "'\($0)'" }
            return .init(file: file, line: context.mark.line, column: context.mark.column, keyPath: "",
                         message: named.isEmpty ? "a key is written twice in one mapping" : "duplicate keys \(named.joined(separator: ", "))",
                         subject: subject)
        default:
            return .init(file: file, line: 0, column: 0, keyPath: "", message: "not valid YAML/JSON: \(error)", subject: subject)
        }
    }

    // MARK: Problems

    public func fail(_ node: Yams.Node?, _ path: [String], _ message: String) {
        problems.append(.init(file: file, line: node?.mark?.line ?? 0, column: node?.mark?.column ?? 0,
                              keyPath: path.joined(separator: "."), message: message, subject: subject))
    }

    // MARK: Structure

    /// Calls `body` for each key of a mapping; a key `body` does not handle is reported as unknown.
    public func fields(_ node: Yams.Node, _ path: [String], known: [String], _ body: (String, Yams.Node, [String]) -> Void) {
        guard let mapping = node.mapping else {
            fail(node, path, "expected a mapping with keys \(known.joined(separator: ", "))")
            return
        }
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                fail(keyNode, path, "keys must be plain words")
                continue
            }
            guard known.contains(key) else {
                fail(keyNode, path + [key], "unknown key '\(key)' (expected one of: \(known.joined(separator: ", ")))")
                continue
            }
            body(key, value, path + [key])
        }
    }

    // MARK: Scalars

    public func string(_ node: Yams.Node, _ path: [String]) -> String? {
        guard let s = node.scalar?.string else {
            fail(node, path, "expected a string")
            return nil
        }
        return s
    }

    public func number(_ node: Yams.Node, _ path: [String], range: ClosedRange<Double>) -> Double? {
        guard let s = node.scalar?.string, let d = Double(s), d.isFinite else {
            fail(node, path, "expected a number")
            return nil
        }
        guard range.contains(d) else {
            fail(node, path, "\(s) is out of range \(range.lowerBound)…\(range.upperBound)")
            return nil
        }
        return d
    }

    public func integer(_ node: Yams.Node, _ path: [String], range: ClosedRange<Int>) -> Int? {
        guard let s = node.scalar?.string, let i = Int(s) else {
            fail(node, path, "expected a whole number")
            return nil
        }
        guard range.contains(i) else {
            fail(node, path, "\(s) is out of range \(range.lowerBound)…\(range.upperBound)")
            return nil
        }
        return i
    }

    public func bool(_ node: Yams.Node, _ path: [String]) -> Bool? {
        switch node.scalar?.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            fail(node, path, "expected true or false")
            return nil
        }
    }

    public func word(_ node: Yams.Node, _ path: [String], allowed: Set<String>, what: String) -> String? {
        guard let s = string(node, path) else { return nil }
        guard allowed.contains(s) else {
            fail(node, path, "unknown \(what) '\(s)' (expected one of: \(allowed.sorted().joined(separator: ", ")))")
            return nil
        }
        return s
    }

    public func strings(_ node: Yams.Node, _ path: [String]) -> [String]? {
        if node.scalar != nil { return string(node, path).map { [$0] } }
        guard let items = node.sequence else {
            fail(node, path, "expected a list of strings")
            return nil
        }
        let values = items.compactMap { string($0, path) }
        return values.count == items.count ? values : nil
    }
}
