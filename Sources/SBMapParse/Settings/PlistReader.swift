import Foundation
import SBMapModel

/// A property-list value, reduced to what entry-point extraction needs: dictionaries (in document order),
/// arrays, and strings with the place they are written. Numbers, dates, data and booleans are `other`.
indirect enum PlistValue: Equatable {
    case dictionary([(key: String, value: PlistValue)])
    case array([PlistValue])
    case string(String, SourceLocation)
    case other

    static func == (a: PlistValue, b: PlistValue) -> Bool {
        switch (a, b) {
        case let (.dictionary(x), .dictionary(y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(x), .array(y)): x == y
        case let (.string(x, l), .string(y, m)): x == y && l == m
        case (.other, .other): true
        default: false
        }
    }

    /// The value for `key`, when this is a dictionary.
    subscript(key: String) -> PlistValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    var arrayValue: [PlistValue] {
        if case .array(let items) = self { return items }
        return []
    }

    var stringValue: (String, SourceLocation)? {
        if case .string(let text, let location) = self { return (text, location) }
        return nil
    }
}

/// The SAX delegate that builds a `PlistValue` from an XML property list, noting where each `<string>` starts.
///
/// The containers being filled are objects (`Frame`), each holding its array alone, so an entry is appended in
/// place. With the arrays in enum payloads on the stack, each `append` copied the container, which made a dictionary
/// or array of n entries cost n² (40,000 keys took 16 s).
final class XMLPlistReader: SAXDelegate {
    let path: String
    private(set) var root: PlistValue?
    /// The root element's name, when it is not `<plist>`.
    private(set) var foreignRoot: (name: String, line: Int, column: Int)?

    private final class Frame {
        enum Kind {
            case dictionary
            case array
            case key
            case string(SourceLocation)
            /// `<integer>`, `<true/>`, `<date>`, `<data>`, `<real>`, or an unknown element.
            case other
        }
        let kind: Kind
        var entries: [(key: String, value: PlistValue)] = []
        var pendingKey: String?
        var items: [PlistValue] = []
        var text: [UInt8] = []

        init(_ kind: Kind) { self.kind = kind }
    }
    private var frames: [Frame] = []
    private var depth = 0

    init(path: String) {
        self.path = path
    }

    func startElement(_ name: SAXName, _ attributes: SAXAttributes, in session: SAXSession) {
        depth += 1
        if depth == 1 {
            if !name.equals("plist") {
                let (line, column) = session.position()
                foreignRoot = (name.string, line, column)
                session.stop()
            }
            return
        }
        if name.equals("dict") {
            frames.append(Frame(.dictionary))
        } else if name.equals("array") {
            frames.append(Frame(.array))
        } else if name.equals("key") {
            frames.append(Frame(.key))
        } else if name.equals("string") {
            let (line, column) = session.position()
            frames.append(Frame(.string(SourceLocation(path: path, line: line, column: column))))
        } else {
            frames.append(Frame(.other))
        }
    }

    func endElement(_ name: SAXName, in session: SAXSession) {
        defer { depth -= 1 }
        guard depth > 1, let frame = frames.popLast() else { return }
        switch frame.kind {
        case .dictionary: add(.dictionary(frame.entries))
        case .array: add(.array(frame.items))
        case .string(let location): add(.string(String(decoding: frame.text, as: UTF8.self), location))
        case .other: add(.other)
        case .key:
            if let parent = frames.last, case .dictionary = parent.kind {
                parent.pendingKey = String(decoding: frame.text, as: UTF8.self)
            }
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, in session: SAXSession) {
        guard let frame = frames.last else { return }
        switch frame.kind {
        case .key, .string: frame.text.append(contentsOf: bytes)
        default: break
        }
    }

    /// Adds a finished value to the enclosing dictionary (under its pending key) or array, or makes it the root.
    private func add(_ value: PlistValue) {
        guard let parent = frames.last else {
            if root == nil { root = value }
            return
        }
        switch parent.kind {
        case .dictionary:
            // A value without a key is not a well-formed plist: it is ignored.
            guard let key = parent.pendingKey else { return }
            parent.entries.append((key, value))
            parent.pendingKey = nil
        case .array:
            parent.items.append(value)
        default:
            break  // a value inside a <string>: not a well-formed plist; ignore it
        }
    }
}

extension PlistValue {
    /// Converts what `PropertyListSerialization` returns (binary and OpenStep plists). Such files have no
    /// useful line numbers, so every string is located at the file alone (line 0).
    init(foundation value: Any, path: String) {
        switch value {
        case let dictionary as [String: Any]:
            // Binary plists keep no key order; sorting keeps the output deterministic.
            self = .dictionary(dictionary.keys.sorted().map { ($0, PlistValue(foundation: dictionary[$0] as Any, path: path)) })
        case let array as [Any]:
            self = .array(array.map { PlistValue(foundation: $0, path: path) })
        case let string as String:
            self = .string(string, SourceLocation(path: path))
        default:
            self = .other
        }
    }
}
