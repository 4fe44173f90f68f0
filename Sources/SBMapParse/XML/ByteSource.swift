#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Why the bytes of a file could not be read. The loaders turn these into diagnostics.
enum ReadProblem: Equatable {
    /// The file could not be opened or read: the text is the system's reason ("Permission denied").
    case unreadable(String)
    /// The path names a directory.
    case isDirectory
    /// The file is larger than the limit (its size in bytes).
    case tooLarge(Int)
}

/// Delivers a file's bytes in fixed-size chunks, so that a large storyboard is never held in memory whole.
///
/// POSIX `open`/`fstat`/`read` rather than `FileHandle`: `fstat` on the open descriptor tells a directory
/// and the size apart before any byte is read, and `read` reports failures through `errno` without throwing.
enum ByteSource {
    /// 256 KiB: large enough that libxml2's per-call overhead vanishes, small enough to stay in cache.
    static let chunkSize = 256 * 1024

    /// Calls `consume` with each chunk of the file at `url` until the file ends or `consume` returns `false`.
    /// Returns the problem that stopped the reading, if any.
    static func readFile(at url: String, limits: LoadLimits,
                         _ consume: (UnsafeRawBufferPointer) -> Bool) -> ReadProblem? {
        let fd: Int32
        switch openRegularFile(at: url, limits: limits) {
        case .failure(let failure): return failure.problem
        case .success(let opened): fd = opened.fd
        }
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = read(fd, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                return .unreadable(Self.errnoText())
            }
            if count == 0 { return nil }
            total += count
            // The file may have grown since fstat: the limit holds for what is actually read.
            if total > limits.maxFileBytes { return .tooLarge(total) }
            if !consume(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { return nil }
        }
    }

    /// What reading a document (a storyboard, a xib) gave: read to its end (or until the parser stopped), a Git LFS
    /// pointer in its place, or a problem that stopped the reading.
    enum DocumentRead: Equatable {
        case read
        case lfsPointer
        case problem(ReadProblem)
    }

    /// Feeds the file at `url` to `feed` chunk by chunk, unless the file is a Git LFS pointer: a pointer is at most
    /// 1 KiB, so it is always the whole first chunk, and nothing of it reaches the parser.
    static func readDocument(at url: String, limits: LoadLimits,
                             _ feed: (UnsafeRawBufferPointer) -> Bool) -> DocumentRead {
        var isLFSPointer = false
        var first = true
        let problem = readFile(at: url, limits: limits) { chunk in
            if first, LFSPointer.matches(chunk, fileSize: chunk.count) {
                isLFSPointer = true
                return false
            }
            first = false
            return feed(chunk)
        }
        if isLFSPointer { return .lfsPointer }
        return problem.map(DocumentRead.problem) ?? .read
    }

    /// Opens `url` for reading if it is a regular file within the size limit; returns the descriptor (the caller
    /// closes it) and the size `fstat` reports.
    ///
    /// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever (a storyboard path swapped
    /// for a pipe during the run, or named on the command line). It has no effect on the regular files that are
    /// read, and nothing else gets past the type check.
    ///
    /// O_NOFOLLOW: discovery gives every file it found at a path whose last part is not a link (a file reached
    /// through a link is given at its real path, after checking that it is inside the inputs; a project's
    /// `.xcconfig`s are opened at their real paths too), so a link there now was swapped in since, perhaps to point
    /// outside the project: it is not followed.
    private static func openRegularFile(at url: String, limits: LoadLimits) -> Result<(fd: Int32, size: Int), ReadFailure> {
        let fd = open(url, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ELOOP {
                return .failure(ReadFailure(problem: .unreadable("it became a symbolic link after the folders were scanned; it is not followed")))
            }
            return .failure(ReadFailure(problem: .unreadable(Self.errnoText())))
        }
        func fail(_ problem: ReadProblem) -> Result<(fd: Int32, size: Int), ReadFailure> {
            close(fd)
            return .failure(ReadFailure(problem: problem))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return fail(.unreadable(Self.errnoText())) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return fail(.isDirectory) }
        // A pipe, socket or device (`/dev/zero`, `/dev/stdin`) has no size to check and may never end.
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return fail(.unreadable("it is not a regular file (a pipe, socket or device)"))
        }
        let size = Int(info.st_size)
        if size > limits.maxFileBytes { return fail(.tooLarge(size)) }
        return .success((fd, size))
    }

    /// Calls `consume` with successive chunks of `bytes`, as `readFile` does for a file.
    static func readMemory(_ bytes: UnsafeRawBufferPointer, limits: LoadLimits,
                           _ consume: (UnsafeRawBufferPointer) -> Bool) -> ReadProblem? {
        if bytes.count > limits.maxFileBytes { return .tooLarge(bytes.count) }
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            if !consume(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { return nil }
            start = end
        }
        return nil
    }

    /// Reads a whole (small) file, for plists and project files, within the same limits.
    static func readWholeFile(at url: String, limits: LoadLimits) -> Result<[UInt8], ReadFailure> {
        // Read straight into an array of the size `fstat` gives (one byte more, to see a file that grew): source
        // files are small and many, and going through `readFile`'s 256 KiB chunk buffer cost an mmap and munmap
        // per file.
        let fd: Int32
        let size: Int
        switch openRegularFile(at: url, limits: limits) {
        case .failure(let failure): return .failure(failure)
        case .success(let opened): (fd, size) = opened
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var capacity = size + 1
        while true {
            var problem: ReadProblem?
            var ended = false
            let start = bytes.count
            bytes.reserveCapacity(start + capacity)
            bytes.append(contentsOf: repeatElement(0, count: capacity))
            var filled = start
            bytes.withUnsafeMutableBytes { buffer in
                while filled < buffer.count {
                    let count = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                    if count < 0 {
                        if errno == EINTR { continue }
                        problem = .unreadable(Self.errnoText())
                        return
                    }
                    if count == 0 { ended = true; return }
                    filled += count
                    // A read that stops short exactly at the size `fstat` gave has reached the end: asking again would
                    // only confirm it, with one more system call per file. (A read that stops short anywhere else is
                    // read on: on some file systems a read may return less than asked before the end.)
                    if filled == size, filled < buffer.count { ended = true; return }
                }
            }
            bytes.removeLast(bytes.count - filled)
            if let problem { return .failure(ReadFailure(problem: problem)) }
            // The file may have grown since fstat: the limit holds for what is actually read.
            if filled > limits.maxFileBytes { return .failure(ReadFailure(problem: .tooLarge(filled))) }
            if ended { return .success(bytes) }
            capacity = max(chunkSize, filled)  // still growing: read on in larger steps
        }
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

/// `ReadProblem` as an `Error`, for `Result`.
struct ReadFailure: Error {
    var problem: ReadProblem
}

/// Runs `body` over the bytes of any collection, without a copy when they are already contiguous.
func withContiguousBytes<C: Collection<UInt8>, R>(_ bytes: C, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    if let result = bytes.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
        return result
    }
    if let data = bytes as? Data {
        return data.withUnsafeBytes(body)
    }
    return Array(bytes).withUnsafeBytes(body)
}
