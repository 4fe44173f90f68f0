import CYaml  // libyaml, which Yams is built on: its event parser, which builds no node and expands no alias

/// Checks a settings file's YAML by the parser's events, before Yams builds a node tree from it.
///
/// Themes and `.sbmap.yml` hold settings, which never need anchors (`&name`) or aliases (`*name`), while an alias is
/// how a 500-byte file becomes 10^9 work: Yams expands an alias used in a mapping key when it hashes the key (a "key
/// bomb", also in flow style: `? &a [*b, *b]`), before any tree is handed back. libyaml's event parser reads the
/// text in one linear pass and reports each anchor and alias as the node it belongs to, wherever it is (a block or
/// flow key, a value, a sequence item, after a tag), so what YAML reads as text (`R&D`, `'*x'`, a comment, a block
/// scalar) is never taken for one.
///
/// The same pass refuses what else only costs work and gives unreadable messages: a key that is a list or a mapping
/// (settings keys are words), and a key written twice in one mapping (named, with the line of its first use).
enum YAMLAnchors {
    struct Problem: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    static let anchorMessage = "YAML anchors and aliases (&name, *name) are not allowed here: the file holds settings, so write each value out (quote a value that starts with & or *)"

    /// The problems of `text`, in the order written, at most `limit` of them. A syntax error ends the pass with what
    /// was found before it (Yams then reports the error itself).
    static func find(in text: String, limit: Int = 20) -> [Problem] {
        var text = text
        return text.withUTF8 { bytes in check(bytes, limit: limit) }
    }

    /// A mapping or sequence being read: in a mapping, whether the next node is a key, and the keys seen.
    private struct Container {
        var isMapping: Bool
        var expectsKey = true
        var keys: [String: Int] = [:]
    }

    private static func check(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> [Problem] {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return [] }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        var problems: [Problem] = []
        var stack: [Container] = []
        var event = yaml_event_t()
        while problems.count < limit {
            guard yaml_parser_parse(&parser, &event) == 1 else { break }
            defer { yaml_event_delete(&event) }
            let type = event.type
            if type == YAML_STREAM_END_EVENT { break }
            let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
            func note(_ message: String) { problems.append(Problem(line: line, column: column, message: message)) }

            let isNode = type == YAML_SCALAR_EVENT || type == YAML_ALIAS_EVENT || type == YAML_SEQUENCE_START_EVENT
                || type == YAML_MAPPING_START_EVENT
            guard isNode else {
                if type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT { _ = stack.popLast() }
                continue
            }
            let anchor: UnsafeMutablePointer<yaml_char_t>?
            switch type {
            case YAML_SCALAR_EVENT: anchor = event.data.scalar.anchor
            case YAML_SEQUENCE_START_EVENT: anchor = event.data.sequence_start.anchor
            case YAML_MAPPING_START_EVENT: anchor = event.data.mapping_start.anchor
            default: anchor = event.data.alias.anchor
            }
            if type == YAML_ALIAS_EVENT || anchor != nil { note(anchorMessage) }

            // Where this node stands: a mapping's key, or a value or item.
            if let top = stack.indices.last, stack[top].isMapping {
                let isKey = stack[top].expectsKey
                stack[top].expectsKey.toggle()
                if isKey {
                    if type == YAML_SCALAR_EVENT {
                        let key = String(decoding: UnsafeBufferPointer(start: event.data.scalar.value, count: event.data.scalar.length),
                                         as: UTF8.self)
                        if let first = stack[top].keys[key] {
                            note("duplicate key '\(shown(key))' (first at line \(first)): each key is written once in a mapping")
                        } else {
                            stack[top].keys[key] = line
                        }
                    } else if type != YAML_ALIAS_EVENT {
                        note("a key must be a plain word, not a list or a mapping")
                    }
                }
            }
            if type == YAML_SEQUENCE_START_EVENT { stack.append(Container(isMapping: false)) }
            if type == YAML_MAPPING_START_EVENT { stack.append(Container(isMapping: true)) }
        }
        return Array(problems.prefix(limit))
    }

    /// A key as a message quotes it: one line, at most 60 characters.
    private static func shown(_ key: String) -> String {
        let line = String(key.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        return line.count > 60 ? line.prefix(57) + "..." : line
    }
}
