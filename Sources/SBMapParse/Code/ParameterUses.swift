import SBMapModel

extension LoadedCodeFile {
    /// The loads and instantiations recorded in `lines` of this file that name a parameter (as a storyboard name, a
    /// storyboard, or an identifier): what a helper that takes the names as parameters does with them (`CodeParameterHelper`). Both readers ask it when a function body closes.
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

    /// The loads and instantiations recorded in `lines` that name the class the function is called on
    /// (`String(describing: self)`) or its generic parameter (`String(describing: T.self)`, one of `generics`), with
    /// the loads of the other storyboards those instantiations name; `nil` when there are none (`CodeClassNameHelper`). Both readers ask it when a function body closes.
    func classNameUses(in lines: ClosedRange<Int>, generics: [String])
        -> (typeParameter: String?, loads: [CodeStoryboardLoad], instantiations: [CodeInstantiation])? {
        func names(_ s: CodeString?) -> String?? {
            switch s {
            case .ownTypeName?: return .some(nil)
            case .typeName(let t)? where generics.contains(t): return .some(t)
            default: return .none
            }
        }
        func names(_ ref: CodeStoryboardRef) -> String?? {
            if case .named(let s) = ref { return names(s) }
            return .none
        }
        var parameter: String??
        var loads = self.loads.filter { load in
            guard lines.contains(load.location.line), let found = names(load.name) else { return false }
            parameter = parameter ?? found
            return found == parameter!
        }
        let instantiations = self.instantiations.filter { use in
            guard lines.contains(use.location.line) else { return false }
            guard let found = names(use.identifier) ?? names(use.storyboard) else { return false }
            parameter = parameter ?? found
            return found == parameter!
        }
        guard let parameter, !loads.isEmpty || !instantiations.isEmpty else { return nil }
        // The loads of the storyboards those instantiations name otherwise (`UIStoryboard(name: "Main", …)` in
        // `loadFromMainStoryboard`): checked at each call too, with their bundle.
        var other: Set<CodeString> = []
        for use in instantiations { if case .named(let name) = use.storyboard, names(name) == nil { other.insert(name) } }
        if !other.isEmpty {
            loads += self.loads.filter { lines.contains($0.location.line) && other.contains($0.name) }
        }
        return (parameter, loads, instantiations)
    }
}
