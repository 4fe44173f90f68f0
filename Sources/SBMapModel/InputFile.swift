/// One file the run will read, as discovery found it.
public struct InputFile: Hashable, Sendable, Comparable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case storyboard
        /// `Info.plist`, `*-Info.plist`: entry-point keys and the bundle identifier.
        case infoPlist = "info-plist"
        /// `project.pbxproj`: targets, their files and build settings.
        case projectFile = "project-file"
        /// `Package.swift`: a package's targets and where their resources live.
        case packageManifest = "package-manifest"
        /// `.xib`: only its name is used (a launch screen may be a nib).
        case nib
        case swift
        case objectiveC = "objective-c"
    }

    public var kind: Kind
    /// Where to open the file (absolute, or relative to the working directory).
    public var url: String
    /// How the file is named in every output: as reached from the user's argument.
    public var path: String
    /// The folder argument the file was found under, as the user spelled it (`path` starts with it); empty for a file
    /// named on the command line. The loaders read what a project names (its `.xcconfig`s) only inside it.
    public var root: String

    public init(kind: Kind, url: String, path: String, root: String = "") {
        self.kind = kind
        self.url = url
        self.path = path
        self.root = root
    }

    public static func < (a: InputFile, b: InputFile) -> Bool { a.path < b.path }
}
