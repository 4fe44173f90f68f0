import Foundation

/// `git cat-file --batch`: one process reads every blob `diff` needs, of both revisions. Object ids go in, one a
/// line; for each comes `<oid> blob <size>\n<bytes>\n`, or `<oid> missing\n` for an object the repository does not
/// have (a shallow clone, a partial clone whose remote cannot be reached, a pruned object). Only the ids asked for
/// are read: a partial clone fetches those and no other (one at a time, as git fetches what it lacks on demand).
public final class BlobStream {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let process: Subprocess.Child
    private let output: Int32
    private let errors: Subprocess.ReadAll
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0, end = 0
    private var closed = false

    /// `alternates`: object folders of other repositories (the submodules' at the commits the revisions record)
    /// whose blobs the stream reads too.
    init(repository top: String, alternates: [String] = []) throws {
        let (executable, arguments) = Subprocess.command("git", ["-C", top, "cat-file", "--batch"])
        var environment: [String: String]?
        if !alternates.isEmpty {
            environment = ProcessInfo.processInfo.environment
            environment?["GIT_ALTERNATE_OBJECT_DIRECTORIES"] = alternates.joined(separator: ":")
        }
        do {
            process = try Subprocess.Child(executable.path, arguments, input: true, environment: environment)
        } catch let failure as Subprocess.Failure {
            throw Failure(description: "cannot run git cat-file: \(failure.description)")
        }
        InterruptCleanup.register(child: process.pid)
        output = process.output
        errors = Subprocess.ReadAll(descriptor: process.errors)
    }

    /// The bytes of one object (a link's target), at most `limit` of them; nil when the repository does not have it.
    func bytes(of oid: String, limit: Int = 4096) throws -> [UInt8]? {
        try send([oid])
        guard let size = try header(for: oid) else { return nil }
        var bytes: [UInt8] = []
        try body(size) { chunk in
            if bytes.count < limit { bytes += chunk.prefix(limit - bytes.count) }
        }
        return bytes
    }

    /// The commit the object `oid` is or points to (a tag is peeled); nil for anything else.
    func commit(peeling oid: String) throws -> String? {
        guard oid.utf8.allSatisfy({ $0 != UInt8(ascii: "\n") }) else { return nil }
        try send([oid + "^{commit}"])
        let fields = try readLine().split(separator: UInt8(ascii: " "))
        guard fields.count == 3, String(decoding: fields[1], as: UTF8.self) == "commit",
              let size = Int(String(decoding: fields[2], as: UTF8.self)), size >= 0 else { return nil }
        try body(size) { _ in }
        return String(decoding: fields[0], as: UTF8.self)
    }

    /// Streams the objects `oids` in order: `destination(k, size)` gives where the bytes of the `k`th go (a file
    /// descriptor, closed afterwards), or nil to drop them. Returns the indexes of the objects the repository lacks.
    func copy(_ oids: [String], to destination: (Int, Int) throws -> Int32?) throws -> [Int] {
        // Written on a thread of its own while the answers are read here: with both on one thread, git's output pipe
        // fills up while it waits for us to read, and we wait for it to read its input.
        let sender = DispatchGroup()
        let sent = SendResult()
        let descriptor = process.input
        DispatchQueue.global().async(group: sender) {
            sent.set(Self.send(oids, to: descriptor))
        }
        var missing: [Int] = []
        do {
            for (k, oid) in oids.enumerated() {
                guard let size = try header(for: oid) else {
                    missing.append(k)
                    continue
                }
                let descriptor = try destination(k, size)
                defer { if let descriptor { Foundation.close(descriptor) } }
                var failure: Int32 = 0
                try body(size) { chunk in
                    guard let descriptor, failure == 0 else { return }
                    if !Self.writeAll(descriptor, chunk) { failure = errno }
                }
                if failure != 0 { throw Failure(description: "cannot write into the copy: \(String(cString: strerror(failure)))") }
            }
        } catch {
            // git may be blocked writing what is no longer read, and the sender on git: end both.
            process.terminate()
            sender.wait()
            throw error
        }
        sender.wait()
        if !sent.value { throw ended() }
        return missing
    }

    /// Whether the sender wrote every line (read once the sender is done).
    private final class SendResult: @unchecked Sendable {
        private var written = false
        private let lock = NSLock()
        func set(_ value: Bool) { lock.withLock { written = value } }
        var value: Bool { lock.withLock { written } }
    }

    /// Ends the process (after the last answer: it sees its input end).
    func close() {
        guard !closed else { return }
        closed = true
        process.closeInput()
        process.wait()
        Foundation.close(output)
        InterruptCleanup.release(child: process.pid)
    }

    deinit { close() }

    // MARK: The protocol

    private func send(_ oids: [String]) throws {
        if !Self.send(oids, to: process.input) { throw ended() }
    }

    /// Writes `oids`, one a line, in 64 KiB writes; false when git stopped reading.
    private static func send(_ oids: [String], to descriptor: Int32) -> Bool {
        var text = [UInt8]()
        text.reserveCapacity(min(oids.count, 1600) * 41)
        for oid in oids {
            text += oid.utf8
            text.append(UInt8(ascii: "\n"))
            if text.count >= 1 << 16 {
                guard writeToPipe(descriptor, text) else { return false }
                text.removeAll(keepingCapacity: true)
            }
        }
        return text.isEmpty || writeToPipe(descriptor, text)
    }

    /// The size of `oid`'s answer, or nil for `<oid> missing` (and any answer that is not a blob's).
    private func header(for oid: String) throws -> Int? {
        let line = try readLine()
        let fields = line.split(separator: UInt8(ascii: " "))
        guard fields.count == 3, let size = Int(String(decoding: fields[2], as: UTF8.self)), size >= 0 else {
            guard fields.count == 2, String(decoding: fields[0], as: UTF8.self) == oid else {
                throw Failure(description: "git cat-file answered '\(String(decoding: line.prefix(200), as: UTF8.self))' for \(oid)")
            }
            return nil
        }
        if String(decoding: fields[1], as: UTF8.self) != "blob" {
            try body(size) { _ in }  // not a file's content: read past it
            return nil
        }
        return size
    }

    /// Hands `size` bytes of the answer to `consume`, in chunks, then reads the newline after them.
    private func body(_ size: Int, _ consume: (ArraySlice<UInt8>) -> Void) throws {
        var left = size + 1
        while left > 0 {
            if start == end { try fill() }
            let take = min(left, end - start)
            let bodyPart = min(take, left - 1)
            if bodyPart > 0 { consume(buffer[start..<start + bodyPart]) }
            start += take
            left -= take
        }
    }

    private func readLine() throws -> ArraySlice<UInt8> {
        var line = [UInt8]()
        while true {
            if start == end { try fill() }
            if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
                line += buffer[start..<newline]
                start = newline + 1
                return line[...]
            }
            line += buffer[start..<end]
            start = end
            if line.count > 4096 { throw Failure(description: "git cat-file wrote a line of over 4 KiB") }
        }
    }

    private func fill() throws {
        start = 0
        end = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count > 0 { end = count; return }
            if count < 0, errno == EINTR { continue }
            throw ended()
        }
    }

    /// git stopped answering: its message, when it wrote one.
    private func ended() -> Failure {
        process.closeInput()
        let status = process.wait()
        let message = String(decoding: errors.wait(), as: UTF8.self).trimmed
        return Failure(description: "git cat-file stopped\(message.isEmpty ? " (exit \(status))" : ": \(message)")")
    }

    /// Writes all of `bytes` to the file `descriptor`; false on an error (`errno` says which).
    static func writeAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>) -> Bool {
        let written: Bool? = bytes.withContiguousStorageIfAvailable { storage in
            var offset = 0
            while offset < storage.count {
                let count = write(descriptor, storage.baseAddress! + offset, storage.count - offset)
                if count > 0 { offset += count } else if count < 0, errno == EINTR { continue } else { return false }
            }
            return true
        }
        return written ?? writeAll(descriptor, Array(bytes))
    }

    /// `writeAll` to git's input. A pipe whose reader is gone gives `EPIPE` rather than a SIGPIPE that would end
    /// sbmap: the signal is blocked on this thread meanwhile, and taken off if it came.
    static func writeToPipe(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return writeAll(descriptor, bytes)
    }
}
