import ArgumentParser
import SBMapModel
import SBMapResolve

/// What to read: shared by every command that loads a project.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "Folders to search, or files: .storyboard, Info.plist, project.pbxproj, .swift, .m, .mm.",
        valueName: "path"))
    var paths: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp(
        "Skip files and folders matching a glob (repeatable). Without '/', it matches names; with '/', paths below the folder argument.",
        valueName: "glob"))
    var excludes: [String] = []

    @Flag(name: .customLong("no-code"), help: "Do not read Swift and Objective-C sources.")
    var noCode = false

    @Option(name: .customLong("max-file-size"), help: ArgumentHelp(
        "Largest file to read, in MiB; a larger one is reported and skipped.", valueName: "MiB"))
    var maxFileSizeMiB: Int = 64

    @Option(name: .customLong("link-class"), help: ArgumentHelp(
        "Class of runtime-attribute placeholder scenes (repeatable). Default: RBStoryboardLink, or any class with a storyboardName attribute.",
        valueName: "class"))
    var linkClasses: [String] = []

    @Option(name: .customLong("link-name-key"), help: ArgumentHelp(
        "Runtime-attribute key naming the target storyboard (repeatable). Default: storyboardName.", valueName: "key"))
    var linkNameKeys: [String] = []

    @Option(name: .customLong("link-identifier-key"), help: ArgumentHelp(
        "Runtime-attribute key naming the target scene's storyboard ID (repeatable). Default: sceneIdentifier, storyboardIdentifier, referencedIdentifier, referenceIdentifier, controllerIdentifier.",
        valueName: "key"))
    var linkIdentifierKeys: [String] = []

    func validate() throws {
        guard !paths.isEmpty else {
            throw ValidationError("name at least one folder or file to map, e.g. 'sbmap check .'")
        }
        guard maxFileSizeMiB > 0 else {
            throw ValidationError("--max-file-size must be a positive number of MiB")
        }
    }

    /// The runtime-attribute link conventions these flags describe.
    var linkConventions: [LinkConvention] {
        if linkClasses.isEmpty, linkNameKeys.isEmpty, linkIdentifierKeys.isEmpty { return LinkConvention.defaults }
        let base = LinkConvention.defaults[1]
        let nameKeys = linkNameKeys.isEmpty ? base.nameKeys : linkNameKeys
        let identifierKeys = linkIdentifierKeys.isEmpty ? base.identifierKeys : linkIdentifierKeys
        let classes: [String?] = linkClasses.isEmpty ? [nil] : linkClasses.sorted()
        return classes.map {
            LinkConvention(className: $0, nameKeys: nameKeys, identifierKeys: identifierKeys, bundleKeys: base.bundleKeys)
        }
    }
}

/// How findings are reported: shared by every command.
struct FindingOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// `path:line:col: error: message [code]`, which Xcode and most CI systems annotate.
        case xcode
        /// GitHub Actions workflow commands (`::error file=…,line=…::…`).
        case github
    }

    @Flag(help: "Fail (exit 1) on warnings too, not only on errors. Notes never fail.")
    var strict = false

    @Option(name: .customLong("findings-format"), help: "How findings are printed to stderr: xcode or github.")
    var format: Format = .xcode

    @Flag(name: .shortAndLong, help: "Print only errors and the summary.")
    var quiet = false
}
