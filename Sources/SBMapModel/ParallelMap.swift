import Dispatch

/// Computes `transform(i)` for every `i` in `0..<count` on all cores and returns the results in index order,
/// whatever order the threads finish in, so the stages that run in parallel (loading files, linking code) stay
/// deterministic.
///
/// ```swift
/// let loaded = parallelMap(count: files.count) { loader.load(files[$0]) }
/// ```
public func parallelMap<Value: Sendable>(count: Int, _ transform: @Sendable (Int) -> Value) -> [Value] {
    guard count > 1 else { return count == 1 ? [transform(0)] : [] }
    let slots = ResultSlots<Value>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        slots.store(transform(index), at: index)
    }
    return slots.collect()
}

/// Preallocated result slots that parallel iterations fill, one slot each.
///
/// `@unchecked Sendable` is sound here because of how it is used, which the compiler cannot see:
/// iteration `i` of `concurrentPerform` is the only writer of slot `i`, no slot is read while the
/// iterations run, and `concurrentPerform` returns only after every iteration has finished, which
/// orders all the writes before `collect()`. The storage lives as long as the object.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>
    /// Set once `collect()` has moved the values out: the storage is then uninitialized.
    private var collected = false

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        if !collected { storage.deinitialize() }
        storage.deallocate()
    }

    /// Takes `value` (moved in, not copied: a result may hold many references, and a copy retains each of them).
    func store(_ value: consuming Value, at index: Int) {
        storage[index] = consume value
    }

    /// Every slot's value, moved out (not copied: a value may hold many references); all were stored by the time
    /// this runs, and it runs once.
    func collect() -> [Value] {
        collected = true
        return Array(unsafeUninitializedCapacity: storage.count) { buffer, count in
            for i in storage.indices { (buffer.baseAddress! + i).initialize(to: (storage.baseAddress! + i).move()!) }
            count = storage.count
        }
    }
}
