import SBMapModel

extension CodeLinker {
    /// One array, handed to one task of a `parallelMap` to change in place, and taken back after it.
    ///
    /// `@unchecked Sendable`: only that task touches `value` while the tasks run, and `parallelMap` returns only
    /// after every task has finished, which orders its changes before `take()`.
    final class Handover<Value>: @unchecked Sendable {
        var value: Value

        init(_ value: consuming Value) { self.value = value }

        /// The value, moved out: the box keeps no second reference to an array that its new owner will change.
        func take() -> Value where Value: RangeReplaceableCollection { exchange(&value, with: Value()) }
    }

    /// What the passes of linking `prepared` into `graph` made: those of the files, in file order, and the
    /// unwind pass's.
    func passes(of prepared: Prepared, index: CodeGraphIndex) -> (files: [CodeLinkPass.Result],
                                                                         unwinds: CodeLinkPass.Result) {
        let files = prepared.files
        // Screens from code and SwiftUI are drawn only with the xibs (not with `--screens storyboards`).
        let embedding = prepared.nibs == nil ? SwiftUIEmbedding.none
            : SwiftUIEmbedding(files: files, symbols: prepared.symbols, membership: prepared.membership)
        let screenTypes = prepared.nibs == nil ? []
            : NavigationRule.screenTypes(files, symbols: prepared.symbols, index: index, nibs: prepared.nibs, embedding: embedding)
        let context = CodeLinkContext(index: index, symbols: prepared.symbols, membership: prepared.membership,
                                      classNameHeuristic: classNameHeuristic, nibs: prepared.nibs, screenTypes: screenTypes,
                                      embedding: embedding)
        let chunks = stride(from: 0, to: files.count, by: filesPerPass).map { $0..<min($0 + filesPerPass, files.count) }
        // The unwind pass reads every file's actions and no other pass's results: it starts first, alongside the
        // others.
        let unwinds = files.isEmpty ? 0 : 1
        var results = parallelMap(count: chunks.count + unwinds) { c in
            var pass = CodeLinkPass(context: context)
            if c < unwinds {
                pass.linkUnwinds(files)
            } else {
                pass.reserveCapacity(files: chunks[c - unwinds].count)
                // Through a buffer pointer, whose subscript lends the file: `files[f]` returns a copy of it, which
                // retains and then releases every array it holds.
                files.withUnsafeBufferPointer { files in
                    for f in chunks[c - unwinds] { pass.link(files[f]) }
                }
            }
            return pass.result()
        }
        let unwindResult = unwinds > 0 ? results.removeFirst() : ([], [], [], [])
        return (results, unwindResult)
    }

    /// Appends the elements of `runs` to `out` in order of id, keeping of the elements that share an id only the
    /// first: the earliest run's. The order is worked out on keys (an id and a position), so that each element is
    /// copied once, into `out`. The sort is stable (SE-0372), so the keys, made in run order, keep that order
    /// among equal ids; and it takes stretches that come in order as they are: the code edges mostly do (passes
    /// take the files in path order, and an edge's id starts with its file's path), so that sorting them costs
    /// about one comparison per edge.
    static func appendMerged<Element: IdentifiedByString>(_ runs: [[Element]], to out: inout [Element]) {
        var keys: [(id: String, run: Int, index: Int)] = []
        keys.reserveCapacity(runs.reduce(0) { $0 + $1.count })
        for r in runs.indices {
            for i in runs[r].indices { keys.append((runs[r][i].id, r, i)) }
        }
        keys.sort { $0.id < $1.id }
        out.reserveCapacity(out.count + keys.count)
        var last: String?
        for key in keys where key.id != last {
            last = key.id
            out.append(runs[key.run][key.index])
        }
    }
}

/// A node or an edge: what `CodeLinker.appendMerged` orders by.
protocol IdentifiedByString {
    var id: String { get }
}

extension Node: IdentifiedByString {}
extension Edge: IdentifiedByString {}
