import SBMapModel

/// Which SwiftUI screens show each representable of a view controller (issue 32). A SwiftUI view hosted by
/// `UIHostingController(rootView:)` / `NSHostingController(rootView:)` is a `swiftui-screen`; the views its body
/// calls (`ProfileScreen()`, `NavigationLink(destination: Row())`), and theirs in turn, are shown on that screen. A
/// representable (`UIViewControllerRepresentable`, `NSViewControllerRepresentable`) among them embeds its view
/// controller there: the links its code makes (a scene instantiated from a storyboard) are drawn from that screen,
/// labelled `embed`, instead of from a code node for the representable. So do the links and navigation any SwiftUI
/// view among them makes (a button's action presenting a controller): from the screens that show it, with their call.
///
/// Only what the code declares counts: a type is a SwiftUI view where one of its declarations conforms to `View`
/// (or a representable protocol), and a name its body calls counts only when it is such a type. A view reached from
/// no hosted root leaves its representables' links where they were, on the representable's code node.
struct SwiftUIEmbedding: Sendable {
    /// For each representable's name: the hosted views whose screens show it, sorted.
    let hosts: [String: [String]]
    /// The SwiftUI views the scanned code declares (and its representables).
    private let views: Set<String>
    /// The representables among them.
    private let representables: Set<String>

    static let none = SwiftUIEmbedding(hosts: [:], views: [], representables: [])

    /// At most how many steps the walks from all the roots take together: far more than an app's views and their
    /// uses, so that a hostile file of many views that call each other cannot make linking quadratic. Walks are in
    /// the roots' order, so what a run keeps under the limit is the same every run.
    static let stepLimit = 1_000_000

    private init(hosts: [String: [String]], views: Set<String>, representables: Set<String>) {
        self.hosts = hosts
        self.views = views
        self.representables = representables
    }

    /// One declaration of a SwiftUI type: the targets that compile its file (`nil` where no project says), its kind
    /// and the names its body calls.
    private struct Declaration {
        var targets: Set<Int>?
        var kind: CodeSwiftUIType.Kind
        var uses: [String]

        /// Whether code compiled by `targets` (`nil`: not known) can see it: two types of one name in two apps of
        /// one repository (each example's `ContentView`) are two types.
        func isSeen(from targets: Set<Int>?) -> Bool {
            guard let targets, let own = self.targets else { return true }
            return !own.isDisjoint(with: targets)
        }
    }

    /// Reads the SwiftUI types of `files` and the hosting calls of the files a target builds.
    init(files: [LoadedCodeFile], symbols: CodeSymbolTable, membership: TargetMembership) {
        var declarations: [String: [Declaration]] = [:]
        var roots: [String: Set<[Int]>] = [:]  // a root view, and the targets of each file that hosts it
        for f in files.indices where !files[f].swiftUITypes.isEmpty || !files[f].navigations.isEmpty {
            let path = files[f].path
            guard !membership.isUnbuilt(path) else { continue }
            let targets: Set<Int>? = membership.isEmpty || !membership.isDescribed(path) ? nil : Set(membership.targets(of: path))
            let key = targets.map { $0.sorted() } ?? [-1]
            for type in files[f].swiftUITypes {
                if type.kind == .app {
                    // An app's scenes (`WindowGroup { ContentView() }`): its first screens (`SwiftUIAppRule`).
                    for view in type.uses { roots[view, default: []].insert(key) }
                } else {
                    declarations[type.name, default: []].append(Declaration(targets: targets, kind: type.kind, uses: type.uses))
                }
            }
            for use in files[f].navigations {
                if case .hosting(let view) = use.controller { roots[view, default: []].insert(key) }
            }
        }
        let views = Set(declarations.compactMap { name, all in all.contains { $0.kind != .extension } ? name : nil })
        let representables = Set(declarations.compactMap { name, all in all.contains { $0.kind == .representable } ? name : nil })
        var hosts: [String: Set<String>] = [:]
        var steps = 0
        do {
            func kind(_ name: String, _ targets: Set<Int>?) -> CodeSwiftUIType.Kind? {
                let seen = (declarations[name] ?? []).filter { $0.kind != .extension && $0.isSeen(from: targets) }
                return seen.contains { $0.kind == .representable } ? .representable : seen.first?.kind
            }
            walks: for root in roots.keys.sorted() where symbols.location(ofType: root) != nil {
                for key in roots[root]!.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                    let targets: Set<Int>? = key == [-1] ? nil : Set(key)
                    guard kind(root, targets) != nil else { continue }
                    var seen: Set<String> = [root]
                    var queue = [root]
                    var next = 0
                    while next < queue.count {
                        let name = queue[next]
                        next += 1
                        hosts[name, default: []].insert(root)
                        var called: Set<String> = []
                        for d in declarations[name] ?? [] where d.isSeen(from: targets) { called.formUnion(d.uses) }
                        for used in called.sorted() where seen.insert(used).inserted && kind(used, targets) != nil {
                            steps += 1
                            if steps > Self.stepLimit { break walks }
                            queue.append(used)
                        }
                    }
                }
            }
        }
        self.init(hosts: hosts.mapValues { $0.sorted() }, views: views, representables: representables)
    }

    /// The hosted views whose screens show the SwiftUI view or representable `name` (a hosted view shows itself),
    /// sorted; empty for any other type, and for a view no hosted view reaches.
    func hosts(of name: String) -> [String] { hosts[name] ?? [] }

    /// Whether the scanned code declares `name` as a representable of a view controller.
    func isRepresentable(_ name: String) -> Bool { representables.contains(name) }

    /// Whether the scanned code declares `name` as a SwiftUI view or a representable.
    func isView(_ name: String) -> Bool { views.contains(name) }
}
