import SBMapModel

/// Helpers that take the storyboard names as parameters, in Swift: the functions whose body loads
/// or instantiates with a parameter directly (`CodeParameterHelper`), and the calls that pass literals, which may
/// call one (`CodeHelperCall`). Which call calls which helper is decided by the linker, across files.
extension SwiftCodeReader {
    /// Records `scope`, a closing function body, as a `CodeParameterHelper` when it is a `func` whose body loads a
    /// storyboard or instantiates a scene with one of its parameters (the uses recorded inside its lines).
    mutating func recordParameterHelper(_ scope: CodeScope) {
        let n = scope.nameToken
        guard n > 0, stream[n - 1].word == .func, stream.kind(n) == .identifier else { return }
        let lines = stream.location(scope.start, path: filePath).line...stream.location(scope.end, path: filePath).line
        recordClassNameHelper(scope, lines: lines)
        // Most bodies use no parameter in a storyboard call: nothing else is read for them.
        let (loads, instantiations) = file.parameterUses(in: lines)
        guard !loads.isEmpty || !instantiations.isEmpty else { return }
        var open = n + 1
        if stream.isPunct(open, "<") {
            while open < scope.start, !stream.isPunct(open, "(") { open += 1 }
        }
        guard stream.isPunct(open, "(") else { return }
        var parameters: [CodeParameterHelper.Parameter] = []
        var walk = SwiftCodeReader.ParameterWalk(open: open, close: stream.close(open))
        while let p = walk.next(in: stream) {
            // `name: T` and `label name: T`: the first word is the label either way.
            let label = stream.text(p.first)
            let equals = p.type.first { stream.isPunct($0, "=") }
            parameters.append(.init(label: label == "_" ? nil : label, name: stream.text(p.last), hasDefault: equals != nil,
                                    defaultValue: equals.flatMap { defaultValue(($0 + 1)..<p.type.upperBound) }))
        }
        file.parameterHelpers.append(CodeParameterHelper(path: scopes.typePath + [stream.text(n)], parameters: parameters,
                                                         loads: loads, instantiations: instantiations))
    }

    /// Records `scope`, a closing `func`, as a `CodeClassNameHelper` when its body loads or instantiates with the
    /// name of the class it is called on (`String(describing: self)`) or of its generic parameter
    /// (`String(describing: T.self)` in `func instantiate<T>(_: T.Type)`).
    private mutating func recordClassNameHelper(_ scope: CodeScope, lines: ClosedRange<Int>) {
        let n = scope.nameToken
        // The generic parameters' names: `<T: UIViewController, U>`.
        var generics: [String] = []
        if stream.isPunct(n + 1, "<") {
            var k = n + 2
            var expectName = true
            while k < scope.start, !stream.isPunct(k, ">") {
                if expectName, stream.kind(k) == .identifier { generics.append(stream.text(k)); expectName = false }
                if stream.isPunct(k, ",") { expectName = true }
                k += 1
            }
        }
        guard let (parameter, loads, instantiations) = file.classNameUses(in: lines, generics: generics) else { return }
        file.classNameHelpers.append(CodeClassNameHelper(path: scopes.typePath + [stream.text(n)], typeParameter: parameter,
                                                         loads: loads, instantiations: instantiations))
    }

    /// A parameter's default value that the linker can follow: a string literal, or a storyboard load with a literal
    /// name (firebase's `_ storyboard: UIStoryboard = UIStoryboard(name: "Main", bundle: nil)`).
    private func defaultValue(_ range: Range<Int>) -> CodeHelperCall.Argument? {
        guard !range.isEmpty else { return nil }
        if range.count == 1, stream.kind(range.lowerBound) == .string { return .string(string(range, dynamicText: false)) }
        let word = stream.word(range.lowerBound)
        guard word == .UIStoryboard || word == .NSStoryboard, let ref = storyboardExpression(range, strict: true) else { return nil }
        return .storyboard(ref)
    }

    /// Records the calls `name(…)` that pass a string literal or a storyboard load as a whole argument: one pass
    /// over the tokens, with a stack of the open brackets, after the file is read (the bodies the reader stepped over
    /// hold such calls too). A call to a function declared here (`func name(`) is not one.
    mutating func recordHelperCalls() {
        var open: [(index: Int, marked: Bool)] = []
        var i = 0
        while i < stream.count {
            let t = stream[i]
            if t.kind == .punct {
                if t.punct == UInt8(ascii: "(") || t.punct == UInt8(ascii: "[") || t.punct == UInt8(ascii: "{") {
                    open.append((i, false))
                } else if t.punct == UInt8(ascii: ")") || t.punct == UInt8(ascii: "]") || t.punct == UInt8(ascii: "}") {
                    if let last = open.popLast(), last.marked { helperCall(open: last.index) }
                    // `name()`: a call that takes every default of the function it calls.
                    if t.punct == UInt8(ascii: ")"), stream.isPunct(i - 1, "("), stream.kind(i - 2) == .identifier,
                       stream.word(i - 2) == .other, stream.word(i - 3) != .func {
                        file.bareCalls.insert(stream.text(i - 2))
                    }
                }
            } else if !open.isEmpty, stream.isPunct(open[open.count - 1].index, "("), startsArgument(i),
                      t.kind == .string ? endsArgument(i + 1)
                                        : (t.word == .UIStoryboard || t.word == .NSStoryboard) && stream.isPunct(i + 1, "(") {
                open[open.count - 1].marked = true
            }
            i += 1
        }
    }

    private func startsArgument(_ i: Int) -> Bool {
        stream.isPunct(i - 1, "(") || stream.isPunct(i - 1, ",") || stream.isPunct(i - 1, ":")
    }

    private func endsArgument(_ i: Int) -> Bool { stream.isPunct(i, ",") || stream.isPunct(i, ")") }

    /// The call whose arguments open at `open`, if its callee is a plain name (not a declaration, not a word the
    /// recognisers read).
    private mutating func helperCall(open: Int) {
        let callee = open - 1
        guard stream.kind(callee) == .identifier, stream.word(callee) == .other, !stream[open].newlineBefore,
              stream.word(callee - 1) != .func else { return }
        var labels: [String?] = []
        var values: [CodeHelperCall.Argument] = []
        for argument in expressions.arguments(open: open) {
            labels.append(expressions.label(argument))
            let range = argument.range
            let word = stream.word(range.lowerBound)
            if range.count == 1, stream.kind(range.lowerBound) == .string {
                values.append(.string(string(range, dynamicText: false)))
            } else if word == .UIStoryboard || word == .NSStoryboard, let ref = storyboardExpression(range, strict: true) {
                values.append(.storyboard(ref))
            } else {
                values.append(.other)
            }
        }
        let line = stream.location(callee, path: filePath).line
        file.helperCalls.append(CodeHelperCall(name: stream.text(callee), labels: labels, values: values,
                                               enclosingType: file.enclosingType(ofLine: line)?.path ?? [],
                                               location: location(callee)))
    }
}
