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
/// A finding is keyed by its code, its file and its subject (the message with line and column numbers taken out),
/// never by where it is: a finding that moves because lines were inserted above it stays known, and one of the same
/// code in the same file about another name is new. The file is JSON, sorted, and the same findings always give the
/// same bytes (docs/diagnostics.md#baseline).
public struct Baseline: Equatable, Sendable {
    public struct Entry: Codable, Hashable, Comparable, Sendable {
        public var code: String
        /// The file as findings name it, without a leading `./`; empty for a finding about the run as a whole.
        public var file: String
        public var subject: String

        public init(_ diagnostic: Diagnostic) {
            code = diagnostic.code.rawValue
            file = Baseline.normalisedPath(diagnostic.location?.path ?? "")
            subject = diagnostic.subject
        }

        public static func < (a: Entry, b: Entry) -> Bool { (a.file, a.code, a.subject) < (b.file, b.code, b.subject) }
    }

    /// One entry per recorded finding, sorted: two identical findings are two entries, and excuse two.
    public private(set) var entries: [Entry]

    public init(findings: [Diagnostic]) {
        entries = findings.map(Entry.init).sorted()
    }

    /// What a baseline file could not be read as.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private struct File: Codable {
        var version: Int
        var findings: [Entry]
    }

    public static let version = 1

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
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw Failure(description: "\(path): error: not an sbmap baseline (\(Self.reason(error))); write it again with 'sbmap check --write-baseline \(path)'")
        }
        guard file.version == version else {
            throw Failure(description: "\(path): error: baseline version \(file.version) is not known to this sbmap (it reads version \(version)); write it again with 'sbmap check --write-baseline \(path)'")
        }
        var baseline = Baseline(findings: [])
        baseline.entries = file.findings.sorted()
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
    /// baseline has one `unknown-identifier` for a name and the app now has two, one is new.
    public func newFindings(_ findings: [Diagnostic]) -> [Diagnostic] {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        return findings.filter { finding in
            let key = Entry(finding)
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
