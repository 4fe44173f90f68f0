import Foundation
import SBMapModel

/// Reads one `.storyboard` file into a `LoadedStoryboard`: its scenes, their roots, and every segue.
///
/// The file is streamed through libxml2's SAX2 push parser in 256 KiB chunks, so memory stays bounded
/// whatever the file size. Loading never throws and never crashes on bad input: a file that cannot be
/// read as a storyboard gives `value == nil` and at least one error diagnostic saying what went wrong
/// and what to do (a Git LFS pointer: an `lfs-pointer` warning, as it is not broken, only not fetched); a file that was read with a reservation (UTF-16) gives a value and a warning.
///
/// The loader is a plain value: one instance can load many files from many threads at once.
public struct StoryboardLoader: Hashable, Sendable {
    public var limits: LoadLimits

    public init(limits: LoadLimits = LoadLimits()) {
        self.limits = limits
    }

    /// Loads the storyboard at `file.url`; every location and diagnostic names `file.path`.
    public func load(_ file: InputFile) -> Loaded<LoadedStoryboard> {
        let reader = StoryboardReader(path: file.path)
        let session = SAXSession(delegate: reader, doctypePolicy: .forbidden, wantsComments: true)
        switch ByteSource.readDocument(at: file.url, limits: limits, session.feed) {
        case .lfsPointer:
            return Loaded(path: file.path, nil, diagnostics: [LFSPointer.finding(path: file.path, what: "storyboard")], unread: .lfsPointer)
        case .problem(let problem):
            return Loaded(path: file.path, nil,
                          diagnostics: [LoadDiagnostics.readProblem(problem, path: file.path, limits: limits)])
        case .read:
            break
        }
        let outcome = session.finish()  // the last events arrive here, so the reading is complete only after it
        return result(reader.reading, outcome)
    }

    /// Loads a storyboard from bytes in memory (the entry point for tests and fuzzing). `path` names the
    /// file in locations and diagnostics.
    public func load(bytes: some Collection<UInt8>, path: String) -> Loaded<LoadedStoryboard> {
        let reader = StoryboardReader(path: path)
        let session = SAXSession(delegate: reader, doctypePolicy: .forbidden, wantsComments: true)
        var isLFSPointer = false
        let problem = withContiguousBytes(bytes) { buffer in
            isLFSPointer = LFSPointer.matches(buffer, fileSize: buffer.count)
            return isLFSPointer ? nil : ByteSource.readMemory(buffer, limits: limits) { session.feed($0) }
        }
        if isLFSPointer { return Loaded(path: path, nil, diagnostics: [LFSPointer.finding(path: path, what: "storyboard")], unread: .lfsPointer) }
        if let problem {
            return Loaded(path: path, nil, diagnostics: [LoadDiagnostics.readProblem(problem, path: path, limits: limits)])
        }
        let outcome = session.finish()  // the last events arrive here, so the reading is complete only after it
        return result(reader.reading, outcome)
    }

    /// Loads a storyboard from `Data` in memory.
    public func load(data: Data, path: String) -> Loaded<LoadedStoryboard> {
        load(bytes: data, path: path)
    }

    // MARK: - Judging the result

    private func result(_ reader: StoryboardReading, _ outcome: SAXOutcome) -> Loaded<LoadedStoryboard> {
        let path = reader.path
        var diagnostics = LoadDiagnostics.outcome(outcome, path: path, malformedCode: .malformedXML, what: "storyboard")
        if diagnostics.contains(where: { $0.severity == .error }) {
            return Loaded(path: path, nil, diagnostics: diagnostics)
        }
        if let root = reader.foreignRoot {
            diagnostics.append(Diagnostic(
                .error, .notAStoryboard,
                "the file is XML but its root element is <\(root.name)>, not <document>; it is not a storyboard",
                at: SourceLocation(path: path, line: root.line, column: root.column),
                hint: "remove it from the inputs, or give it the extension that matches its content"))
            return Loaded(path: path, nil, diagnostics: diagnostics)
        }
        if !reader.sawDocument || !reader.sawScenes {
            let type = reader.documentType ?? ""
            let looksLikeXIB = type.hasSuffix(".XIB") && !type.contains("Storyboard")
            diagnostics.append(Diagnostic(
                .error, .notAStoryboard,
                looksLikeXIB
                    ? "the file is an Interface Builder XIB (type \(type)), not a storyboard: it has no <scenes>"
                    : "the <document> has no <scenes> element; it is not a storyboard",
                at: reader.documentLocation,
                hint: looksLikeXIB ? "rename it to .xib, or leave it out of the inputs"
                                   : "open the file in Xcode to check it, or leave it out of the inputs"))
            return Loaded(path: path, nil, diagnostics: diagnostics)
        }
        let storyboard = LoadedStoryboard(
            path: path,
            documentType: reader.documentType,
            targetRuntime: reader.targetRuntime,
            platform: Platform(targetRuntime: reader.targetRuntime, documentType: reader.documentType),
            initialViewController: reader.initialViewController,
            documentLocation: reader.documentLocation,
            isLaunchScreen: reader.isLaunchScreen,
            scenes: reader.scenes)
        return Loaded(path: path, storyboard, diagnostics: diagnostics)
    }
}
