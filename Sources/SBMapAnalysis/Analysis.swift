import Foundation
import SBMapDiscover
import SBMapModel
import SBMapParse
import SBMapResolve

/// The whole analysis of an app, as one call: discover the files, load them, resolve the storyboards, link the
/// code, run every finding pass, and decide each finding's level. Every `sbmap` command starts here, so a program
/// that uses the library gets exactly what `sbmap check` reports.
///
/// ```swift
/// let result = try Analysis.run(inputs: ["App"], configuration: AnalysisConfiguration())
/// print(result.counts.summaryLine)
/// ```
public enum Analysis {
    /// Analyses the files and folders `inputs` names (paths as the user wrote them: every output names files so).
    /// Throws `AnalysisError.noSuchPath` when one does not exist; every other problem is a finding in the result.
    public static func run(inputs: [String], configuration: AnalysisConfiguration = AnalysisConfiguration()) throws -> AnalysisResult {
        var timer = PhaseTimer()
        let discovered = discovery(configuration).discover(inputs, from: configuration.folder)
        if !discovered.missingArguments.isEmpty { throw AnalysisError.noSuchPath(discovered.missingArguments) }
        timer.mark("discover", "\(discovered.files.count) files")
        let loader = ProjectLoader(limits: LoadLimits(maxFileBytes: configuration.maxFileBytes),
                                   readsXibs: configuration.screens == .all)
        let isSource = { (file: InputFile) in file.kind == .swift || file.kind == .objectiveC }
        let project = loader.load(discovered.files.filter { !isSource($0) })
        timer.mark("load", "\(project.storyboards.count) storyboards, \(project.settings.count) settings files")
        let resolver = Resolver(options: ResolveOptions(linkConventions: configuration.linkConventions))
        let sources = discovered.files.filter(isSource)
        var graph: StoryboardGraph
        var places = PlaceFacts()
        let membership = TargetMembership(project.projects)
        if sources.isEmpty {
            graph = resolver.resolve(project)
            XibScreens.merge(XibScreens.screens(of: project.xibs, membership: membership,
                                                isViewController: { XibScreens.frameworkControllers.contains($0) }),
                             into: &graph)
            timer.mark("resolve")
        } else {
            // Resolving runs on one core. The storyboards are resolved, and the graph indexed for linking, on a
            // thread of their own while the sources load (and their symbol table is built) on every core: neither
            // needs the other, and the sources fill the cores that resolving leaves idle.
            let linker = CodeLinker()
            let (indexed, preparedCode) = concurrently {
                linker.index(resolver.resolve(project))
            } while: {
                var loaded = loader.load(sources)
                // Handed over, not shared with `loaded`: `prepare` moves each file out of the array, in place.
                return linker.prepare(exchange(&loaded.code, with: []), membership: membership)
            }
            timer.mark("resolve, while loading code", "\(preparedCode.fileCount) sources")
            // The xib screens need the code's superclass chains, and the links to them need the screens: found
            // before linking (with every xib's name, for the nib names in code), merged after it.
            let xibScreens = XibScreens.screens(of: project.xibs, membership: membership,
                                                isViewController: preparedCode.isViewController,
                                                classFile: preparedCode.file(definingClass:))
            let prepared = configuration.screens != .all ? preparedCode
                : preparedCode.with(nibs: XibNibs(xibs: project.xibs, screens: xibScreens, membership: membership))
            graph = linker.link(consume indexed, prepared: prepared)
            XibScreens.merge(xibScreens, into: &graph)
            ScreenPurposes.attach(docs: preparedCode.doc(ofType:), to: &graph)
            timer.mark("link code")
            // Only with the sources read can a storyboard or a class be known to be unused: without them, every
            // storyboard loaded from code would look unloaded.
            for (path, name) in UnloadedStoryboards.files(in: graph) { places.add(.storyboardNeverLoaded(name: name), file: path) }
            let codeErrors = graph.diagnostics.compactMap { $0.severity == .error ? $0.location : nil }
            for (location, type) in UnreferencedTypes.find(at: codeErrors, in: graph, code: prepared) {
                places.add(.typeNeverReferenced(type: type), file: location.path, line: location.line)
            }
            // (An error a fact of its own already lowers needs no more.)
            let plainErrors = graph.diagnostics.compactMap { $0.severity == .error && $0.facts.isEmpty ? $0.location : nil }
            for (location, type) in UnreachedScenes.classes(at: plainErrors, in: graph, code: prepared) {
                places.add(.sceneNeverReached(type: type), file: location.path, line: location.line)
            }
            timer.mark("unused code")
            Teardown.inBackground(consume prepared)
        }
        graph.diagnostics += ScreenNotes.attach(configuration.notes, to: &graph)
        // A storyboard reference nothing leads to is never followed, whether or not the sources were read.
        for location in UnreachedScenes.orphanedReferences(in: graph) {
            places.add(.referenceNeverFollowed, file: location.path, line: location.line)
        }
        let undecided = graph.diagnostics + discovered.diagnostics + noStoryboardFinding(discovered, inputs)
            + unmatchedExcludeFindings(discovered, inputs)
        let alternative = configuration.alternativePolicy.map {
            decide(undecided, membership: membership, places: places, policy: $0, folder: configuration.absoluteFolder)
        }
        graph.diagnostics = decide(undecided, membership: membership, places: places, policy: configuration.policy,
                                   folder: configuration.absoluteFolder)
        timer.mark("decide findings")
        let counts = GraphCounts(graph)
        let filesRead = discovered.files.map(\.url)
        // Everything loaded is in the graph now; the rest is freed while the caller writes its output.
        Teardown.inBackground(consume project)
        Teardown.inBackground(consume discovered)
        var result = AnalysisResult(graph: graph, counts: counts, filesRead: filesRead)
        result.alternativeFindings = alternative
        return result
    }

    /// The one severity step: every finding's level and wording from its facts, those `places` knows, and whether
    /// a target builds its file (`membership`), then the project's `policy`. Returns the findings sorted by place.
    /// `folder`: the absolute folder the findings' relative paths start from (nil: the policy's own folder).
    public static func decide(_ findings: [Diagnostic], membership: TargetMembership, places: PlaceFacts = PlaceFacts(),
                              policy: FindingPolicy = FindingPolicy(), folder: String? = nil) -> [Diagnostic] {
        var places = places
        if !membership.isEmpty {
            // (A xib no target copies is the finding itself: it is not lowered for being in no target.)
            for path in Set(findings.compactMap(\.location?.path)).sorted()
            where membership.isUnbuilt(path) && !path.hasSuffix(".xib") && !path.hasSuffix(".yml") {
                places.add(.fileBuiltByNoTarget, file: path)
            }
        }
        return policy.decide(findings, places: places, from: folder).sorted()
    }

    private static func noStoryboardFinding(_ discovered: Discovered, _ paths: [String]) -> [Diagnostic] {
        guard discovered.files(of: .storyboard).isEmpty else { return [] }
        let names = paths.joined(separator: ", ")
        return [Diagnostic(.warning, .noStoryboards, "no .storyboard files found under \(names)", at: nil, about: names,
                           hint: "check the path, and that --exclude does not skip them")]
    }
}

extension Analysis {
    /// A glob that excludes nothing is most often written from another folder than sbmap tried it from: the user
    /// meant to leave something out, and it is on the map. One warning per glob, at its line in a config file.
    static func unmatchedExcludeFindings(_ discovered: Discovered, _ inputs: [String]) -> [Diagnostic] {
        let under = inputs.map { "'\($0)'" }.joined(separator: ", ")
        return discovered.unmatchedExcludes.filter(\.reportsUnmatched).map { pattern in
            let fromFile = pattern.source != nil
            let written = fromFile ? "exclude '\(pattern.glob)'" : "--exclude '\(pattern.glob)'"
            let base = fromFile ? "from this file's folder" : "from the current folder"
            let hint = pattern.matchesPaths
                ? "a glob with '/' is a path from a folder argument or \(base) (App/Feed, Feed/*); check its spelling, or remove it"
                : "a glob without '/' matches file and folder names anywhere below the paths; check its spelling, or remove it"
            return Diagnostic(.warning, .excludeMatchesNothing,
                              "\(written) matches nothing sbmap reads under \(under)", at: pattern.source,
                              about: "\(fromFile ? "exclude" : "--exclude") \(pattern.glob)", hint: hint)
        }
    }
}

/// How to analyse: what to read, how to resolve, and the project's policy for findings.
public struct AnalysisConfiguration: Hashable, Sendable {
    /// Globs of files and folders to skip (`ExcludePattern`; a string literal is a glob tried below the folder
    /// arguments).
    public var excludes: [ExcludePattern]
    /// Whether Swift and Objective-C sources are read (code links, unwind targets, and the facts that lower
    /// findings in code nothing runs).
    public var readsCode: Bool
    /// The largest file read; a larger one is a finding and is skipped.
    public var maxFileBytes: Int
    /// How runtime-attribute placeholder scenes name their target.
    public var linkConventions: [LinkConvention]
    /// The levels of finding codes, and where findings are left out (`.sbmap.yml`'s `findings`).
    public var policy: FindingPolicy
    /// Which screens the map shows: `.all` (storyboard scenes and xib screens) or `.storyboards` (scenes only, the
    /// map sbmap drew before xib screens; `--screens storyboards`).
    public var screens: ScreenKinds = .all
    /// Notes to attach to scenes and screens (`.sbmap.yml`'s `notes:`).
    public var notes: [ScreenNote] = []
    /// Another policy to decide the same findings with (`AnalysisResult.alternativeFindings`): `sbmap diff` judges a
    /// pull request by the base's `.sbmap.yml`, and names what the pull request's own would excuse.
    public var alternativePolicy: FindingPolicy?
    /// The working folder (the project's root as the caller stands in it): relative inputs are read from it, and
    /// findings name files from it, as the inputs spell them. Absolute, or `.` (the default): the process's current
    /// folder, as the operating system opens relative paths. Nothing else in the analysis reads the current folder,
    /// so two analyses of two folders can run at once (`sbmap diff`).
    public var folder: String

    public init(excludes: [ExcludePattern] = [], readsCode: Bool = true, maxFileBytes: Int = 64 << 20,
                linkConventions: [LinkConvention] = LinkConvention.defaults, policy: FindingPolicy = FindingPolicy(),
                folder: String = ".") {
        self.excludes = excludes
        self.readsCode = readsCode
        self.maxFileBytes = maxFileBytes
        self.linkConventions = linkConventions
        self.policy = policy
        self.folder = folder
    }

    /// `folder`, absolute: a relative one resolved by the operating system (`realpath`).
    var absoluteFolder: String {
        if folder.hasPrefix("/") { return folder }
        guard let resolved = realpath(folder, nil) else { return folder }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Which screens a map shows (`--screens`).
public enum ScreenKinds: String, Hashable, Sendable, CaseIterable {
    /// Storyboard scenes and xib screens.
    case all
    /// Storyboard scenes only.
    case storyboards
}

/// What an analysis found: the resolved graph (its `diagnostics` are the findings, at their final levels, sorted by
/// place) and its counts.
public struct AnalysisResult: Sendable {
    public var graph: StoryboardGraph
    public var counts: GraphCounts
    /// Every file the analysis read, as opened (so a command can refuse to write over one of them).
    public var filesRead: [String]
    /// The findings as `AnalysisConfiguration.alternativePolicy` decides them; nil without one.
    public var alternativeFindings: [Diagnostic]?

    public init(graph: StoryboardGraph, counts: GraphCounts, filesRead: [String] = []) {
        self.graph = graph
        self.counts = counts
        self.filesRead = filesRead
    }

    public var findings: [Diagnostic] { graph.diagnostics }
}

/// Why an analysis could not start.
public enum AnalysisError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Input paths that do not exist, as given.
    case noSuchPath([String])

    public var description: String {
        switch self {
        case .noSuchPath(let paths): "no such file or folder: " + paths.map { "'\($0)'" }.joined(separator: ", ")
        }
    }
}
