import SBMapModel

/// Helpers that take the storyboard names as parameters, in Objective-C: a method whose body
/// loads or instantiates with its parameters (`- (UIViewController *)makeWithStoryboard:(NSString *)name
/// identifier:(NSString *)identifier`), named by its selector with unlabelled parameters, and the message sends that
/// pass string literals (`[factory makeWithStoryboard:@"Settings" identifier:@"security"]`). The linker matches them
/// as it does Swift's (`CodeParameterHelper`, `CodeHelperCall`).
extension ObjCCodeReader {
    /// Records the method whose body is `scope` when it uses a parameter in a load or an instantiation.
    mutating func recordParameterHelper(_ scope: CodeScope, selector: String, parameters: [String]) {
        let lines = stream.line(scope.start)...stream.line(scope.end)
        // `+ (instancetype)instantiateFromStoryboard` naming the storyboard or the ID `NSStringFromClass(self)`
        //: a class-name helper.
        if parameters.isEmpty, let (parameter, loads, instantiations) = file.classNameUses(in: lines, generics: []) {
            file.classNameHelpers.append(CodeClassNameHelper(path: currentClass + [selector], typeParameter: parameter,
                                                             loads: loads, instantiations: instantiations))
        }
        let (loads, instantiations) = file.parameterUses(in: lines)
        guard !loads.isEmpty || !instantiations.isEmpty else { return }
        file.parameterHelpers.append(CodeParameterHelper(
            path: currentClass + [selector], parameters: parameters.map { .init(label: nil, name: $0, hasDefault: false) },
            loads: loads, instantiations: instantiations))
    }

    /// Records each message send `[receiver part:arg part:arg]` one of whose arguments is a string literal, by its
    /// selector. The parts are the names followed by `:` outside nested brackets, after the receiver.
    mutating func recordHelperCalls() {
        var i = 0
        while i < stream.count {
            if stream.isPunct(i, "[") { messageSend(open: i) }
            i += 1
        }
    }

    private mutating func messageSend(open: Int) {
        let close = stream.close(open)
        guard close < stream.count, close > open + 3 else { return }
        var parts: [(name: Int, argument: Int)] = []
        var j = open + 1
        while j < close {
            if stream.isPunct(j, "(") || stream.isPunct(j, "[") || stream.isPunct(j, "{") { j = stream.close(j) + 1; continue }
            if stream.kind(j) == .identifier, stream.isPunct(j + 1, ":"), j > open + 1 { parts.append((j, j + 2)); j += 2; continue }
            j += 1
        }
        guard !parts.isEmpty else { return }
        var values: [CodeHelperCall.Argument] = []
        var anyLiteral = false
        for (k, part) in parts.enumerated() {
            let end = k + 1 < parts.count ? parts[k + 1].name : close
            if end == part.argument + 1, stream.kind(part.argument) == .string {
                values.append(.string(.literal(stream.text(part.argument))))
                anyLiteral = true
            } else {
                values.append(.other)
            }
        }
        guard anyLiteral else { return }
        let selector = parts.map { stream.text($0.name) + ":" }.joined()
        let at = parts[0].name
        file.helperCalls.append(CodeHelperCall(name: selector, labels: Array(repeating: nil, count: parts.count), values: values,
                                               enclosingType: file.enclosingType(ofLine: stream.line(at))?.path ?? [],
                                               location: location(at)))
    }
}
