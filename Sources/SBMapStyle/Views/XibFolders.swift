import SBMapModel

/// Many xibs drawn as few (issue 32): an app with dozens of xib screens in one folder (a demo app's 23 chart screens,
/// a preferences window's panes) would draw dozens of one-screen boxes. The full map and the overview draw the xibs
/// of such a folder as one file instead: one cluster holding their screens, one box of the overview with their count
/// (`Demos · 23 xibs`, `23 xib screens`), as the overview draws a storyboard as one box.
///
/// The screens keep their ids, so every edge still ends at them; the folded file lists its xibs as its copies
/// (`localizedVariants`), so the findings located in them are counted in its box (`GraphCounts`). Xibs are folded
/// with those of the same folder (a `.lproj` folder counts as its parent), platform and targets only, so a box of
/// targets and a platform still hold what they held. Focus maps, the site's pages and `export` keep one file per xib.
public enum XibFolders {
    /// A folder is folded when it holds more xib files with screens than this.
    public static let foldAbove = 3
    /// When more xib files than this (of one platform and set of targets) are left unfolded, each in a folder of its
    /// own or of few (NetNewsWire's `Mac/About/`, `Mac/ErrorLog/`, …), they are folded by the folder above, and so on
    /// up, until no more than this are left or the top is reached.
    public static let manyFiles = 12

    /// `graph` with the xibs of each folder holding more than `above` of them (of one platform and set of targets)
    /// merged into one file of kind `xib`, at `folder/*.xib`; while more than `many` boxes would be left, the files
    /// left are grouped by the folder above. `graph` itself when nothing is folded.
    public static func fold(_ graph: StoryboardGraph, above: Int = foldAbove, many: Int = manyFiles) -> StoryboardGraph {
        struct Bucket: Hashable, Comparable {
            var platform: String
            var targets: [String]
            static func < (a: Bucket, b: Bucket) -> Bool {
                (a.platform, a.targets.joined(separator: " ")) < (b.platform, b.targets.joined(separator: " "))
            }
        }
        var buckets: [Bucket: [Storyboard]] = [:]
        for sb in graph.storyboards where sb.isXib {
            buckets[Bucket(platform: sb.platform.rawValue, targets: sb.targets.sorted()), default: []].append(sb)
        }
        var into: [String: String] = [:]
        var folded: [Storyboard] = []
        var usedPaths = Set(graph.storyboards.map(\.path))
        func foldGroup(_ folder: String, _ files: [Storyboard], targets: [String]) {
            let base = folder.isEmpty ? "*.xib" : folder + "/*.xib"
            var path = base
            var n = 2
            while usedPaths.contains(path) {
                path = base + " (\(n))"
                n += 1
            }
            usedPaths.insert(path)
            let last = folder.split(separator: "/").last.map(String.init) ?? ""
            folded.append(Storyboard(
                path: path, name: "\(last.isEmpty ? "xibs" : last) · \(files.count) xibs", platform: files[0].platform,
                localizedVariants: files.flatMap { [$0.path] + $0.localizedVariants },
                entryPoints: files.flatMap(\.entryPoints), targets: targets, kind: .xib))
            for file in files { into[file.path] = path }
        }
        for bucket in buckets.keys.sorted() {
            // Each file with the folder it is grouped by, one level up each round.
            var left = (buckets[bucket] ?? []).sorted { $0.path < $1.path }.map { (folder: folder(of: $0.path), file: $0) }
            var boxes = 0
            while !left.isEmpty {
                let byFolder = Dictionary(grouping: left, by: \.folder)
                let crowded = byFolder.filter { $0.value.count > above }
                for folder in crowded.keys.sorted() { foldGroup(folder, crowded[folder]!.map(\.file), targets: bucket.targets) }
                boxes += crowded.count
                left = left.filter { crowded[$0.folder] == nil }
                // Few boxes left, or nowhere further up: the files left stay as they are.
                if boxes + left.count <= many || left.allSatisfy({ $0.folder.isEmpty }) { break }
                left = left.map { (folder: parent(of: $0.folder), file: $0.file) }
            }
        }
        guard !into.isEmpty else { return graph }
        var out = graph
        out.storyboards = (graph.storyboards.filter { into[$0.path] == nil } + folded).sorted { $0.path < $1.path }
        // Only the nodes of folded xibs change; the others are left as they are (no copy of the whole array's nodes).
        for k in out.nodes.indices {
            if let path = out.nodes[k].storyboard, let to = into[path] { out.nodes[k].storyboard = to }
        }
        return out
    }

    /// `Mac/About` → `Mac`; `Mac` → ``.
    static func parent(of folder: String) -> String {
        guard let slash = folder.lastIndex(of: "/") else { return "" }
        return String(folder[..<slash])
    }

    /// `App/Views/Base.lproj/Profile.xib` → `App/Views`.
    static func folder(of path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        if let last = parts.last, last.hasSuffix(".lproj") { parts = parts.dropLast() }
        return parts.joined(separator: "/")
    }
}
