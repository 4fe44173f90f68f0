import Dispatch

/// Frees what a run no longer needs on a background thread.
///
/// A large project is millions of small objects (every scene, token of meaning and finding of ten thousand files),
/// and freeing them one by one took longer than linking them. Whoever is done with such a value (the linker with its
/// index, a command with the loaded project) hands it over and goes on: the command prints while another core frees,
/// and a process that exits first leaves the rest to the operating system, as compilers do.
public enum Teardown {
    /// The only owner of the value once it is handed over, so that the last release happens where the box is emptied.
    private final class Box<Value>: @unchecked Sendable {
        // `@unchecked`: written once by the thread that makes the box, then emptied once by the background thread;
        // the dispatch orders the two.
        var value: Value?
        init(_ value: consuming Value) { self.value = value }
    }

    /// Takes `value` (pass it with `consume`, so that no other reference keeps it alive) and frees it in the
    /// background.
    public static func inBackground<Value>(_ value: consuming Value) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.value = nil }
    }
}
