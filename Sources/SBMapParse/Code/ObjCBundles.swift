import SBMapModel

/// The bundles Objective-C code loads storyboards from: `bundle:` arguments, `NSBundle *` locals,
/// and class methods that return a bundle.
extension ObjCCodeReader {
    /// The bundle an expression stands for: `nil`, `[NSBundle mainBundle]` the main bundle;
    /// `[NSBundle bundleForClass:[self class]]` (or `self`, `self.class`) and `SWIFTPM_MODULE_BUNDLE` the caller's own;
    /// `[NSBundle bundleForClass:[X class]]` class `X`'s; `[BundleHelper frameworkBundle]`, `OTRAssets.resourcesBundle`
    /// a member that returns one; a local bound to one; anything else (`bundleWithIdentifier:`, `bundleWithPath:`) a
    /// foreign bundle.
    func bundle(_ range: Range<Int>) -> CodeBundle {
        let text = stream.text(range)
        switch text {
        case "nil", "NULL", "[NSBundle mainBundle]", "NSBundle.mainBundle": return .main
        case "SWIFTPM_MODULE_BUNDLE": return .own
        default: break
        }
        guard let a = range.first else { return .foreign(text) }
        if stream.isPunct(a, "["), stream.close(a) == range.upperBound - 1, let msg = message(open: a), msg.parts.count == 1 {
            let (selector, argument) = msg.parts[0]
            let receiver = stream.text(msg.receiver)
            if receiver == "NSBundle", selector == "bundleForClass" {
                switch expressions.typeName(argument) {
                case .ownTypeName?: return .own
                case .typeName(let name)?: return .ofType(name)
                default: return .foreign(text)
                }
            }
            if receiver == "NSBundle", selector == "bundleWithIdentifier", !argument.isEmpty {
                return .identifier(expressions.string(argument, locals: scopes), text: text)
            }
            guard argument.isEmpty else { return .foreign(text) }
            // `[[self class] frameworkBundle]`: a class method of the enclosing class.
            if receiver == "[self class]" || receiver == "self.class" { return .member([selector]) }
            if let path = expressions.dottedPath(msg.receiver) {
                return .member((path.first == "self" ? Array(path.dropFirst()) : path) + [selector])
            }
            return .foreign(text)
        }
        guard var path = expressions.dottedPath(range) else { return .foreign(text) }
        if path.count == 1, let value = scopes.local(path[0]) {
            if case .bundle(let bundle) = value { return bundle }
            return .foreign(text)
        }
        if path.first == "self" { path.removeFirst() }
        return path.isEmpty ? .foreign(text) : .member(path)
    }

    /// `NSBundle *bundle = [NSBundle bundleForClass:[self class]];` in a method: a local bundle.
    mutating func bundleLocal(at i: Int) {
        let j = i + 2
        guard stream.kind(j) == .identifier else { return }
        let name = stream.text(j)
        guard stream.isPunct(j + 1, "=") else {
            scopes.declareLocal(name, .unknown)
            return
        }
        var end = j + 2
        while end < stream.count, !stream.isPunct(end, ";"), !stream.isPunct(end, "}") {
            if stream.isPunct(end, "[") || stream.isPunct(end, "(") { end = stream.close(end) + 1; continue }
            end += 1
        }
        scopes.declareLocal(name, .bundle(bundle((j + 2)..<min(end, stream.count))))
    }

    /// What a method body at `body` that returns an `NSBundle *` returns: the value of each `return`; for a returned
    /// name (`static NSBundle *bundle` set in a `dispatch_once` block), each value assigned to it other than `nil`.
    func bundleReturns(body: Int) -> [CodeBundle] {
        let close = stream.close(body)
        func statementEnd(_ start: Int) -> Int {
            var end = start
            while end < close, !stream.isPunct(end, ";") {
                if stream.isPunct(end, "[") || stream.isPunct(end, "(") || stream.isPunct(end, "{") { end = stream.close(end) + 1; continue }
                end += 1
            }
            return min(end, close)
        }
        var values: [CodeBundle] = []
        var j = body + 1
        while j < close {
            guard stream.isIdentifier(j, "return") else { j += 1; continue }
            let end = statementEnd(j + 1)
            if end == j + 2, stream.kind(j + 1) == .identifier, !stream.isIdentifier(j + 1, "nil") {
                // A returned name: what the body assigns to it.
                var assigned = false
                let name = stream.text(j + 1)
                for k in (body + 1)..<close where stream.isPunct(k, "=") && stream.kind(k - 1) == .identifier && stream.text(k - 1, equals: name) {
                    let valueEnd = statementEnd(k + 1)
                    let value = bundle((k + 1)..<valueEnd)
                    guard value != .main || !(stream.isIdentifier(k + 1, "nil") || stream.isIdentifier(k + 1, "NULL")) else { continue }
                    values.append(value)
                    assigned = true
                }
                if !assigned { values.append(.foreign(stream.text(j + 1))) }
            } else if end > j + 1 {
                values.append(bundle((j + 1)..<end))
            }
            j = end + 1
        }
        return values
    }
}
