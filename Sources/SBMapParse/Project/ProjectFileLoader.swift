#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SBMapModel

/// Reads the files that say which target builds which file: Xcode projects (`project.pbxproj`) and Swift package
/// manifests (`Package.swift`), into `LoadedBuildProject`s.
///
/// Like the other loaders it never throws: a file that cannot be read gives `value == nil` and a finding. A broken
/// project is a warning (a bad merge is a likely mistake; the app itself may be fine), and the run goes on as if
/// the project were not there.
public struct ProjectFileLoader: Hashable, Sendable {
    public var limits: LoadLimits

    public init(limits: LoadLimits = LoadLimits()) {
        self.limits = limits
    }

    /// Loads a `.projectFile` or a `.packageManifest`; other kinds give `nil`.
    public func load(_ file: InputFile) -> Loaded<LoadedBuildProject>? {
        guard file.kind == .projectFile || file.kind == .packageManifest else { return nil }
        switch ByteSource.readWholeFile(at: file.url, limits: limits) {
        case .failure(let failure):
            return Loaded(path: file.path, nil,
                          diagnostics: [LoadDiagnostics.readProblem(failure.problem, path: file.path, limits: limits)])
        case .success(let bytes) where LFSPointer.matches(bytes):
            return Loaded(path: file.path, nil, diagnostics: [LFSPointer.finding(
                path: file.path, what: file.kind == .projectFile ? "Xcode project" : "package manifest")])
        case .success(let bytes):
            guard file.kind == .projectFile else { return loadPackageManifest(bytes: bytes, path: file.path) }
            let refused = RefusedPaths()
            var loaded = loadProjectFile(bytes: bytes, path: file.path, readFile: reader(beside: file, refused: refused),
                                         listFolder: lister(beside: file))
            loaded.diagnostics += refused.all.map { path, real in
                Diagnostic(.info, .linkOutsideInputs,
                           "the project names '\(path)', but it leads outside the folder sbmap reads (to '\(real)'); it is not read, so the build settings it holds are not known",
                           at: SourceLocation(path: path),
                           hint: "sbmap reads only the folder it is given: pass a folder that holds the file too, or keep the file inside the project")
            }
            return loaded
        }
    }

    /// The files a project names that exist but lead outside the folder `reader(beside:)` may read (through a
    /// symbolic link, or `..`): each refused, and reported once, with where it leads.
    final class RefusedPaths: @unchecked Sendable {  // `found` only under `lock`
        private let lock = NSLock()
        private var found: [String: String] = [:]

        func add(_ path: String, real: String) {
            lock.withLock { if found[path] == nil { found[path] = real } }
        }

        /// By path, so the findings come in one order.
        var all: [(path: String, real: String)] {
            lock.withLock { found.sorted { $0.key < $1.key }.map { (path: $0.key, real: $0.value) } }
        }
    }

    /// Whether a file of this name may be read because a project names it (`reader(beside:)`): a configuration's base
    /// `.xcconfig` and the files it includes, by the convention Xcode's own templates follow. A copy of a revision
    /// (`sbmap diff`) holds these beside what discovery finds.
    public static func mayReadBesideProjects(fileNamed name: String) -> Bool {
        name.hasSuffix(".xcconfig")
    }

    /// Reads files a project names (its `.xcconfig`s) by their paths spelled like `file`'s, from where `file` is
    /// opened: never an absolute path, and never a path that climbs above the folder `file`'s path starts from,
    /// whether by `..` or by a symbolic link (the file's real path must be inside that folder's).
    /// A file that exists but is refused so is added to `refused`.
    func reader(beside file: InputFile, refused: RefusedPaths? = nil) -> (@Sendable (String) -> [UInt8]?)? {
        let limits = limits
        if let inside = Self.absoluteRoot(of: file) {
            // An absolute argument (`sbmap check /path/to/App`) spells every path from `/`: what a project names is
            // read when its real path is inside the argument's, as a relative argument's is.
            return { path in
                guard let real = inside(path) else {
                    if let refused, path.hasPrefix("/"), let real = Self.realPath(path) { refused.add(path, real: real) }
                    return nil
                }
                guard case .success(let bytes) = ByteSource.readWholeFile(at: real, limits: limits) else { return nil }
                return bytes
            }
        }
        guard file.url.hasSuffix(file.path) else { return nil }
        let base = String(file.url.dropLast(file.path.utf8.count))
        let climbs = Self.climbs(ProjectPaths.normalize(file.path))
        return { path in
            guard !path.hasPrefix("/"), let top = Self.realPath(base.isEmpty ? "." : base), let real = Self.realPath(base + path)
            else { return nil }
            guard Self.climbs(path) <= climbs, real.hasPrefix(top == "/" ? "/" : top + "/") else {
                refused?.add(path, real: real)
                return nil
            }
            guard case .success(let bytes) = ByteSource.readWholeFile(at: real, limits: limits) else { return nil }
            return bytes
        }
    }

    /// Lists the names in a folder a project names (to find a path spelled with other letter case), under the same
    /// rules as `reader(beside:)`: never an absolute path, never above the folder `file`'s path starts from.
    func lister(beside file: InputFile) -> (@Sendable (String) -> [String]?)? {
        let absolute = Self.absoluteRoot(of: file)
        if absolute == nil, !file.url.hasSuffix(file.path) { return nil }
        let base = absolute == nil ? String(file.url.dropLast(file.path.utf8.count)) : ""
        let climbs = Self.climbs(ProjectPaths.normalize(file.path))
        return { folder in
            let found: String?
            if let absolute {
                found = absolute(folder)
            } else if !folder.hasPrefix("/"), Self.climbs(folder) <= climbs, let top = Self.realPath(base.isEmpty ? "." : base),
                      let real = Self.realPath(folder.isEmpty ? (base.isEmpty ? "." : base) : base + folder),
                      real == top || real.hasPrefix(top == "/" ? "/" : top + "/") {
                found = real
            } else {
                found = nil
            }
            guard let real = found, let directory = opendir(real) else { return nil }
            defer { closedir(directory) }
            var names: [String] = []
            // A folder of more names than this is no source folder: what it holds is not looked through.
            while names.count < 100_000, let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != ".", name != ".." { names.append(name) }
            }
            return names.sorted()
        }
    }

    /// For a file found under an absolute folder argument: a function giving the real path of an absolute path
    /// when it is inside that argument's real path (nil otherwise, and for a relative path). Nil for other files.
    private static func absoluteRoot(of file: InputFile) -> (@Sendable (String) -> String?)? {
        guard file.path.hasPrefix("/"), file.root.hasPrefix("/"), let top = realPath(file.root) else { return nil }
        return { path in
            guard path.hasPrefix("/"), let real = realPath(path), real == top || real.hasPrefix(top == "/" ? "/" : top + "/") else {
                return nil
            }
            return real
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// How many `..` a normalized relative path starts with.
    private static func climbs(_ path: String) -> Int {
        path.split(separator: "/").prefix { $0 == ".." }.count
    }

    /// Reads a `project.pbxproj` from memory; `readFile` reads the `.xcconfig` files it names (none when `nil`).
    public func loadProjectFile(bytes: [UInt8], path: String, readFile: (@Sendable (String) -> [UInt8]?)? = nil,
                                listFolder: (@Sendable (String) -> [String]?)? = nil) -> Loaded<LoadedBuildProject> {
        if bytes.count > limits.maxFileBytes {
            return Loaded(path: path, nil, diagnostics: [LoadDiagnostics.readProblem(.tooLarge(bytes.count), path: path, limits: limits)])
        }
        // Old projects were sometimes saved as XML property lists; read those with the XML plist reader.
        let start = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if start.first == UInt8(ascii: "<") {
            let reader = XMLPlistReader(path: path)
            let session = SAXSession(delegate: reader, doctypePolicy: .externalIdentifierOnly, wantsText: true)
            _ = bytes.withUnsafeBytes { ByteSource.readMemory($0, limits: limits) { session.feed($0) } }
            let outcome = session.finish()
            let problems = LoadDiagnostics.outcome(outcome, path: path, malformedCode: .malformedPlist, what: "project file")
            guard let root = reader.root, reader.foreignRoot == nil, !problems.contains(where: { $0.severity == .error }) else {
                // A broken project is a warning, as for the text format, and always says why.
                var findings = problems.map { var d = $0; d.severity = .warning; return d }
                if findings.isEmpty {
                    findings.append(Diagnostic(
                        .warning, .malformedPlist,
                        "the Xcode project is XML but holds no property list (<\(reader.foreignRoot?.name ?? "plist")> without a value); its targets are not known, so names resolve by folder",
                        at: SourceLocation(path: path, line: reader.foreignRoot?.line ?? 1, column: reader.foreignRoot?.column ?? 1),
                        hint: "open and re-save the project in Xcode, or restore project.pbxproj from version control"))
                }
                return Loaded(path: path, nil, diagnostics: findings)
            }
            return XcodeProjectReader.read(root: root, path: path, readFile: readFile, listFolder: listFolder)
        }
        return XcodeProjectReader.read(bytes: bytes, path: path, readFile: readFile, listFolder: listFolder)
    }

    /// Reads a `Package.swift` from memory.
    public func loadPackageManifest(bytes: [UInt8], path: String) -> Loaded<LoadedBuildProject> {
        if bytes.count > limits.maxFileBytes {
            return Loaded(path: path, nil, diagnostics: [LoadDiagnostics.readProblem(.tooLarge(bytes.count), path: path, limits: limits)])
        }
        return PackageManifestReader.read(bytes: bytes, path: path)
    }
}
