#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads a settings file (a theme, `.sbmap.yml`): only a regular file, of at most `maxBytes`. A pipe or a device
/// named like one (`.sbmap.yml` in a parent folder is enough) would otherwise make `sbmap` wait forever or read
/// without end; `FileManager.contents(atPath:)` does both.
public enum SettingsFile {
    public static let maxBytes = 1 << 20

    public enum Problem: Error, Equatable {
        case unreadable(String)
        case notARegularFile
        case tooLarge
    }

    public static func contents(of path: String, maxBytes: Int = SettingsFile.maxBytes) -> Result<Data, Problem> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notARegularFile) }
        guard Int(info.st_size) <= maxBytes else { return .failure(.tooLarge) }
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if count == 0 { break }
            filled += count
        }
        guard filled <= maxBytes else { return .failure(.tooLarge) }  // it grew since fstat
        return .success(Data(bytes[0..<filled]))
    }
}
