import SBMapModel

/// What the receiver of an instantiation stands for: a storyboard loaded by name, `self.storyboard`, the main
/// storyboard, a helper that loads one, a generated accessor, or something not known statically (a `code-dynamic`
/// note). Loads from another bundle are looked up beyond the caller's targets.
extension CodeLinkPass {
    /// What the receiver of an instantiation stands for.
    enum Receiver {
        case storyboards([Storyboard])
        /// A storyboard name that does not resolve (already reported): the call is drawn as a broken link.
        case missing(name: String, resolution: Resolution)
        /// Not known statically (already reported as dynamic).
        case unknown
    }

    /// Which storyboards an instantiation's receiver stands for.
    mutating func storyboards(for use: CodeInstantiation, as call: CodeUse) -> Receiver {
        switch use.storyboard {
        case .named(let s):
            // The load itself was checked (and reported) at the same place, and what its name names kept: the load's
            // own API (`UIStoryboard`, `NSStoryboard`) and bundle say more than the instantiation's.
            if let k = loadIndex(of: s, in: use.enclosingType, line: use.location.line) {
                guard let (name, match, foreign) = loadMatches[k] else { return .unknown }
                return receiver(match, name: name, otherBundle: foreign)
            }
            guard case .string(let name) = symbols.resolve(s, scope: use.enclosingType) else { return .unknown }
            return receiver(index.storyboards(named: name, hint: hint(for: call)), name: name, otherBundle: false)
        case .own:
            // A `storyboard` the enclosing type declares itself wins over UIKit's property.
            if let member = symbols.storyboardMember(of: use.enclosingType) {
                return storyboards(through: member, receiverCase: nil, shown: "storyboard", use: use, as: call)
            }
            // Outside any type there is no `self`: a bare `storyboard` is a file-scope constant
            // (`let storyboard = NSStoryboard(name: "Main", bundle: nil)`, as in MonitorControl's main.swift).
            if use.enclosingType.isEmpty, let (helper, receiverCase) = symbols.helper(["storyboard"], scope: []),
               helper.path == ["storyboard"] {
                return storyboards(through: helper, receiverCase: receiverCase, shown: "storyboard", use: use, as: call)
            }
            let type = use.enclosingType.last ?? ""
            // The storyboards are looked up by path, not found by testing every storyboard of the graph.
            let paths = Set(symbols.descendants(of: type).flatMap { index.sceneEnds(ofClass: $0) }.compactMap(\.storyboard)
                .filter { reachable($0) })
            let boards = index.storyboards(atPaths: paths)
            if boards.isEmpty {
                report(.info, .codeDynamic,
                       type.isEmpty
                           ? "'self.storyboard' outside a type is not known, so where this call leads is not known"
                           : "'self.storyboard' in '\(type)' is the storyboard it was loaded from, and no scanned scene has class '\(type)'",
                       at: use.location, about: "self.storyboard in '\(type)'",
                       hint: type.isEmpty ? "load the storyboard by name"
                                          : "set the scene's custom class to '\(type)' in Interface Builder, or load the storyboard by name")
                return .unknown
            }
            return .storyboards(boards)
        case .main:
            let mains = index.graph.storyboards.filter {
                $0.entryPoints.contains { $0.role == .main || $0.role == .scene } && reachable($0.path)
            }
            if mains.isEmpty {
                report(.info, .codeDynamic, "the app's main storyboard is used, but no scanned Info.plist names one", at: use.location,
                       about: "the main storyboard",
                       hint: "add the app's Info.plist to the paths")
                return .unknown
            }
            return .storyboards(mains)
        case .helper(let path):
            guard let (helper, receiverCase) = symbols.helper(path, scope: use.enclosingType) else {
                reportDynamic("storyboard", path.joined(separator: "."), at: use.location)
                return .unknown
            }
            return storyboards(through: helper, receiverCase: receiverCase, shown: path.joined(separator: "."), use: use, as: call)
        case .generated(let generator, let accessor):
            if let boards = generatedStoryboards(generator, accessor: accessor, at: use.location) { return .storyboards(boards) }
            return Self.staleAccessor(generator, accessor)
        case .parameter(let name):
            reportDynamic("storyboard", name, why: CodeSymbolTable.parameterWords, at: use.location)
            return .unknown
        case .dynamic(let text):
            // `self.instantiateViewController(…)` in an extension of UIStoryboard: whichever storyboard calls it.
            reportDynamic("storyboard", text, why: text == "self" ? "the storyboard this helper is called on" : nil, at: use.location)
            return .unknown
        }
    }

    /// The storyboards a storyboard helper (or a type's own `storyboard` member) loads.
    mutating func storyboards(through helper: CodeStoryboardHelper, receiverCase: [String]?, shown: String,
                              use: CodeInstantiation, as call: CodeUse) -> Receiver {
        let bundle = helper.bundle == .main ? ResolvedBundle.main
            : resolve(helper.bundle, writtenIn: helper.location.path, scope: Array(helper.path.dropLast()))
        switch symbols.resolve(helper: helper, receiverCase: receiverCase) {
        case .string(let name) where bundle.isForeign:
            // A helper that loads from another bundle (ChatSecure's `Bundle(for: PTEConsoleLogger.self)`, a pod's):
            // its load was checked where it is written; here the name may be in a bundle that was not scanned.
            var lookup = hint(for: call)
            lookup.targets = nil
            return receiver(index.storyboards(named: name, hint: lookup), name: name, otherBundle: true)
        case .string(let name):
            // The main bundle is the app's, seen from the calling file; a target's own bundle is that target's.
            var lookup = hint(for: call)
            if case .targets(let targets) = bundle { lookup.targets = targets }
            let match = index.storyboards(named: name, hint: lookup)
            if case .missing = match, !index.graph.storyboards.isEmpty {
                report(.error, .codeUnknownStoryboard,
                       "'\(shown)' loads storyboard '\(name)', which does not exist; this call crashes the app",
                       at: use.location, about: "\(shown) '\(name)'",
                       hint: Self.suggest(name, among: index.allStoryboardNames, what: "storyboard"))
            }
            return receiver(match, name: name, otherBundle: false)
        case .dynamic(let text, let why):
            // A helper's own dynamic load was reported where it is written; report the rest here.
            if receiverCase != nil || helper.path.isEmpty || !helper.fromLoad {
                reportDynamic("storyboard", text, why: why, at: use.location)
            }
            return .unknown
        }
    }

    /// The position in `loads` of the load of storyboard `name` in `type`: the last one written at or before `line`
    /// (the receiver of `UIStoryboard(name: "Main", …).instantiate…` is the load on its own line, and the loads of
    /// other `#if` branches were checked for their platforms, not this one's), else the first.
    func loadIndex(of name: CodeString, in type: [String], line: Int) -> Int? {
        guard let positions = loadsByName[LoadKey(name: name, type: type)], let first = positions.first else { return nil }
        // The loads are in file order: the first position written after `line`, by a binary search.
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if loads[positions[middle]].location.line <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? positions[low - 1] : first
    }

    /// A storyboard name looked up: the storyboards it names, or why it names none.
    func receiver(_ match: CodeGraphIndex.NameMatch, name: String, otherBundle: Bool) -> Receiver {
        switch match {
        case .found(let s), .caseMismatch(let s):
            return .storyboards(s)
        case .otherPlatform(let other):
            return .missing(name: name, resolution: Resolution(
                state: .unresolved, reason: "storyboard '\(name)' exists only for \(other[0].platform.rawValue)"))
        case .notInTarget:
            return .missing(name: name, resolution: Resolution(
                state: .unresolved, reason: "storyboard '\(name)' is not in a target that compiles this file"))
        case .unread:
            return .unknown  // what the file holds is not known; its load was reported where it is written
        case .missing:
            // Without any storyboard there is nothing a name could have reached: no broken link to draw.
            if index.graph.storyboards.isEmpty { return .unknown }
            return .missing(name: name, resolution: otherBundle
                ? Resolution(state: .external, reason: "storyboard '\(name)' in another bundle, which was not scanned")
                : Resolution(state: .unresolved, reason: "no storyboard named '\(name)'"))
        }
    }

    /// A generated storyboard accessor that names no scanned storyboard (already reported).
    static func staleAccessor(_ generator: CodeGenerator, _ accessor: String) -> Receiver {
        let shown = "\(generator == .swiftGen ? "StoryboardScene" : "R.storyboard").\(accessor)"
        return .missing(name: shown, resolution: Resolution(state: .unresolved,
                                                            reason: "no scanned storyboard matches '\(shown)'; the generated code may be stale"))
    }

    func found(_ match: CodeGraphIndex.NameMatch) -> [Storyboard]? {
        switch match {
        case .found(let s), .caseMismatch(let s): return s
        case .otherPlatform, .notInTarget, .unread, .missing: return nil
        }
    }
}
