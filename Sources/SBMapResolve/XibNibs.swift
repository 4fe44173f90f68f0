import SBMapModel

/// The nib names an app has (issue 32): every `.xib` scanned, screen or not, with the targets that copy it and the
/// xib screen code that loads it links to. The code linker reads it (`NibLoadRule`): a nib name in code is checked
/// against these names, and links to the screen of its xib.
///
/// Made before linking from the xib screens the run will merge after it (`XibScreens.screens`, which needs the
/// code's superclass chains and so the prepared code, not its links): the edges end at the ids of those screens.
public struct XibNibs: Sendable {
    struct Nib: Sendable {
        /// `Profile` for `…/Profile.xib`.
        let name: String
        let path: String
        /// The ids of the targets that copy it (empty: none, or no project describes it).
        let targets: [String]
        /// The id of the xib screen code links to (the File's Owner's when it is a screen), and its class; `nil`
        /// for a xib that is no screen (a cell's, a view's) or could not be read.
        let screen: String?
        let screenClass: String?
        /// The path of the xib the screen is mapped from (the preferred one of localized copies).
        let screenPath: String?
    }

    let nibs: [Nib]
    private let byName: [String: [Int]]
    private let byFoldedName: [String: [Int]]
    private let byScreenClass: [String: [Int]]
    /// Every nib name, sorted, for "did you mean" hints.
    let names: [String]

    /// `xibs` as loaded (read or not: an unread xib's name exists too), `screens` as `XibScreens.screens` found them.
    public init(xibs: [Loaded<LoadedXib>], screens: XibScreens.Added, membership: TargetMembership) {
        var screenOf: [String: (id: String, customClass: String?, path: String)] = [:]
        for board in screens.storyboards {
            guard let node = screens.nodes.first(where: { $0.storyboard == board.path }) else { continue }
            for path in [board.path] + board.localizedVariants { screenOf[path] = (node.id, node.customClass, board.path) }
        }
        var nibs: [Nib] = []
        for xib in xibs.sorted(by: { $0.path < $1.path }) {
            let file = XibScreens.fileName(xib.path)
            let name = file.hasSuffix(".xib") ? String(file.dropLast(4)) : file
            let targets = membership.targets(of: xib.path).map { membership.targets[$0].id }
            nibs.append(Nib(name: name, path: xib.path, targets: targets, screen: screenOf[xib.path]?.id,
                            screenClass: screenOf[xib.path]?.customClass, screenPath: screenOf[xib.path]?.path))
        }
        self.nibs = nibs
        var byName: [String: [Int]] = [:]
        var byFoldedName: [String: [Int]] = [:]
        var byScreenClass: [String: [Int]] = [:]
        for (k, nib) in nibs.enumerated() {
            byName[nib.name, default: []].append(k)
            byFoldedName[nib.name.lowercased(), default: []].append(k)
            if nib.screen != nil, let owner = nib.screenClass { byScreenClass[owner, default: []].append(k) }
        }
        self.byName = byName
        self.byScreenClass = byScreenClass
        self.byFoldedName = byFoldedName
        names = Set(nibs.map(\.name)).sorted()
    }

    /// The xib screens whose class is `name` (the File's Owner's or a top-level controller's), one per xib.
    func screens(ofClass name: String) -> [Nib] { (byScreenClass[name] ?? []).map { nibs[$0] } }

    /// The xibs named exactly `name`.
    func named(_ name: String) -> [Nib] { (byName[name] ?? []).map { nibs[$0] } }

    /// The xibs whose name is `name` in another letter case.
    func namedInOtherCase(_ name: String) -> [Nib] {
        (byFoldedName[name.lowercased()] ?? []).map { nibs[$0] }.filter { $0.name != name }
    }
}
