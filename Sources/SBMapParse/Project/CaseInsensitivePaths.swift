import SBMapModel

/// Finds a path the way Xcode does on a Mac, whose disk ignores letter case:
/// `INFOPLIST_FILE = myapp/Info.plist` builds there when the folder is `MyApp/`. Used only when the path as written
/// does not exist. Each folder level is listed once (the listing is kept), so a project of many such paths costs one
/// listing per folder, not one per path.
///
/// One project's reader makes one and keeps it while it reads the project's targets.
struct CaseInsensitivePaths {
    /// What a path spelled with another letter case is on disk.
    enum Match: Equatable {
        /// The path exists as written.
        case exact
        /// One path differs from it only in letter case.
        case folded(String)
        /// Several paths differ from it only in letter case (`Info.plist` and `info.plist` on a case-sensitive disk):
        /// a Mac could not hold both, so which one Xcode would see is not known.
        case ambiguous([String])
        /// Nothing of that name, in any letter case.
        case missing
    }

    /// Lists the names in a folder (spelled like discovery's paths, `""` for the run's folder); `nil` when it is no
    /// folder that may be read.
    private let list: (String) -> [String]?
    private var listings: [String: [String]?] = [:]
    /// At most this many folders are listed in all: a hostile project cannot make a run list the whole disk.
    static let maxListings = 4096

    init(list: @escaping (String) -> [String]?) {
        self.list = list
    }

    /// Where `path` (relative, normalized) is, letter case aside.
    mutating func find(_ path: String) -> Match {
        guard !path.isEmpty, !path.hasPrefix("/") else { return .missing }
        let parts = path.split(separator: "/").map(String.init)
        // Every spelling that matches so far, by folder level: most paths have one at each level.
        var candidates: [String] = [""]
        for part in parts {
            var next: [String] = []
            for folder in candidates {
                guard part != "..", part != "." else {
                    next.append(folder.isEmpty ? part : folder + "/" + part)
                    continue
                }
                guard let names = listing(folder) else { continue }
                let lower = part.lowercased()
                for name in names where name.lowercased() == lower {
                    next.append(folder.isEmpty ? name : folder + "/" + name)
                }
            }
            guard !next.isEmpty else { return .missing }
            candidates = next
        }
        if candidates.contains(path) { return .exact }
        return candidates.count == 1 ? .folded(candidates[0]) : .ambiguous(candidates.sorted())
    }

    private mutating func listing(_ folder: String) -> [String]? {
        if let known = listings[folder] { return known }
        guard listings.count < Self.maxListings else { return nil }
        let names = list(folder)
        listings[folder] = names
        return names
    }
}
