import SBMapModel

extension LoadedCodeFile {
    /// The loads and instantiations recorded in `lines` of this file that name a parameter (as a storyboard name, a
    /// storyboard, or an identifier): what a helper that takes the names as parameters does with them (issue 20,
    /// class 3, `CodeParameterHelper`). Both readers ask it when a function body closes.
    func parameterUses(in lines: ClosedRange<Int>) -> (loads: [CodeStoryboardLoad], instantiations: [CodeInstantiation]) {
        func isParameter(_ s: CodeString?) -> Bool { if case .parameter = s { return true } else { return false } }
        func isParameter(_ ref: CodeStoryboardRef) -> Bool {
            switch ref {
            case .parameter: true
            case .named(let name): isParameter(name)
            default: false
            }
        }
        let loads = self.loads.filter { isParameter($0.name) && lines.contains($0.location.line) }
        let instantiations = self.instantiations.filter {
            (isParameter($0.storyboard) || isParameter($0.identifier)) && lines.contains($0.location.line)
        }
        return (loads, instantiations)
    }
}
