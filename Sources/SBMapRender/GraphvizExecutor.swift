import CGraphviz
import Foundation
import SBMapModel

/// The one serial executor for every cgraph/gvc call in the process.
///
/// Graphviz keeps global state: two layouts at once crash (`mincross.c` assertions, segfaults in
/// sfdp) or silently give wrong output, and its error hooks are process-wide. So every Graphviz call
/// made by sbmap runs inside `GraphvizExecutor.run`, one at a time. Parallelism belongs to parsing.
enum GraphvizExecutor {
    private static let lock = NSLock()

    /// A test hook: `SBMAP_TEST_GRAPHVIZ_FAILURES=N` makes the first N layout attempts of each map fail as a Graphviz
    /// error would ("lost … edge"), so the renderer's fallbacks can be tested where no real input fails.
    static let injectedFailures: Int = ProcessInfo.processInfo.environment["SBMAP_TEST_GRAPHVIZ_FAILURES"].flatMap { Int($0) } ?? 0
    /// Touched only while `lock` is held.
    nonisolated(unsafe) private static var sharedContext: OpaquePointer?
    /// Touched only while `lock` is held. `.some(nil)`: tried, and the plugins were not found.
    nonisolated(unsafe) private static var sharedEstimatingContext: OpaquePointer??

    /// The process's one Graphviz context. Call only inside `run`.
    ///
    /// A context loads the plugin list, and Graphviz 2.42 keeps the configuration text it reads for that until the
    /// process ends (its plugin names point into it), so a context per render leaked about 11 KB each time (found by
    /// the render fuzzer). One context for every layout, freed with the process, is also how Graphviz's library
    /// guide uses it; layouts and renders keep nothing in it between them (`gvFreeLayout` after each).
    static func context() -> OpaquePointer? {
        if sharedContext == nil { sharedContext = gvContext() }
        return sharedContext
    }

    /// The context that measures text with Graphviz's built-in metrics, not the fonts installed
    /// (`GraphvizPlugins`); `nil` where Graphviz's plugin libraries cannot be loaded that way. Call only inside `run`.
    static func estimatingContext() -> OpaquePointer? {
        if sharedEstimatingContext == nil { sharedEstimatingContext = .some(GraphvizPlugins.estimatingContext()) }
        return sharedEstimatingContext ?? nil
    }

    /// The context a layout for `format` runs in: SVG is measured without the fonts (the same bytes on every
    /// machine), PNG and PDF with the fonts cairo draws them in.
    static func context(for format: GraphvizFormat) -> OpaquePointer? {
        if format == .svg, let estimating = estimatingContext() { return estimating }
        return context()
    }

    /// Runs `body` with exclusive use of Graphviz, capturing every message Graphviz reports
    /// (through `agseterrf`) instead of letting it reach stderr.
    static func run<T>(_ body: (MessageLog) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        let log = MessageLog.shared
        log.reset()
        let previous = agseterrf(captureGraphvizMessage)
        let previousLevel = agseterr(AGWARN)
        _ = agreseterrors()
        defer {
            _ = agreseterrors()
            _ = agseterr(previousLevel)
            _ = agseterrf(previous)
            log.reset()
        }
        return try body(log)
    }
}

/// Graphviz's messages during one executor run. Graphviz hands them over in pieces ("Error", ": ",
/// then the text, which ends in a newline), so pieces are joined and split at line ends.
///
/// Only touched while `GraphvizExecutor`'s lock is held, which is what makes it safe to share.
final class MessageLog: @unchecked Sendable {
    static let shared = MessageLog()

    private var pending = ""
    private(set) var lines: [String] = []

    func reset() {
        pending = ""
        lines = []
    }

    func append(_ piece: String) {
        pending += piece
        while let nl = pending.firstIndex(of: "\n") {
            let line = String(pending[..<nl]).trimmingCharacters(in: .whitespaces)
            if !line.isEmpty { lines.append(line) }
            pending = String(pending[pending.index(after: nl)...])
        }
    }

    /// Every message so far (including an unterminated last one), without consuming them.
    var messages: [String] {
        let tail = pending.trimmingCharacters(in: .whitespacesAndNewlines)
        return tail.isEmpty ? lines : lines + [tail]
    }

    /// The messages as findings: errors as `error`, everything else as `warning`.
    func diagnostics(context: String) -> [Diagnostic] {
        messages.map { line in
            let lower = line.lowercased()
            let isError = lower.hasPrefix("error")
            var text = line
            for prefix in ["Error:", "Warning:", "Error", "Warning"] where text.hasPrefix(prefix) {
                text = String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
                break
            }
            return Diagnostic(isError ? .error : .warning, .graphvizMessage,
                              "Graphviz (\(context)): \(text)", at: nil, about: "\(context): \(text)")
        }
    }
}

/// The `agseterrf` hook. A C function pointer cannot capture context, so it writes to the shared log.
private func captureGraphvizMessage(_ text: UnsafeMutablePointer<CChar>?) -> Int32 {
    guard let text else { return 0 }
    MessageLog.shared.append(String(cString: text))
    return 0
}
