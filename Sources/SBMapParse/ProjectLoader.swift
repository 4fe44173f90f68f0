import SBMapModel

/// Loads every storyboard, Info.plist and project file of a run, in parallel, into one `LoadedProject`.
///
/// Parsing is the part of a run that parallelises well (files are independent, and libxml2 is thread-safe
/// once initialised); the results come back in input order whatever order the threads finish in, so the
/// output is deterministic. Source files (`.swift`, `.objectiveC`) are scanned for code links the same way; a run
/// loads them in a call of their own, while the storyboards are resolved (see `Analysis.run`).
public struct ProjectLoader: Hashable, Sendable {
    public var limits: LoadLimits
    /// Whether `.xib` files are read for their screens; otherwise only their names are kept (`--screens storyboards`).
    public var readsXibs: Bool

    public init(limits: LoadLimits = LoadLimits(), readsXibs: Bool = false) {
        self.limits = limits
        self.readsXibs = readsXibs
    }

    public func load(_ files: [InputFile]) -> LoadedProject {
        let work = files
        let storyboardLoader = StoryboardLoader(limits: limits)
        let settingsLoader = SettingsLoader(limits: limits)
        let projectLoader = ProjectFileLoader(limits: limits)
        let codeScanner = CodeScanner()
        let xibLoader = readsXibs ? XibLoader(limits: limits) : nil

        var results = parallelMap(count: work.count) { index -> LoadedFile? in
            let file = work[index]
            switch file.kind {
            case .storyboard: return .storyboard(storyboardLoader.load(file))
            case .swift, .objectiveC: return .code(codeScanner.scan(file))
            case .nib: return .nib(file.path, xibLoader?.load(file))
            case .projectFile, .packageManifest: return projectLoader.load(file).map { .project($0) }
            default: return settingsLoader.load(file).map { .settings($0) }
            }
        }

        // Each result is moved out of its slot, nil left behind, in input order: a loaded file holds many
        // references, and copying it (as a `for` over the array, or a pattern binding of a borrowed value, would)
        // retains and releases each of them.
        var project = LoadedProject()
        project.storyboards.reserveCapacity(work.count { $0.kind == .storyboard })
        project.code.reserveCapacity(work.count { $0.kind == .swift || $0.kind == .objectiveC })
        results.withUnsafeMutableBufferPointer { slots in
            guard let base = slots.baseAddress else { return }
            for i in slots.indices {
                let result = (base + i).move()
                (base + i).initialize(to: nil)
                switch consume result {
                case .storyboard(let loaded)?: project.storyboards.append(loaded)
                case .settings(let loaded)?: project.settings.append(loaded)
                case .code(let loaded)?: project.code.append(loaded)
                case .nib(let path, let xib)?:
                    project.nibs.append(path)
                    if let xib { project.xibs.append(xib) }
                case .project(let loaded)?: project.projects.append(loaded)
                case nil: break
                }
            }
        }
        return project
    }
}

private enum LoadedFile: Sendable {
    case storyboard(Loaded<LoadedStoryboard>)
    case settings(Loaded<LoadedSettings>)
    case code(Loaded<LoadedCodeFile>)
    case nib(String, Loaded<LoadedXib>?)
    case project(Loaded<LoadedBuildProject>)
}
