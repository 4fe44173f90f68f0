import SBMapModel

/// What the rules read of the file being linked, and none writes: the run's tables (`CodeLinkContext`), the file's
/// scope (targets, platforms, imports), its `#if` branches, and the look-up of its storyboard loads. Made once per
/// file (an object: each use's context refers to it instead of copying it).
final class CodeFileContext: Sendable {
    let run: CodeLinkContext
    let scope: CodeFileScope
    /// The file's `#if` branches. Not the whole file, whose copy would retain and release each of its many fields.
    let conditions: [CompileConditionRange]
    /// The storyboard loads of the file and what each names (empty until `withLoads`).
    let loads: CodeLoadLookup

    init(_ run: CodeLinkContext, path: String, imports: [String], conditions: [CompileConditionRange]) {
        self.run = run
        scope = CodeFileScope(path: path, imports: imports, membership: run.membership)
        self.conditions = conditions
        loads = CodeLoadLookup()
    }

    /// A context made in a test: `scope` as given.
    init(_ run: CodeLinkContext, scope: CodeFileScope, conditions: [CompileConditionRange] = [], loads: CodeLoadLookup = CodeLoadLookup()) {
        self.run = run
        self.scope = scope
        self.conditions = conditions
        self.loads = loads
    }

    /// The same file with its storyboard loads looked up (`CodeLoadLookup`), once: the loads rule reports on them,
    /// and an instantiation through a load reads what its name names.
    func withLoads(_ loads: [CodeStoryboardLoad]) -> CodeFileContext {
        guard !loads.isEmpty else { return self }
        return CodeFileContext(run, scope: scope, conditions: conditions, loads: CodeLoadLookup(loads, in: self))
    }

    var index: CodeGraphIndex { _read { yield run.index } }
    var symbols: CodeSymbolTable { _read { yield run.symbols } }
    var membership: TargetMembership { _read { yield run.membership } }

    /// The context of the use of `api` at `location`, with the `#if` condition it is compiled under; `nil` when no
    /// platform it could run on compiles it (such a use makes no link and no finding).
    func use(_ api: CodeAPI, at location: SourceLocation) -> CodeUseContext? {
        guard !conditions.isEmpty, let condition = conditions.condition(atLine: location.line) else {
            return CodeUseContext(file: self, condition: nil, api: api)
        }
        let candidates = (scope.targets != nil && !scope.platforms.isEmpty ? scope.platforms : platformHint(api).platforms)
            .subtracting([.unknown])
        guard candidates.isEmpty || candidates.contains(where: { condition.mayCompile(on: $0) }) else { return nil }
        return CodeUseContext(file: self, condition: condition, api: api)
    }

    // MARK: Platform

    func platformHint(_ api: CodeAPI) -> CodeGraphIndex.PlatformHint {
        switch api.toolkit {
        case .uiKit?: return .init(platforms: CodeGraphIndex.PlatformHint.uiKit, certain: true)
        case .appKit?: return .init(platforms: CodeGraphIndex.PlatformHint.appKit, certain: true)
        case nil: break
        }
        if scope.imports.contains("UIKit") { return .init(platforms: CodeGraphIndex.PlatformHint.uiKit, certain: false) }
        if scope.imports.contains("AppKit") || scope.imports.contains("Cocoa") {
            return .init(platforms: CodeGraphIndex.PlatformHint.appKit, certain: false)
        }
        return .any
    }

    /// Whether a storyboard can be reached from the file being linked: one of the targets that compile it holds it.
    func reachable(_ storyboard: String?) -> Bool {
        guard let targets = scope.targets else { return true }
        guard let storyboard, let board = index.storyboardsByPath[storyboard] else { return false }
        return CodeGraphIndex.holds(targets, board)
    }

    /// The storyboards the targets compiling the file hold, when there are any; else all of them (generated code
    /// may be compiled into a framework whose storyboards another target holds).
    func preferReachable(_ boards: [Storyboard]) -> [Storyboard] {
        let held = boards.filter { reachable($0.path) }
        return held.isEmpty ? boards : held
    }

    /// The level of a name that exists in no storyboard of the app, whatever the receiver: an error, except in a
    /// library that no scanned app links (no storyboard of a target that compiles the
    /// file is reachable), whose code runs in whichever app links it, with storyboards sbmap may not see: a warning.
    var levelOfNameNowhere: Severity {
        guard scope.inLibrariesOnly, scope.targets != nil else { return .error }
        return index.graph.storyboards.contains { reachable($0.path) } ? .error : .warning
    }

    /// Whether scenes of these two storyboards can be in one app, so that code in one may show the other: they
    /// share a target (one that compiles the file, when projects say which), or, where no project says, their
    /// platforms fit. Shared code compiled into an iOS and a tvOS app links each app's scenes to its own, never
    /// across: that cross product was most of the false links on real repositories.
    func runTogether(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b, a != b, let first = index.storyboardsByPath[a], let second = index.storyboardsByPath[b] else {
            return true
        }
        if !first.targets.isEmpty, !second.targets.isEmpty {
            return first.targets.contains { id in second.targets.contains(id) && (scope.targets?.contains(id) ?? true) }
        }
        return first.platform.canReference(second.platform)
    }

    /// `'Main'`, `'Settings (tvOS)'`: storyboards quoted for messages, with the platform or path where names repeat.
    func named(_ boards: [Storyboard]) -> String { index.storyboardNames.quoted(boards) }

    /// A storyboard's name for labels: `Settings`, or `Settings (tvOS)` where names repeat.
    func title(_ storyboard: Storyboard) -> String { index.storyboardNames.title(storyboard) }

    /// `'Main'`, `'Main', 'Settings'`: storyboard names for finding keys (`about:`), which must not change.
    static func quoted(_ boards: [Storyboard]) -> String {
        boards.map { "'\($0.name)'" }.joined(separator: ", ")
    }

    func found(_ match: CodeGraphIndex.NameMatch) -> [Storyboard]? {
        switch match {
        case .found(let s), .caseMismatch(let s): return s
        case .otherPlatform, .notInTarget, .unread, .missing: return nil
        }
    }

    /// A hint for a name that does not exist: a near one (by edit distance, or the same letters and digits), else
    /// what to do and the names that do exist.
    static func suggest(_ value: String, among names: [String], what: String, fix: String? = nil) -> String {
        if let near = suggestion(for: value, among: names) { return near }
        let key = GeneratedNames.loose(value)
        if let near = names.first(where: { GeneratedNames.loose($0) == key }) { return "did you mean '\(near)'?" }
        if names.isEmpty { return "no \(what) was found; check the paths given to sbmap" }
        let shown = names.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
        return (fix.map { "\($0); " } ?? "") + "known: \(shown)\(names.count > 8 ? ", …" : "")"
    }
}

/// One use as its rule sees it, beside the use itself: the file it is in, the `#if` condition it is compiled under
/// (`nil`: none), and the API that makes it. Made for each use, handed to its rule; read only.
struct CodeUseContext: Sendable {
    let file: CodeFileContext
    let condition: CompileCondition?
    let api: CodeAPI

    var index: CodeGraphIndex { _read { yield file.run.index } }
    var symbols: CodeSymbolTable { _read { yield file.run.symbols } }
    var membership: TargetMembership { _read { yield file.run.membership } }
    var scope: CodeFileScope { _read { yield file.scope } }

    /// Where names used by this use are looked for: the platforms it runs on and the targets that compile it.
    var hint: CodeGraphIndex.PlatformHint {
        var hint = file.platformHint(api)
        let scope = file.scope
        hint.targets = scope.targets
        // The nearest-folder rule of storyboard names starts from the file.
        hint.from = scope.path
        // The targets that compile the file say which platforms the call runs on, whatever the file imports.
        if scope.targets != nil, !scope.platforms.isEmpty {
            let narrowed = hint.platforms.intersection(scope.platforms.union([.unknown]))
            hint.platforms = narrowed.isEmpty ? scope.platforms.union([.unknown]) : narrowed
        }
        // Inside `#if os(tvOS)` the call runs on tvOS only, whatever else the file is compiled for.
        if let condition {
            let compiled = hint.platforms.filter { $0 == .unknown || condition.mayCompile(on: $0) }
            if compiled.contains(where: { $0 != .unknown }) { hint.platforms = compiled }
        }
        return hint
    }
}

/// The API that makes a use, typed: its family (which says how messages name it), the toolkit it alone implies (its
/// platforms), and its name as written, which edges carry as `via` and findings as part of their `about:` key.
struct CodeAPI: Sendable, Equatable {
    enum Family: Sendable, Equatable {
        case storyboardLoad
        case instantiation
        case seguePerform
        /// A generated accessor (`StoryboardScene`, `R.storyboard`).
        case generated(CodeGenerator)
        /// A call that the class-name heuristic links (`Foo.instantiateFromStoryboard()`).
        case classNameHeuristic
        /// A nib loaded by name (`init(nibName:bundle:)`, `UINib(nibName:bundle:)`, …).
        case nibLoad
        /// A controller handed to a navigation call (`pushViewController(_:animated:)`, `present(_:animated:)`, …).
        case navigation
    }

    /// The storyboard classes of one toolkit: UIKit's run on iOS and tvOS, AppKit's on macOS.
    enum Toolkit: Sendable, Equatable {
        case uiKit, appKit
    }

    let family: Family
    /// `UIStoryboard(name:bundle:)`, `instantiateViewController(withIdentifier:) in Helper.make(_:)`, `StoryboardScene`.
    let name: String
    /// The toolkit the API alone implies; `nil`: the API does not say (the file's imports may).
    let toolkit: Toolkit?

    init(_ family: Family, name: String, toolkit: Toolkit?) {
        self.family = family
        self.name = name
        self.toolkit = toolkit
    }

    /// An API the code scanner recorded as written (`CodeStoryboardLoad.api`, `CodeInstantiation.api`, …): its toolkit
    /// is read from that spelling, here and only here.
    init(_ family: Family, written name: String) {
        self.init(family, name: name, toolkit: Self.toolkit(ofWritten: name))
    }

    /// A generated accessor: `StoryboardScene` (SwiftGen) or `R.storyboard` (R.swift); it implies no toolkit.
    static func generated(_ generator: CodeGenerator) -> CodeAPI {
        CodeAPI(.generated(generator), name: generator == .swiftGen ? "StoryboardScene" : "R.storyboard", toolkit: nil)
    }

    /// SwiftGen's `perform(segue:)`, which a generated segue accessor is performed with.
    static let performGeneratedSegue = CodeAPI(.seguePerform, name: "perform(segue:)", toolkit: nil)

    /// How a message names the API: the call itself, or the generator or helper behind it.
    var described: String {
        switch family {
        case .generated(.swiftGen): "SwiftGen's StoryboardScene accessor"
        case .generated(.rSwift): "R.swift's R.storyboard accessor"
        case .classNameHeuristic: "the class-name helper"
        case .storyboardLoad, .instantiation, .seguePerform, .nibLoad, .navigation: name
        }
    }

    /// The toolkit an API's spelling implies. Asked once per use, so it compares bytes: String's Character-aware
    /// `hasPrefix` and `contains` cost more than the rest of the look-up (docs/benchmarks.md).
    static func toolkit(ofWritten api: String) -> Toolkit? {
        var api = api
        return api.withUTF8 { bytes -> Toolkit? in
            func matches(_ word: StaticString, at i: Int) -> Bool {
                let w = word.utf8Start
                for k in 0..<word.utf8CodeUnitCount where bytes[i + k] != w[k] { return false }
                return true
            }
            func starts(_ prefix: StaticString) -> Bool {
                prefix.utf8CodeUnitCount <= bytes.count && matches(prefix, at: 0)
            }
            func contains(_ word: StaticString) -> Bool {
                guard word.utf8CodeUnitCount <= bytes.count else { return false }
                return (0...(bytes.count - word.utf8CodeUnitCount)).contains { matches(word, at: $0) }
            }
            if starts("UI") { return .uiKit }
            if starts("NS") || contains("Controller(") && !contains("ViewController")
                || starts("instantiateController") || starts("instantiateInitialController") {
                return .appKit
            }
            return nil
        }
    }
}

/// A finding a look-up found, before it is reported at the use's place: receiver and bundle resolution return these
/// and make no findings; the rule that called them reports them (`CodeLinkOutput.report(_:at:)`).
struct CodeFinding: Sendable {
    var severity: Severity
    var code: DiagnosticCode
    var message: String
    /// What the finding is about (`Diagnostic.about`).
    var about: String
    var facts: [FindingFact] = []
    var hint: String?

    /// A `code-dynamic` note: `what` ("storyboard name", …) is `text` (the source text), which is not a constant;
    /// `why` says more when it is known (a parameter, a name no scanned file declares), so that a reader knows what
    /// stopped sbmap.
    static func dynamic(_ what: String, _ text: String, why: String? = nil) -> CodeFinding {
        let shown = text.isEmpty ? what : "\(what) '\(text)'"
        return CodeFinding(severity: .info, code: .codeDynamic,
                           message: "\(shown) is not a constant\(why.map { " (\($0))" } ?? ""), so where this call leads is not known",
                           about: "\(what) '\(text)'", hint: "use a string literal, a let constant or a String enum case to have it mapped and checked")
    }
}
