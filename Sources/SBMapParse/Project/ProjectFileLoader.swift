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
        case .success(let bytes):
            return file.kind == .projectFile ? loadProjectFile(bytes: bytes, path: file.path)
                                             : loadPackageManifest(bytes: bytes, path: file.path)
        }
    }

    /// Reads a `project.pbxproj` from memory.
    public func loadProjectFile(bytes: [UInt8], path: String) -> Loaded<LoadedBuildProject> {
        if bytes.count > limits.maxFileBytes {
            return Loaded(path: path, nil, diagnostics: [LoadDiagnostics.readProblem(.tooLarge(bytes.count), path: path, limits: limits)])
        }
        return XcodeProjectReader.read(bytes: bytes, path: path)
    }

    /// Reads a `Package.swift` from memory.
    public func loadPackageManifest(bytes: [UInt8], path: String) -> Loaded<LoadedBuildProject> {
        if bytes.count > limits.maxFileBytes {
            return Loaded(path: path, nil, diagnostics: [LoadDiagnostics.readProblem(.tooLarge(bytes.count), path: path, limits: limits)])
        }
        return PackageManifestReader.read(bytes: bytes, path: path)
    }
}
