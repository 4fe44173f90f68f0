import SBMapModel

/// Screens from xibs (issue 32): a `.xib` whose File's Owner is a view controller class, or that holds a top-level
/// view controller, is a screen. Each such xib is a cluster of the map (a `Storyboard` of kind `.xib`, named with its
/// extension, `Profile.xib`, so it never takes a storyboard's name), holding one `xib-screen` node per screen.
/// Table cells and other views loaded from nibs are not screens: their xibs stay off the map.
///
/// Whether a custom class is a view controller needs the code (`CodeLinker.Prepared.isViewController`), so the pass
/// runs after the code is linked; without code, only the framework's classes are known to be controllers.
public enum XibScreens {
    /// The framework's view controller classes a File's Owner may name.
    public static let frameworkControllers: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UISplitViewController", "UIPageViewController", "UIInputViewController",
        "UIHostingController", "AVPlayerViewController", "GLKViewController",
        "NSViewController", "NSWindowController", "NSSplitViewController", "NSTabViewController", "NSPageController",
        "NSTitlebarAccessoryViewController", "NSHostingController",
    ]

    /// What the pass adds to the graph.
    public struct Added: Sendable {
        public var storyboards: [Storyboard] = []
        public var nodes: [Node] = []
        public var diagnostics: [Diagnostic] = []
    }

    /// The xib files and screens of `xibs`, with a warning for each xib with a screen that no target copies.
    /// `classFile` gives the file that defines a class in the scanned code: a xib whose File's Owner's class no
    /// target compiles either is a leftover of a target that is gone (Provenance's QuickLookMacOS extension), and
    /// its finding is a note.
    public static func screens(of xibs: [Loaded<LoadedXib>], membership: TargetMembership,
                               isViewController: (String) -> Bool,
                               classFile: (String) -> String? = { _ in nil }) -> Added {
        var added = Added()
        for group in localizedGroups(xibs.compactMap(\.value)) {
            let xib = group.preferred
            var screens: [Node] = []
            for object in xib.topLevel where object.isController {
                screens.append(node(object, xib: xib))
            }
            if let owner = xib.filesOwner, let owned = owner.customClass,
               frameworkControllers.contains(owned) || isViewController(owned) {
                screens.insert(node(owner, xib: xib), at: 0)
            }
            guard !screens.isEmpty else { continue }
            let paths = [xib.path] + group.variants.map(\.path)
            let targets = Set(paths.flatMap { membership.targets(of: $0) }).sorted()
            added.storyboards.append(Storyboard(
                path: xib.path, name: fileName(xib.path), platform: xib.platform, localization: group.localization,
                localizedVariants: group.variants.map(\.path), targets: targets.map { membership.targets[$0].id },
                kind: .xib))
            added.nodes += screens
            if !membership.isEmpty, targets.isEmpty, membership.isDescribed(xib.path) {
                let what = screens[0].customClass ?? screens[0].label
                // The owner's class compiled by no target either: nothing built can load the nib.
                let deadClass = screens[0].element != "placeholder" && screens[0].element != "customObject" ? nil
                    : screens[0].customClass.flatMap(classFile).flatMap { membership.targets(of: $0).isEmpty ? $0 : nil }
                added.diagnostics.append(Diagnostic(
                    deadClass == nil ? .warning : .info, .xibNotInTarget,
                    "no target copies \(fileName(xib.path)), the nib of screen '\(what)': it is in no app's bundle, and loading it crashes"
                        + (deadClass.map { "; but no target compiles '\(what)' either (\($0)), so nothing built loads it" } ?? ""),
                    at: screens[0].location.map { SourceLocation(path: xib.path, line: $0.line, column: $0.column) }
                        ?? xib.documentLocation,
                    hint: "add the xib to the app's target (Target Membership in Xcode's File inspector), or delete it if nothing loads it"))
            }
        }
        return added
    }

    /// `graph` with `added` merged in: the xib files among the storyboards (by path), their screens among the nodes
    /// of the storyboards (by path; what the code linker added stays last), and the findings.
    public static func merge(_ added: consuming Added, into graph: inout StoryboardGraph) {
        guard !added.storyboards.isEmpty || !added.diagnostics.isEmpty else { return }
        graph.storyboards += added.storyboards
        graph.storyboards.sort { $0.path < $1.path }
        // The nodes of the resolved storyboards come first, in path order; the linker's come after them.
        var end = 0
        var last = ""
        while end < graph.nodes.count, let path = graph.nodes[end].storyboard, path >= last,
              graph.nodes[end].role != .code, graph.nodes[end].role != .codeTarget {
            last = path
            end += 1
        }
        var merged: [Node] = []
        merged.reserveCapacity(graph.nodes.count + added.nodes.count)
        var i = 0
        for node in added.nodes {
            let path = node.storyboard ?? ""
            while i < end, (graph.nodes[i].storyboard ?? "") <= path { merged.append(graph.nodes[i]); i += 1 }
            merged.append(node)
        }
        merged += graph.nodes[i...]
        graph.nodes = merged
        graph.diagnostics += added.diagnostics
        graph.diagnostics.sort()
    }

    private static func node(_ object: XibObject, xib: LoadedXib) -> Node {
        let objectID = object.objectID ?? "-1"
        let label = object.title ?? object.customClass ?? object.userLabel
            ?? (object.element == "placeholder" || object.element == "customObject" ? "File's Owner" : object.element)
        return Node(id: Node.sceneID(storyboard: xib.path, objectID: objectID), storyboard: xib.path, objectID: objectID,
                    element: object.element, role: .xibScreen, customClass: object.customClass,
                    customModule: object.customModule, title: object.title, label: label, location: object.location)
    }

    /// `App/Views/Profile.xib` → `Profile.xib`.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Localized copies of one xib (`Base.lproj/Profile.xib`, `ja.lproj/Profile.xib`), grouped: Base is mapped, then
    /// the copy outside `.lproj`, then `en`, then the first by path.
    private struct Group {
        var preferred: LoadedXib
        var localization: String?
        var variants: [LoadedXib]
    }

    private static func localizedGroups(_ xibs: [LoadedXib]) -> [Group] {
        var byKey: [String: [(xib: LoadedXib, localization: String?)]] = [:]
        var order: [String] = []
        for xib in xibs {
            let (folder, localization) = StoryboardCatalog.splitLocalization(StoryboardCatalog.folder(of: xib.path))
            let key = folder + "/" + fileName(xib.path)
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append((xib, localization))
        }
        return order.compactMap { key -> Group? in
            guard let copies = byKey[key] else { return nil }
            func rank(_ l: String?) -> Int { l == "Base" ? 0 : l == nil ? 1 : l == "en" ? 2 : 3 }
            let sorted = copies.sorted { (rank($0.localization), $0.xib.path) < (rank($1.localization), $1.xib.path) }
            return Group(preferred: sorted[0].xib, localization: sorted[0].localization,
                         variants: sorted.dropFirst().map(\.xib))
        }
    }
}
