import SBMapModel

/// Follows the calls of helpers that name the storyboard and the Storyboard ID after the class:
/// `ReceiptVC.instantiateFromStoryboard()` through `extension UIViewController { static func
/// instantiateFromStoryboard() -> Self { UIStoryboard(name: String(describing: self), …).instantiateViewController(
/// withIdentifier: String(describing: self)) … } }`; `board.instantiate(ProfileVC.self)` through a generic helper
/// whose ID is `String(describing: T.self)`; and the Reusable library's `StoryboardBased` (the storyboard named after
/// the class, its initial scene) and `StoryboardSceneBased` (the type's `sceneStoryboard`, and its `sceneIdentifier`,
/// by default the class's name). Each use of the helper's body is added to the calling file as if written at the
/// call, with the class's name in place of `self`'s (or `T`'s): the rules then check it as a call with literals,
/// at the call, and link the caller to the scene. A call that no scanned helper (or Reusable protocol) explains
/// stays a class-name heuristic link, as before.
enum ClassNameHelperCalls {
    static func expand(_ files: inout [LoadedCodeFile]) {
        var helpersByName: [String: [CodeClassNameHelper]] = [:]
        var conformances: [String: Set<String>] = [:]
        var superclasses: [String: String] = [:]
        var sceneStoryboards: Set<[String]> = []
        var sceneIdentifiers: Set<[String]> = []
        var anyCall = false
        for file in files {
            for helper in file.classNameHelpers { helpersByName[helper.path.last ?? "", default: []].append(helper) }
            for c in file.storyboardConformances { conformances[c.path.last ?? "", default: []].insert(c.protocolName) }
            for helper in file.helpers where helper.path.last == "sceneStoryboard" { sceneStoryboards.insert(helper.path) }
            for constant in file.constants where constant.path.last == "sceneIdentifier" { sceneIdentifiers.insert(constant.path) }
            for type in file.types { if let s = type.superclass, superclasses[type.name] == nil { superclasses[type.name] = s } }
            anyCall = anyCall || !file.classInstantiations.isEmpty
        }
        guard anyCall, !helpersByName.isEmpty || !conformances.isEmpty else { return }
        for k in files.indices where !files[k].classInstantiations.isEmpty {
            var kept: [CodeClassInstantiation] = []
            for call in files[k].classInstantiations {
                if let helper = helper(for: call, among: helpersByName[call.method] ?? []) {
                    add(call, through: helper, to: &files[k])
                } else if call.storyboard == nil, call.method == "instantiate",
                          let adopted = reusableProtocol(of: call.type, conformances, superclasses) {
                    addReusable(call, adopted, sceneStoryboards: sceneStoryboards, sceneIdentifiers: sceneIdentifiers, to: &files[k])
                } else {
                    kept.append(call)
                }
            }
            files[k].classInstantiations = kept
        }
    }

    /// The one helper a call calls: of its name, of its kind (generic for a call on a storyboard, on `self` for a call on
    /// the class), and not declared in the class called (whose own body is checked where it is written). Several
    /// helpers of the name that differ: none.
    private static func helper(for call: CodeClassInstantiation, among candidates: [CodeClassNameHelper]) -> CodeClassNameHelper? {
        let fitting = candidates.filter { helper in
            (helper.typeParameter != nil) == (call.storyboard != nil) && helper.path.dropLast().last != call.type
        }
        guard let first = fitting.first,
              fitting.allSatisfy({ $0.loads.count == first.loads.count && $0.instantiations.count == first.instantiations.count })
        else { return nil }
        return first
    }

    private static func add(_ call: CodeClassInstantiation, through helper: CodeClassNameHelper, to file: inout LoadedCodeFile) {
        let via = " in \(helper.path.joined(separator: "."))()"
        func named(_ s: CodeString) -> CodeString? {
            switch s {
            case .ownTypeName where helper.typeParameter == nil: return .typeName(call.type)
            case .typeName(let t) where t == helper.typeParameter: return .typeName(call.type)
            case .literal, .symbol, .typeName: return s
            default: return nil
            }
        }
        for load in helper.loads {
            guard let name = named(load.name) else { continue }
            file.loads.append(CodeStoryboardLoad(name: name, bundle: load.bundle, api: load.api + via,
                                                 enclosingType: call.enclosingType, location: call.location))
        }
        for use in helper.instantiations {
            var storyboard = use.storyboard
            switch use.storyboard {
            case .named(let s):
                guard let name = named(s) else { continue }
                storyboard = .named(name)
            case .dynamic(let text) where text == "self" || text.hasPrefix("self."):
                // A generic helper in an extension of UIStoryboard: the storyboard it is called on.
                guard let receiver = call.storyboard else { continue }
                storyboard = receiver
            case .parameter:
                continue
            default:
                break
            }
            var identifier: CodeString?
            if let written = use.identifier {
                guard let value = named(written) else { continue }
                identifier = value
            }
            var made = CodeInstantiation(storyboard: storyboard, identifier: identifier, api: use.api + via,
                                         enclosingType: call.enclosingType, location: call.location)
            made.hasFallback = use.hasFallback
            file.instantiations.append(made)
        }
    }

    /// `StoryboardSceneBased` or `StoryboardBased`, when `type` (or a superclass) adopts one.
    private static func reusableProtocol(of type: String, _ conformances: [String: Set<String>],
                                         _ superclasses: [String: String]) -> (protocolName: String, owner: String)? {
        var current: String? = type
        var steps = 0
        while let t = current, steps < 16 {
            if let adopted = conformances[t] {
                if adopted.contains("StoryboardSceneBased") { return ("StoryboardSceneBased", t) }
                if adopted.contains("StoryboardBased") { return ("StoryboardBased", t) }
            }
            current = superclasses[t]
            steps += 1
        }
        return nil
    }

    private static func addReusable(_ call: CodeClassInstantiation, _ adopted: (protocolName: String, owner: String),
                                    sceneStoryboards: Set<[String]>, sceneIdentifiers: Set<[String]>, to file: inout LoadedCodeFile) {
        let api = "Reusable's \(adopted.protocolName).instantiate()"
        // The type's own `sceneStoryboard` (or the adopting superclass's); `StoryboardBased` defaults to the storyboard
        // named after the class.
        let storyboard: CodeStoryboardRef
        if let owner = [call.type, adopted.owner].first(where: { sceneStoryboards.contains([$0, "sceneStoryboard"]) }) {
            storyboard = .helper([owner, "sceneStoryboard"])
        } else if adopted.protocolName == "StoryboardBased" {
            storyboard = .named(.typeName(call.type))
            file.loads.append(CodeStoryboardLoad(name: .typeName(call.type), api: api, enclosingType: call.enclosingType,
                                                 location: call.location))
        } else {
            return  // `sceneStoryboard` is declared where sbmap does not see it
        }
        var identifier: CodeString?
        if adopted.protocolName == "StoryboardSceneBased" {
            if let owner = [call.type, adopted.owner].first(where: { sceneIdentifiers.contains([$0, "sceneIdentifier"]) }) {
                identifier = .symbol([owner, "sceneIdentifier"])
            } else {
                identifier = .typeName(call.type)
            }
        }
        file.instantiations.append(CodeInstantiation(storyboard: storyboard, identifier: identifier, api: api,
                                                     enclosingType: call.enclosingType, location: call.location))
    }
}
