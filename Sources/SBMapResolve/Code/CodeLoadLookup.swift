import SBMapModel

/// A storyboard load (`UIStoryboard(name:bundle:)`) with what its name names: the use `StoryboardNameRule` takes.
/// Looked up once per file (`CodeLoadLookup`), before any rule runs: the rule reports on it, and an instantiation
/// through the load reads it.
struct ResolvedLoad: Sendable {
    enum Value: Sendable {
        /// The name is not a constant.
        case dynamic(text: String, why: String?)
        /// The name, the bundle it is loaded from, where it was looked up and what it names.
        case named(String, bundle: ResolvedBundle, lookup: CodeGraphIndex.PlatformHint, match: CodeGraphIndex.NameMatch)
    }

    let load: CodeStoryboardLoad
    let value: Value

    /// The name, what it names and whether it is in a foreign bundle, when the name is a constant.
    var match: (name: String, match: CodeGraphIndex.NameMatch, foreign: Bool)? {
        guard case .named(let name, let bundle, _, let match) = value else { return nil }
        return (name, match, bundle.isForeign)
    }

    /// Looks up what `load` names, seen from `context`; makes no finding.
    init(_ load: CodeStoryboardLoad, _ context: CodeUseContext) {
        self.load = load
        switch context.symbols.resolve(load.name, scope: load.enclosingType) {
        case .dynamic(let text, let why):
            value = .dynamic(text: text, why: why)
        case .string(let name):
            var lookup = context.hint
            // Where the name is looked for: the main bundle is the app's, the targets that compile
            // the calling file, or, seen from a library (NetNewsWire's RSCore package), whichever app links it; a
            // target's own bundle (`Bundle(for: Self.self)`, `.module`, a helper returning one) holds that target's
            // storyboards; a foreign bundle (`Bundle(identifier:)`, a pod's) may be another target's, or not scanned.
            let bundle = load.bundle == .main ? ResolvedBundle.main
                : context.file.resolve(load.bundle, writtenIn: context.scope.path, scope: load.enclosingType)
            switch bundle {
            case .main: if context.scope.inLibrariesOnly { lookup.targets = nil }
            case .targets(let targets): lookup.targets = targets
            case .foreign: lookup.targets = nil
            }
            value = .named(name, bundle: bundle, lookup: lookup, match: context.index.storyboards(named: name, hint: lookup))
        }
    }
}

/// The storyboard loads of one file, each looked up once (`ResolvedLoad`), and where each name is in each type.
struct CodeLoadLookup: Sendable {
    struct LoadKey: Hashable {
        var name: CodeString
        var type: [String]
    }

    /// The loads in file order: each with its context, or `nil` where no platform it could run on compiles it.
    let loads: [(resolved: ResolvedLoad, context: CodeUseContext)?]
    /// The lines of the loads, in file order.
    private let lines: [Int]
    /// The positions in `loads` of each storyboard name in each type, in file order: an instantiation finds its load
    /// by a binary search (a linear one per call made a file of 26,000 calls quadratic: seconds to minutes).
    private let byName: [LoadKey: [Int]]

    init() {
        loads = []
        lines = []
        byName = [:]
    }

    init(_ loads: [CodeStoryboardLoad], in file: CodeFileContext) {
        var byName: [LoadKey: [Int]] = [:]
        for k in loads.indices { byName[LoadKey(name: loads[k].name, type: loads[k].enclosingType), default: []].append(k) }
        self.byName = byName
        lines = loads.map(\.location.line)
        self.loads = loads.map { load in
            file.use(CodeAPI(.storyboardLoad, written: load.api), at: load.location).map { (ResolvedLoad(load, $0), $0) }
        }
    }

    /// The position in `loads` of the load of storyboard `name` in `type`: the last one written at or before `line`
    /// (the receiver of `UIStoryboard(name: "Main", …).instantiate…` is the load on its own line, and the loads of
    /// other `#if` branches were checked for their platforms, not this one's), else the first.
    func index(of name: CodeString, in type: [String], line: Int) -> Int? {
        guard let positions = byName[LoadKey(name: name, type: type)], let first = positions.first else { return nil }
        // The loads are in file order: the first position written after `line`, by a binary search.
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if lines[positions[middle]] <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? positions[low - 1] : first
    }
}

extension ResolvedLoad: CodeLinkUse {
    static var useKind: CodeUseKind { .storyboardLoad }

    static func forEach(in file: LoadedCodeFile, _ context: CodeFileContext, _ body: (ResolvedLoad, CodeUseContext) -> Void) {
        // (Each looked up with a context of the file before its loads were; handed over with the file's own.)
        for case let (resolved, use)? in context.loads.loads {
            body(resolved, CodeUseContext(file: context, condition: use.condition, api: use.api))
        }
    }
}
