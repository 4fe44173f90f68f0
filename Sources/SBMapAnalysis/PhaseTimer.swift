import Dispatch
import Foundation

/// Prints how long each stage of a run took, to stderr, when `SBMAP_TIMINGS` is set in the environment:
///
///     SBMAP_TIMINGS=1 sbmap check App
///     sbmap: time: discover 0.012 s (10300 files)
///
/// For benchmarks and profiling (docs/benchmarks.md); off by default, and it changes no output.
public struct PhaseTimer {
    public let enabled: Bool
    private var last = DispatchTime.now().uptimeNanoseconds

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        enabled = environment["SBMAP_TIMINGS"].map { !$0.isEmpty && $0 != "0" } ?? false
    }

    /// Reports the time since the previous mark (or since the timer was made) as stage `name`.
    public mutating func mark(_ name: String, _ detail: @autoclosure () -> String = "") {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let seconds = Double(now - last) / 1e9
        last = now
        let extra = detail()
        FileHandle.standardError.write(Data(
            "sbmap: time: \(name) \(String(format: "%.3f", seconds)) s\(extra.isEmpty ? "" : " (\(extra))")\n".utf8))
    }
}
