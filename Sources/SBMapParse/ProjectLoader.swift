import Dispatch
import SBMapModel

/// Loads every storyboard, Info.plist and project file of a run, in parallel, into one `LoadedProject`.
///
/// Parsing is the part of a run that parallelises well (files are independent, and libxml2 is thread-safe
/// once initialised); the results come back in input order whatever order the threads finish in, so the
/// output is deterministic. Source files (`.swift`, `.objectiveC`) are scanned for code links in the same pass.
public struct ProjectLoader: Hashable, Sendable {
    public var limits: LoadLimits

    public init(limits: LoadLimits = LoadLimits()) {
        self.limits = limits
    }

    public func load(_ files: [InputFile]) -> LoadedProject {
        let work = files
        let storyboardLoader = StoryboardLoader(limits: limits)
        let settingsLoader = SettingsLoader(limits: limits)
        let codeScanner = CodeScanner()

        let slots = ResultSlots<LoadedFile>(count: work.count)
        DispatchQueue.concurrentPerform(iterations: work.count) { index in
            let file = work[index]
            switch file.kind {
            case .storyboard:
                slots.store(.storyboard(storyboardLoader.load(file)), at: index)
            case .swift, .objectiveC:
                slots.store(.code(codeScanner.scan(file)), at: index)
            default:
                if let settings = settingsLoader.load(file) { slots.store(.settings(settings), at: index) }
            }
        }

        var project = LoadedProject()
        for result in slots.collect() {
            switch result {
            case .storyboard(let loaded)?: project.storyboards.append(loaded)
            case .settings(let loaded)?: project.settings.append(loaded)
            case .code(let loaded)?: project.code.append(loaded)
            case nil: break
            }
        }
        return project
    }
}

private enum LoadedFile: Sendable {
    case storyboard(Loaded<LoadedStoryboard>)
    case settings(Loaded<LoadedSettings>)
    case code(Loaded<LoadedCodeFile>)
}

/// Preallocated result slots that parallel iterations fill, one slot each.
///
/// `@unchecked Sendable` is sound here because of how it is used, which the compiler cannot see:
/// iteration `i` of `concurrentPerform` is the only writer of slot `i`, no slot is read while the
/// iterations run, and `concurrentPerform` returns only after every iteration has finished, which
/// orders all the writes before `collect()`. The storage lives as long as the object.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func store(_ value: Value, at index: Int) {
        storage[index] = value
    }

    func collect() -> [Value?] {
        Array(storage)
    }
}
