#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SBMapModel

/// The findings a team has accepted (SwiftLint's `--baseline` / `--write-baseline` convention): `check
/// --write-baseline FILE` records them, and `--baseline FILE` reports only findings that are not in it.
///
/// A finding is keyed by its identity (`Diagnostic.key(file:)`): its code, its file (relative to the repository's
/// root, whatever folder sbmap runs in) and what it is about (the storyboard and Storyboard ID, the segue, the call),
/// never by its wording or where in the file it is: a finding that moves because lines were inserted above it, or
/// whose message a release rewords, stays known, and one of the same code in the same file about another name is
/// new. Version-1 files, which keyed findings by their message, are still read, and matched the old way. The file is
/// JSON, sorted, and the same findings always give the same bytes (docs/diagnostics.md#baseline).
public struct Baseline: Equatable, Sendable {
    public struct Entry: Codable, Hashable, Comparable, Sendable {
        public var code: String
        /// The file relative to the repository's root (as the caller names it), without a leading `./`; empty for a
        /// finding about the run as a whole.
        public var file: String
        /// What the finding is about (`Diagnostic.about`); `nil` in a version-1 entry.
        public var about: String?
        /// A version-1 entry's key: the message without its numbers (`Diagnostic.subject`); `nil` from version 2.
        public var subject: String?

        public init(_ diagnostic: Diagnostic, file: String) {
            code = diagnostic.code.rawValue
            self.file = Baseline.normalisedPath(file)
            about = diagnostic.about
        }

        /// The entry a version-1 file would have had for `diagnostic`.
        init(legacy diagnostic: Diagnostic, file: String) {
            code = diagnostic.code.rawValue
            self.file = Baseline.normalisedPath(file)
            subject = diagnostic.subject
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.code, a.about ?? "", a.subject ?? "") < (b.file, b.code, b.about ?? "", b.subject ?? "")
        }
    }

    /// One entry per recorded finding, sorted: two identical findings are two entries, and excuse two.
    public private(set) var entries: [Entry]
    /// The version of the file read (`version` for one made here): version 1 matches findings by their message.
    public private(set) var fileVersion: Int = Baseline.version

    /// The baseline of `findings`; `file` names each one's file relative to the repository's root (by default, the
    /// path the finding carries).
    public init(findings: [Diagnostic], file: (Diagnostic) -> String = Baseline.path(of:)) {
        entries = findings.map { Entry($0, file: file($0)) }.sorted()
    }

    /// The path a finding carries, or empty for one about the run.
    public static func path(of diagnostic: Diagnostic) -> String { diagnostic.location?.path ?? "" }

    /// What a baseline file could not be read as.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    private struct File: Codable {
        var version: Int
        var findings: [Entry]
    }

    /// The version written: 2 keys findings by `Diagnostic.key(file:)`; 1 (still read) by their message.
    public static let version = 2

    /// The largest baseline file read: 16 MiB, about 100,000 findings. A baseline can come with a pull request, and
    /// was read whole whatever its size (a 1 GiB file took 1 GB of memory); a larger one is refused unread.
    public static let maxFileBytes = 16 << 20

    /// Reads a baseline file; a missing, unreadable, oversized or malformed one is a `Failure` that names the path.
    public static func load(path: String, maxBytes: Int = Baseline.maxFileBytes) throws -> Baseline {
        let data: Data
        switch contents(of: path, maxBytes: maxBytes) {
        case .success(let bytes):
            data = bytes
        case .failure(.tooLarge(let size)):
            throw Failure(description: "\(path): error: the baseline file is \(Self.megabytes(size)), larger than the limit of \(Self.megabytes(maxBytes)); it was not read. Check that it is a baseline written by 'sbmap check --write-baseline', or accept fewer findings at once")
        case .failure(.notARegularFile):
            throw Failure(description: "\(path): error: the baseline is not a regular file (a folder, pipe or device); write one with 'sbmap check --write-baseline \(path)'")
        case .failure(.unreadable):
            throw Failure(description: "\(path): error: cannot read the baseline file; write one with 'sbmap check --write-baseline \(path)'")
        }
        return try load(data: data, path: path)
    }

    /// Reads a baseline from its bytes (`sbmap diff` reads the base revision's from git); `path` names it in errors.
    public static func load(data: Data, path: String) throws -> Baseline {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw Failure(description: "\(path): error: not an sbmap baseline (\(Self.reason(error))); write it again with 'sbmap check --write-baseline \(path)'")
        }
        guard file.version == version || file.version == 1 else {
            throw Failure(description: "\(path): error: baseline version \(file.version) is not known to this sbmap (it reads version \(version)); write it again with 'sbmap check --write-baseline \(path)'")
        }
        let wrong = file.findings.first { file.version == 1 ? $0.subject == nil : $0.about == nil }
        if wrong != nil {
            throw Failure(description: "\(path): error: not an sbmap baseline (an entry of version \(file.version) has no '\(file.version == 1 ? "subject" : "about")'); write it again with 'sbmap check --write-baseline \(path)'")
        }
        var baseline = Baseline(findings: [])
        baseline.entries = file.findings.sorted()
        baseline.fileVersion = file.version
        return baseline
    }

    /// The file's bytes: keys and entries sorted, two-space indent, a final newline.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and integers cannot fail.
        let data = (try? encoder.encode(File(version: Self.version, findings: entries))) ?? Data()
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// The findings that are not in the baseline, in their order. Each entry excuses one finding: where the
    /// baseline has one `unknown-identifier` for a name and the app now has two, one is new. `file` names each
    /// finding's file as the baseline does (relative to the repository's root).
    public func newFindings(_ findings: [Diagnostic], file: (Diagnostic) -> String = Baseline.path(of:)) -> [Diagnostic] {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        return findings.filter { finding in
            let key = fileVersion == 1 ? Entry(legacy: finding, file: file(finding)) : Entry(finding, file: file(finding))
            guard let left = remaining[key], left > 0 else { return true }
            remaining[key] = left - 1
            return false
        }
    }

    private enum ReadProblem: Error {
        case unreadable
        case notARegularFile
        case tooLarge(Int)
    }

    /// The bytes of a regular file of at most `maxBytes`, read without waiting on a pipe and never past the limit.
    private static func contents(of path: String, maxBytes: Int) -> Result<Data, ReadProblem> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.unreadable) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notARegularFile) }
        guard Int(info.st_size) <= maxBytes else { return .failure(.tooLarge(Int(info.st_size))) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable)
            }
            if count == 0 { break }
            filled += count
            // It grew since fstat: read on, up to the limit, in steps.
            if filled == bytes.count, filled <= maxBytes { bytes += [UInt8](repeating: 0, count: min(1 << 20, maxBytes + 1 - filled)) }
        }
        guard filled <= maxBytes else { return .failure(.tooLarge(filled)) }
        return .success(Data(bytes[0..<filled]))
    }

    private static func megabytes(_ bytes: Int) -> String {
        if bytes < 1024 * 1024 { return "\(bytes) bytes" }
        let tenths = (bytes * 10 + 512 * 1024) / (1024 * 1024)
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }

    static func normalisedPath(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return "not JSON: \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            return "'\(key.stringValue)' is missing at \(Self.path(context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(context.debugDescription) at \(Self.path(context.codingPath))"
        default: return "\(error)"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
