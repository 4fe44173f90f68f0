import ArgumentParser
import Foundation
import SBMapAnalysis
import SBMapDiscover
import SBMapModel
import SBMapReport
import SBMapResolve
import SBMapSettings

/// The headings of every command's help, in the order the commands declare them. Options are grouped under them
/// with `@OptionGroup(title:)`, the same heading for the same kind of option in every command.
enum HelpSection {
    static let inputs = "Inputs"
    static let output = "Output"
    static let rendering = "Rendering"
    static let findings = "Findings"
}

/// What to read: shared by every command that loads a project.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "Folders to search, or files: .storyboard, Info.plist, project.pbxproj, .swift, .m, .mm.",
        valueName: "path"), completion: .file())
    var paths: [String] = []

    @OptionGroup var scan: ScanOptions

    func validate() throws {
        if paths.isEmpty, try scan.config()?.paths?.isEmpty ?? true {
            throw ValidationError("name at least one folder or file to map, e.g. 'sbmap check .' (or list them under 'paths:' in .sbmap.yml)")
        }
    }

    func config() throws -> ConfigFile? { try scan.config() }

    func resolved() throws -> ResolvedInputs { try scan.resolved(paths: paths) }
}

/// How to read: every input flag but the paths (`sbmap diff` takes two trees instead).
struct ScanOptions: ParsableArguments {
    @Option(name: .customLong("exclude"), help: ArgumentHelp(
        "Skip files and folders matching a glob (repeatable). Without '/', it matches names anywhere; with '/', paths below a folder argument or below the current folder (App/Legacy, Legacy/*, **/Generated). A glob that matches nothing is a warning.",
        valueName: "glob"))
    var excludes: [String] = []

    @Flag(name: .customLong("no-code"), help: "Do not read Swift and Objective-C sources.")
    var noCode = false

    @Option(name: .customLong("screens"), help: ArgumentHelp(
        "Which screens to map: all (default: storyboard scenes and screens from .xib files) or storyboards (scenes only).",
        valueName: "kinds"))
    var screens: ScreenKinds = .all

    @Option(name: .customLong("max-file-size"), help: ArgumentHelp(
        "Largest file to read, in MiB (default 64); a larger one is reported and skipped.", valueName: "MiB"))
    var maxFileSizeMiB: Int?

    @Option(name: .customLong("config"), help: ArgumentHelp(
        "The settings file to use. Default: the nearest .sbmap.yml in this folder or a folder above (docs/config.md).",
        valueName: "file"), completion: .file(extensions: ["yml", "yaml"]))
    var configPath: String?

    @Flag(name: .customLong("no-config"), help: "Ignore .sbmap.yml files.")
    var noConfig = false

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
        if let maxFileSizeMiB, maxFileSizeMiB <= 0 {
            throw ValidationError("--max-file-size must be a positive number of MiB")
        }
    }

    /// The settings file in effect: `--config`, else the nearest `.sbmap.yml`, else none (`--no-config`: none).
    /// A file with problems prints each at its `file:line:col` and ends the run as bad usage (exit 64).
    /// `folder`: where the run stands (absolute; nil: the current folder).
    func config(in folder: String? = nil) throws -> ConfigFile? {
        guard !noConfig else { return nil }
        guard let path = configPath ?? ConfigFile.find(from: folder ?? FileManager.default.currentDirectoryPath) else { return nil }
        do {
            return try ConfigFile.load(path: path)
        } catch let failure as ConfigFile.Failure {
            FindingsReporter.writeToStandardError(failure.description + "\n")
            throw ExitCode(64)
        }
    }

    /// What to read, with the settings file under the flags: paths on the command line replace the file's,
    /// `--exclude` adds to its excludes, and any other flag given wins. No paths and none in the file: `.`.
    /// `folder`: the working folder the paths are from (absolute; nil: the current folder).
    func resolved(paths: [String], in folder: String? = nil) throws -> ResolvedInputs {
        let config = try config(in: folder)
        let cwd = folder ?? FileManager.default.currentDirectoryPath
        let configPaths = (config?.paths ?? []).map { config?.resolve($0, from: cwd) ?? $0 }
        return ResolvedInputs(
            paths: !paths.isEmpty ? paths : !configPaths.isEmpty ? configPaths : ["."],
            excludes: Self.excludePatterns(flags: excludes, config: config, cwd: cwd, pathsGiven: !paths.isEmpty),
            noCode: noCode || config?.code == false,
            screens: screens,
            maxFileSizeMiB: maxFileSizeMiB ?? config?.maxFileSizeMiB ?? 64,
            linkConventions: Self.linkConventions(classes: linkClasses.isEmpty ? config?.linkClasses ?? [] : linkClasses,
                                                  nameKeys: linkNameKeys.isEmpty ? config?.linkNameKeys ?? [] : linkNameKeys,
                                                  identifierKeys: linkIdentifierKeys.isEmpty ? config?.linkIdentifierKeys ?? [] : linkIdentifierKeys),
            config: config, folder: cwd)
    }

    /// The file's globs, then the flags' (`ConfigFile.excludePatterns`).
    static func excludePatterns(flags: [String], config: ConfigFile?, cwd: String, pathsGiven: Bool) -> [ExcludePattern] {
        ConfigFile.excludePatterns(flags: flags, config: config, cwd: cwd, pathsGiven: pathsGiven)
    }

    /// The runtime-attribute link conventions these classes and keys describe (`ConfigFile.linkConventions`).
    static func linkConventions(classes linkClasses: [String], nameKeys linkNameKeys: [String],
                                identifierKeys linkIdentifierKeys: [String]) -> [LinkConvention] {
        ConfigFile.linkConventions(classes: linkClasses, nameKeys: linkNameKeys, identifierKeys: linkIdentifierKeys)
    }
}

extension ScreenKinds: ExpressibleByArgument {}

/// The inputs of a run, flags and settings file merged.
struct ResolvedInputs {
    var paths: [String]
    var excludes: [ExcludePattern]
    var noCode: Bool
    var screens: ScreenKinds = .all
    var maxFileSizeMiB: Int
    var linkConventions: [LinkConvention]
    var config: ConfigFile?
    /// The working folder the paths are from, absolute.
    var folder: String
}

/// How findings are reported: shared by every command.
struct FindingOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// `path:line:col: error: message [code]`, which Xcode and most CI systems annotate.
        case xcode
        /// GitHub Actions workflow commands (`::error file=…,line=…::…`).
        case github
        /// SARIF 2.1.0, for GitHub code scanning and other SARIF readers: one JSON document, to `--findings-output`.
        case sarif
    }

    @Flag(help: "Fail (exit 1) on warnings too, not only on errors. Notes never fail.")
    var strict = false

    /// With the settings file's `findings.strict`.
    func merged(with config: ConfigFile?) -> FindingOptions {
        var options = self
        options.strict = strict || config?.strict == true
        return options
    }

    @Option(name: .customLong("findings-format"), help: "How findings are written: xcode (default), github (annotations) or sarif (SARIF 2.1.0, with --findings-output).")
    var format: Format = .xcode

    @Option(name: .customLong("findings-output"), help: ArgumentHelp(
        "Write the findings to this file instead of stderr (the summary line stays on stderr).", valueName: "file"),
            completion: .file())
    var outputPath: String?

    func validate() throws {
        // A SARIF document is a file for an uploader: on stderr it would be mixed with sbmap's other messages.
        if format == .sarif, outputPath == nil {
            throw ValidationError("--findings-format sarif writes a file: add --findings-output FILE, e.g. --findings-output sbmap.sarif")
        }
        if outputPath == "-" { throw ValidationError("--findings-output names a file; findings never go to stdout, which is for data") }
    }

    @Flag(name: .shortAndLong, help: "Print only errors and the summary.")
    var quiet = false
}

/// `--baseline FILE`: findings recorded there are known and not reported (every command, through `FindingsGate`).
struct BaselineOptions: ParsableArguments {
    @Option(name: .customLong("baseline"), help: ArgumentHelp(
        "A baseline file of known findings (written by 'check --write-baseline'): only findings not in it are reported and fail the run.",
        valueName: "file"), completion: .file(extensions: ["json"]))
    var path: String?

    /// The baseline named, or none; a missing or malformed file is bad usage (exit 64), reported at its path.
    func load() throws -> Baseline? {
        guard let path else { return nil }
        do {
            let baseline = try Baseline.load(path: path)
            if baseline.fileVersion == 1 {
                FindingsReporter.writeToStandardError("\(path): note: a version-1 baseline matches findings by their wording, so a reworded message is a new finding; write it again with 'sbmap check --write-baseline \(path)' to match them by what they are about\n")
            }
            return baseline
        } catch let failure as Baseline.Failure {
            FindingsReporter.writeToStandardError(failure.description + "\n")
            throw ExitCode.validationFailure
        }
    }

    /// The findings to report: those the baseline does not know, and a note of how many it kept back. Files are
    /// named from the repository's root (`paths`), as the baseline names them, wherever sbmap runs.
    static func filter(_ findings: [Diagnostic], by baseline: Baseline?,
                       paths: @autoclosure () -> RepositoryPaths) -> (findings: [Diagnostic], known: Int) {
        guard let baseline else { return (findings, 0) }
        let paths = paths()
        let new = baseline.newFindings(findings, file: { paths.relative(Baseline.path(of: $0)) })
        return (new, findings.count - new.count)
    }

    /// The summary line's ending when the baseline kept findings back.
    static func note(_ excused: Int) -> String {
        excused == 0 ? "" : " (\(plural(excused, "known finding")) in the baseline not reported)"
    }
}
