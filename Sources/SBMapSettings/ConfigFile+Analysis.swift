import SBMapAnalysis
import SBMapDiscover
import SBMapModel
import SBMapResolve

extension ConfigFile {
    /// What the file asks of an analysis run from `cwd` (the run's working folder): its excludes (relative to the file's folder), whether code
    /// is read, the largest file, the link conventions and the findings policy. `sbmap` lays its flags over the same
    /// values; a program using the library passes this to `Analysis.run` with `inputs(from:)`.
    public func analysisConfiguration(from cwd: String) -> AnalysisConfiguration {
        var configuration = AnalysisConfiguration(
            excludes: Self.excludePatterns(flags: [], config: self, cwd: cwd, pathsGiven: false),
            readsCode: code != false,
            maxFileBytes: (maxFileSizeMiB ?? 64) * 1024 * 1024,
            linkConventions: Self.linkConventions(classes: linkClasses ?? [], nameKeys: linkNameKeys ?? [],
                                                  identifierKeys: linkIdentifierKeys ?? []),
            policy: findingPolicy,
            folder: cwd)
        configuration.notes = screenNotes(from: cwd)
        return configuration
    }

    /// The file's `notes`, each placed at its key (`path:line:col`, the path as seen from `cwd`).
    public func screenNotes(from cwd: String) -> [ScreenNote] {
        let file = path.hasPrefix("/") ? PathText.relative(path, from: cwd) : path
        return notes.map {
            ScreenNote(scene: $0.scene, text: $0.text, location: SourceLocation(path: file, line: $0.line, column: $0.column))
        }
    }

    /// The file's `paths`, as the command line would name them from `cwd`; `.` when it lists none.
    public func inputs(from cwd: String) -> [String] {
        let listed = (paths ?? []).map { resolve($0, from: cwd) }
        return listed.isEmpty ? ["."] : listed
    }

    /// The file's globs, then the flags'. A glob with `/` is a path from a folder argument, or from where it was
    /// written: the flags' from `cwd`, the file's from its folder (`ExcludePattern`). A flag's glob that matches
    /// nothing is a warning; a file's only when the run reads what the file describes (its `paths`, or its folder),
    /// not a part of it, where the file's other globs have nothing to match.
    public static func excludePatterns(flags: [String], config: ConfigFile?, cwd: String, pathsGiven: Bool) -> [ExcludePattern] {
        var patterns: [ExcludePattern] = []
        if let config {
            let wholeProject = !pathsGiven
                && (!(config.paths ?? []).isEmpty || ConfigReader.realPath(cwd) == ConfigReader.realPath(config.folder))
            let file = config.path.hasPrefix("/") ? PathText.relative(config.path, from: cwd) : config.path
            patterns += config.excludes.map {
                ExcludePattern($0.glob, base: config.folder,
                               source: SourceLocation(path: file, line: $0.line, column: $0.column),
                               reportsUnmatched: wholeProject)
            }
        }
        return patterns + flags.map { ExcludePattern($0, base: cwd) }
    }

    /// The runtime-attribute link conventions these classes and keys describe (the defaults when all are empty).
    public static func linkConventions(classes linkClasses: [String], nameKeys linkNameKeys: [String],
                                       identifierKeys linkIdentifierKeys: [String]) -> [LinkConvention] {
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
