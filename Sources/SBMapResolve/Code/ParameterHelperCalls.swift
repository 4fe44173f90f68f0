import SBMapModel

/// Follows the calls that pass literals into helpers that take the names as parameters, one
/// level deep: each use of a helper's body that names its parameters (`UIStoryboard(name: storyboardName, …)`,
/// `instantiateViewController(withIdentifier: identifier)`) is added to the calling file as if written at the call,
/// with the call's arguments in place of the parameters and the caller's type as the enclosing type. The rules then
/// check it as a direct call, at the call's `file:line:col`, and link the caller's type to the scene.
///
/// A call is followed only when exactly one scanned helper has its name and takes its labels (the helper's type is
/// not known at the call), and a use only when every parameter it names was passed a literal (or a storyboard load);
/// the others stay as the helper's notes say.
enum ParameterHelperCalls {
    static func expand(_ files: inout [LoadedCodeFile]) {
        var helpersByName: [String: [CodeParameterHelper]] = [:]
        for file in files {
            for helper in file.parameterHelpers { helpersByName[helper.path.last ?? "", default: []].append(helper) }
        }
        guard !helpersByName.isEmpty else { return }
        // The helpers some call takes every default of: a call with no argument, or one whose
        // arguments fill only parameters without a default.
        var defaultsTaken: Set<[String]> = []
        for file in files {
            for name in file.bareCalls {
                for helper in helpersByName[name] ?? [] where helper.parameters.allSatisfy(\.hasDefault) { defaultsTaken.insert(helper.path) }
            }
            for call in file.helperCalls {
                for helper in helpersByName[call.name] ?? [] {
                    guard let bound = bind(call, to: helper),
                          helper.parameters.allSatisfy({ !$0.hasDefault || bound[$0.name] == nil }) else { continue }
                    defaultsTaken.insert(helper.path)
                }
            }
        }
        followDefaults(&files, taken: defaultsTaken)
        for k in files.indices where !files[k].helperCalls.isEmpty {
            for call in files[k].helperCalls {
                guard let candidates = helpersByName[call.name] else { continue }
                let matched = candidates.compactMap { helper in bind(call, to: helper).map { (helper, $0) } }
                guard matched.count == 1, let (helper, arguments) = matched.first else { continue }
                let via = " in \(helper.signature)"
                for load in helper.loads {
                    guard case .string(let name)? = substitute(load.name, arguments) else { continue }
                    files[k].loads.append(CodeStoryboardLoad(name: name, bundle: load.bundle, api: load.api + via,
                                                             enclosingType: call.enclosingType, location: call.location))
                }
                for use in helper.instantiations {
                    guard let storyboard = substitute(use.storyboard, arguments) else { continue }
                    var identifier: CodeString?
                    if let written = use.identifier {
                        guard case .string(let value)? = substitute(written, arguments) else { continue }
                        identifier = value
                    }
                    var made = CodeInstantiation(storyboard: storyboard, identifier: identifier, api: use.api + via,
                                                 enclosingType: call.enclosingType, location: call.location)
                    made.hasFallback = use.hasFallback
                    files[k].instantiations.append(made)
                }
            }
        }
    }

    /// A helper's body checked with its parameters' literal default values (firebase's `static func fromStoryboard(_
    /// storyboard: UIStoryboard = UIStoryboard(name: "Main", bundle: nil))`): a default is written to be used, by
    /// every call that leaves the parameter out (`NewReviewViewController.fromStoryboard()`), so the helper's own use
    /// becomes the use of the default, checked where it is written. A use that names a parameter without such a
    /// default stays as it is (a note: each call passes its own value); calls that pass their own literals are
    /// checked at the call, as before.
    ///
    /// Only a helper that some scanned call calls with all its defaults (`taken`): `make(_ id:
    /// String? = nil, from storyboard: String = "MyIdentity")`, which loads the initial scene when `id` is nil, is not
    /// checked with its defaults when every caller passes an ID.
    private static func followDefaults(_ files: inout [LoadedCodeFile], taken: Set<[String]>) {
        for k in files.indices where !files[k].parameterHelpers.isEmpty {
            for helper in files[k].parameterHelpers where helper.parameters.contains(where: { $0.defaultValue != nil })
                && taken.contains(helper.path) {
                var defaults: [String: CodeHelperCall.Argument] = [:]
                for parameter in helper.parameters { defaults[parameter.name] = parameter.defaultValue }
                let via = " (with the default values of \(helper.signature))"
                for load in helper.loads {
                    guard let at = files[k].loads.firstIndex(of: load), case .string(let name)? = substitute(load.name, defaults) else { continue }
                    files[k].loads[at].name = name
                    files[k].loads[at].api += via
                }
                for use in helper.instantiations {
                    guard let at = files[k].instantiations.firstIndex(of: use),
                          let storyboard = substitute(use.storyboard, defaults) else { continue }
                    var identifier = use.identifier
                    if let written = use.identifier {
                        guard case .string(let value)? = substitute(written, defaults) else { continue }
                        identifier = value
                    }
                    files[k].instantiations[at].storyboard = storyboard
                    files[k].instantiations[at].identifier = identifier
                    files[k].instantiations[at].api += via
                }
            }
        }
    }

    /// The call's arguments by the helper's parameter names, when the call's labels are the helper's, in order,
    /// leaving out only parameters with a default value; `nil` when they are not.
    private static func bind(_ call: CodeHelperCall, to helper: CodeParameterHelper) -> [String: CodeHelperCall.Argument]? {
        var bound: [String: CodeHelperCall.Argument] = [:]
        var p = 0
        for (label, value) in zip(call.labels, call.values) {
            while p < helper.parameters.count, helper.parameters[p].label != label {
                guard helper.parameters[p].hasDefault else { return nil }
                p += 1
            }
            guard p < helper.parameters.count else { return nil }
            bound[helper.parameters[p].name] = value
            p += 1
        }
        while p < helper.parameters.count {
            guard helper.parameters[p].hasDefault else { return nil }
            p += 1
        }
        return bound
    }

    /// `string` with a parameter replaced by the string passed for it: `nil` when a parameter was not passed a
    /// string that can be checked (a default value, another parameter, a variable).
    private static func substitute(_ string: CodeString, _ arguments: [String: CodeHelperCall.Argument]) -> CodeHelperCall.Argument? {
        guard case .parameter(let name) = string else { return .string(string) }
        guard case .string(let value)? = arguments[name] else { return nil }
        switch value {
        case .parameter, .dynamic: return nil
        default: return .string(value)
        }
    }

    private static func substitute(_ ref: CodeStoryboardRef, _ arguments: [String: CodeHelperCall.Argument]) -> CodeStoryboardRef? {
        switch ref {
        case .named(let name):
            guard case .string(let value)? = substitute(name, arguments) else { return nil }
            return .named(value)
        case .parameter(let name):
            guard case .storyboard(let value)? = arguments[name] else { return nil }
            return value
        default:
            return ref
        }
    }
}
