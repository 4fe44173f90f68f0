import Dispatch
import Foundation

/// Runs `background` on a thread of its own while `body` runs on the calling thread, and returns both results once
/// both are done.
///
/// For a stage that runs on one core beside one that can use them all: `body` may call `parallelMap`, which spreads
/// over every core, and the operating system shares the cores between its threads and `background`'s, so no core
/// idles while either has work. (Two iterations of `parallelMap` would not do: a `parallelMap` nested in one of
/// them gets one thread.)
///
/// ```swift
/// let (graph, code) = concurrently { resolver.resolve(project) } while: { loader.load(sources) }
/// ```
public func concurrently<Background: Sendable, Result>(_ background: @escaping @Sendable () -> Background,
                                                while body: () -> Result) -> (Background, Result) {
    let slot = Slot<Background>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        slot.value = background()
        done.signal()
    }
    thread.stackSize = 16 << 20  // as much as the main thread's: resolving follows chains of references
    thread.start()
    let result = body()
    done.wait()
    return (slot.take(), result)
}

/// Where the background thread of `concurrently` leaves its result.
///
/// `@unchecked Sendable`: written once by the background thread before it signals, read once by the calling thread
/// after it has waited for that signal; the semaphore orders the two.
private final class Slot<Value>: @unchecked Sendable {
    var value: Value?

    func take() -> Value {
        defer { value = nil }
        return value!
    }
}
