import SBMapModel

/// What the receiver of an instantiation stands for: a storyboard loaded by name, `self.storyboard`, the main
/// storyboard, a helper that loads one, a generated accessor, or something not known statically. Loads from another
/// bundle are looked up beyond the caller's targets. Resolution returns a value and makes no finding: what it found
/// to report (a `code-dynamic` note, a helper's missing storyboard) comes with it, and the rule reports it.
enum Receiver {
    case storyboards([Storyboard])
    /// A storyboard name that does not resolve (reported where it is written, or with this result): the call is drawn
    /// as a broken link.
    case missing(name: String, resolution: Resolution)
    /// Not known statically.
    case unknown

    /// A generated storyboard accessor that names no scanned storyboard (reported with its look-up).
    static func staleAccessor(_ generator: CodeGenerator, _ accessor: String) -> Receiver {
        let shown = "\(generator == .swiftGen ? "StoryboardScene" : "R.storyboard").\(accessor)"
        return .missing(name: shown, resolution: Resolution(state: .unresolved,
                                                            reason: "no scanned storyboard matches '\(shown)'; the generated code may be stale"))
    }
}

/// What a generated storyboard accessor (`StoryboardScene.Main`, `R.storyboard.main`) names: the storyboards, or the
/// finding that it names none.
enum GeneratedStoryboards {
    case found([Storyboard])
    case stale(CodeFinding)
}

extension CodeUseContext {
    /// Which storyboards an instantiation's receiver stands for, and what to report about it at the call.
    func storyboards(for use: CodeInstantiation) -> (Receiver, CodeFinding?) {
        switch use.storyboard {
        case .named(let s):
            // The load itself was checked (and reported) at the same place, and what its name names kept: the load's
            // own API (`UIStoryboard`, `NSStoryboard`) and bundle say more than the instantiation's.
            let loads = file.loads
            if let k = loads.index(of: s, in: use.enclosingType, line: use.location.line) {
                guard let (name, match, foreign) = loads.loads[k]?.resolved.match else { return (.unknown, nil) }
                return (receiver(match, name: name, otherBundle: foreign), nil)
            }
            guard case .string(let name) = symbols.resolve(s, scope: use.enclosingType) else { return (.unknown, nil) }
            return (receiver(index.storyboards(named: name, hint: hint), name: name, otherBundle: false), nil)
        case .own:
            // A `storyboard` the enclosing type declares itself wins over UIKit's property.
            if let member = symbols.storyboardMember(of: use.enclosingType) {
                return storyboards(through: member, receiverCase: nil, shown: "storyboard")
            }
            // Outside any type there is no `self`: a bare `storyboard` is a file-scope constant
            // (`let storyboard = NSStoryboard(name: "Main", bundle: nil)`, as in MonitorControl's main.swift).
            if use.enclosingType.isEmpty, let (helper, receiverCase) = symbols.helper(["storyboard"], scope: []),
               helper.path == ["storyboard"] {
                return storyboards(through: helper, receiverCase: receiverCase, shown: "storyboard")
            }
            let type = use.enclosingType.last ?? ""
            // The storyboards are looked up by path, not found by testing every storyboard of the graph.
            let paths = Set(symbols.descendants(of: type).flatMap { index.sceneEnds(ofClass: $0) }.compactMap(\.storyboard)
                .filter { file.reachable($0) })
            let boards = index.storyboards(atPaths: paths)
            if boards.isEmpty {
                return (.unknown, CodeFinding(
                    severity: .info, code: .codeDynamic,
                    message: type.isEmpty
                        ? "'self.storyboard' outside a type is not known, so where this call leads is not known"
                        : "'self.storyboard' in '\(type)' is the storyboard it was loaded from, and no scanned scene has class '\(type)'",
                    about: "self.storyboard in '\(type)'",
                    hint: type.isEmpty ? "load the storyboard by name"
                                       : "set the scene's custom class to '\(type)' in Interface Builder, or load the storyboard by name"))
            }
            return (.storyboards(boards), nil)
        case .main:
            let mains = index.graph.storyboards.filter {
                $0.entryPoints.contains { $0.role == .main || $0.role == .scene } && file.reachable($0.path)
            }
            if mains.isEmpty {
                return (.unknown, CodeFinding(severity: .info, code: .codeDynamic,
                                              message: "the app's main storyboard is used, but no scanned Info.plist names one",
                                              about: "the main storyboard", hint: "add the app's Info.plist to the paths"))
            }
            return (.storyboards(mains), nil)
        case .helper(let path):
            guard let (helper, receiverCase) = symbols.helper(path, scope: use.enclosingType) else {
                return (.unknown, .dynamic("storyboard", path.joined(separator: ".")))
            }
            return storyboards(through: helper, receiverCase: receiverCase, shown: path.joined(separator: "."))
        case .generated(let generator, let accessor):
            switch file.generatedStoryboards(generator, accessor: accessor) {
            case .found(let boards): return (.storyboards(boards), nil)
            case .stale(let finding): return (Receiver.staleAccessor(generator, accessor), finding)
            }
        case .parameter(let name):
            return (.unknown, .dynamic("storyboard", name, why: CodeSymbolTable.parameterWords))
        case .dynamic(let text):
            // `self.instantiateViewController(…)` in an extension of UIStoryboard: whichever storyboard calls it.
            return (.unknown, .dynamic("storyboard", text, why: text == "self" ? "the storyboard this helper is called on" : nil))
        }
    }

    /// The storyboards a storyboard helper (or a type's own `storyboard` member) loads.
    func storyboards(through helper: CodeStoryboardHelper, receiverCase: [String]?, shown: String) -> (Receiver, CodeFinding?) {
        let bundle = helper.bundle == .main ? ResolvedBundle.main
            : file.resolve(helper.bundle, writtenIn: helper.location.path, scope: Array(helper.path.dropLast()))
        switch symbols.resolve(helper: helper, receiverCase: receiverCase) {
        case .string(let name) where bundle.isForeign:
            // A helper that loads from another bundle (ChatSecure's `Bundle(for: PTEConsoleLogger.self)`, a pod's):
            // its load was checked where it is written; here the name may be in a bundle that was not scanned.
            var lookup = hint
            lookup.targets = nil
            return (receiver(index.storyboards(named: name, hint: lookup), name: name, otherBundle: true), nil)
        case .string(let name):
            // The main bundle is the app's, seen from the calling file; a target's own bundle is that target's.
            var lookup = hint
            if case .targets(let targets) = bundle { lookup.targets = targets }
            let match = index.storyboards(named: name, hint: lookup)
            var finding: CodeFinding?
            if case .missing = match, !index.graph.storyboards.isEmpty {
                finding = CodeFinding(severity: .error, code: .codeUnknownStoryboard,
                                      message: "'\(shown)' loads storyboard '\(name)', which does not exist; this call crashes the app",
                                      about: "\(shown) '\(name)'",
                                      hint: CodeFileContext.suggest(name, among: index.allStoryboardNames, what: "storyboard"))
            }
            return (receiver(match, name: name, otherBundle: false), finding)
        case .dynamic(let text, let why):
            // A helper's own dynamic load was reported where it is written; report the rest here.
            if receiverCase != nil || helper.path.isEmpty || !helper.fromLoad {
                return (.unknown, .dynamic("storyboard", text, why: why))
            }
            return (.unknown, nil)
        }
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
}

extension CodeFileContext {
    /// The storyboards a generated storyboard accessor names (those the file's targets hold, when some do), or the
    /// warning that it names none: the generated code may be stale.
    func generatedStoryboards(_ generator: CodeGenerator, accessor: String) -> GeneratedStoryboards {
        let roots = generator == .swiftGen ? ["StoryboardScene"] : ["R", "_R", "storyboard"]
        if let name = symbols.generatedStoryboardName(roots: roots, container: accessor),
           let boards = found(index.storyboards(named: name, hint: .any)) {
            return .found(preferReachable(boards))
        }
        let boards = index.storyboards(accessor: accessor, generator: generator)
        if boards.isEmpty {
            return .stale(CodeFinding(
                severity: .warning, code: .codeUnknownStoryboard,
                message: "'\(generator == .swiftGen ? "StoryboardScene" : "R.storyboard").\(accessor)' names no scanned storyboard; the generated code may be stale",
                about: "\(generator == .swiftGen ? "StoryboardScene" : "R.storyboard").\(accessor)",
                hint: "re-run \(generator == .swiftGen ? "SwiftGen" : "R.swift"), or scan the storyboard it was generated from"))
        }
        return .found(preferReachable(boards))
    }
}
