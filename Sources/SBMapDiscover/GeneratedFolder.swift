import Foundation
import SBMapModel

/// A folder sbmap wrote (`sbmap site`, `render --all`): known by its manifest, a JSON file whose `schema` is
/// sbmap's. Discovery never reads such a folder as input (`sbmap site . -o site` must not map its own last site), and
/// `site` / `render --all` write only into an empty folder or one of these.
public enum GeneratedFolder {
    /// Manifest file name → its type.
    public static let manifests: [String: any OutputManifest.Type] = [
        SiteManifest.fileName: SiteManifest.self, MapsManifest.fileName: MapsManifest.self,
    ]

    /// Whether `data`, read from a file named `name`, is one of sbmap's manifests (read by the type that writes it).
    public static func isManifest(named name: String, _ data: Data) -> Bool {
        guard let type = manifests[name] else { return false }
        return type.decode(data) != nil
    }

    /// Whether the folder at `path`, whose entries are `names`, holds a manifest of sbmap's (a regular file).
    static func holdsManifest(_ path: String, names: some Sequence<String>) -> Bool {
        for name in names where manifests[name] != nil {
            let file = path + "/" + name
            var info = stat()
            // A manifest is small; a huge file of that name is not one (and is not read whole).
            guard lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size < 64 << 20,
                  let data = FileManager.default.contents(atPath: file) else { continue }
            if isManifest(named: name, data) { return true }
        }
        return false
    }
}
