import SBMapModel

/// The loaders' promise, checked on every fuzz input: a crash here is a bug as real as a segfault.
enum FuzzContract {
    static func check<Value: Hashable & Sendable>(_ loaded: Loaded<Value>) {
        // A Git LFS pointer is not broken, only not fetched: its finding is a warning (docs/diagnostics.md).
        if loaded.value == nil, !loaded.diagnostics.contains(where: { $0.severity == .error || $0.code == .lfsPointer }) {
            fatalError("no value and no error: \(loaded.diagnostics)")
        }
        for diagnostic in loaded.diagnostics where diagnostic.message.isEmpty {
            fatalError("a finding without a message: \(diagnostic)")
        }
    }
}
