import SBMapModel

/// Which SwiftUI screens show each representable of a view controller (issue 32). A SwiftUI view hosted by
/// `UIHostingController(rootView:)` / `NSHostingController(rootView:)` is a `swiftui-screen`; the views its body
/// calls (`ProfileScreen()`, `NavigationLink(destination: Row())`), and theirs in turn, are shown on that screen. A
/// representable (`UIViewControllerRepresentable`, `NSViewControllerRepresentable`) among them embeds its view
/// controller there: the links its code makes (a scene instantiated from a storyboard) are drawn from that screen,
/// labelled `embed`, instead of from a code node for the representable.
///
/// Only what the code declares counts: a type is a SwiftUI view where one of its declarations conforms to `View`
/// (or a representable protocol), and a name its body calls counts only when it is such a type. A view reached from
/// no hosted root leaves its representables' links where they were, on the representable's code node.
struct SwiftUIEmbedding: Sendable {
    /// For each representable's name: the hosted views whose screens show it, sorted.
    let hosts: [String: [String]]
    /// The SwiftUI views the scanned code declares (and its representables).
    private let views: Set<String>

    static let none = SwiftUIEmbedding(hosts: [:], views: [])

    /// At most how many steps the walks from all the roots take together: far more than an app's views and their
    /// uses, so that a hostile file of many views that call each other cannot make linking quadratic. Walks are in
    /// the roots' order, so what a run keeps under the limit is the same every run.
    static let stepLimit = 1_000_000

    private init(hosts: [String: [String]], views: Set<String>) {
        self.hosts = hosts
        self.views = views
    }

    /// Reads the SwiftUI types of `files` and the hosting calls of the files a target builds.
    init(files: [LoadedCodeFile], symbols: CodeSymbolTable, membership: TargetMembership) {
        var kinds: [String: CodeSwiftUIType.Kind] = [:]
        var uses: [String: Set<String>] = [:]
        var roots: Set<String> = []
        for f in files.indices {
            for type in files[f].swiftUITypes {
                let name = type.name
                if type.kind == .view || type.kind == .representable, kinds[name] != .representable { kinds[name] = type.kind }
                if type.kind != .app, !type.uses.isEmpty { uses[name, default: []].formUnion(type.uses) }
            }
            guard !membership.isUnbuilt(files[f].path) else { continue }
            for use in files[f].navigations {
                if case .hosting(let view) = use.controller { roots.insert(view) }
            }
            // An app's scenes (`WindowGroup { ContentView() }`): its first screens (`SwiftUIAppRule`).
            for type in files[f].swiftUITypes where type.kind == .app { roots.formUnion(type.uses) }
        }
        let views = Set(kinds.keys)
        var hosts: [String: [String]] = [:]
        guard kinds.values.contains(.representable) else { self.init(hosts: [:], views: views); return }
        var steps = 0
        walks: for root in roots.sorted() where kinds[root] != nil && symbols.location(ofType: root) != nil {
            var seen: Set<String> = [root]
            var queue = [root]
            var next = 0
            while next < queue.count {
                let name = queue[next]
                next += 1
                if kinds[name] == .representable { hosts[name, default: []].append(root) }
                for used in uses[name]?.sorted() ?? [] where kinds[used] != nil && seen.insert(used).inserted {
                    steps += 1
                    if steps > Self.stepLimit { break walks }
                    queue.append(used)
                }
            }
        }
        self.init(hosts: hosts, views: views)
    }

    /// The views whose screens show the representable `name` (empty for any other type).
    func hosts(of name: String) -> [String] { hosts[name] ?? [] }

    /// Whether the scanned code declares `name` as a SwiftUI view or a representable.
    func isView(_ name: String) -> Bool { views.contains(name) }
}
