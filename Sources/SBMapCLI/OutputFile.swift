import Foundation

/// Writes an output where the user asked, atomically: a reader (or a run interrupted halfway)
/// sees either the old file or the complete new one, never a half-written file.
enum OutputFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `-` writes to stdout.
    static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(description: "cannot write '\(path)': it is a folder; name a file, e.g. '\(path)/map.svg'")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).sbmap-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw Failure(description: "cannot write '\(path)': \(reason); check that '\(folder.isEmpty ? "." : folder)' exists and is writable")
        }
        var failed: String?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failed = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failed == nil, fsync(descriptor) != 0 { failed = String(cString: strerror(errno)) }
        close(descriptor)
        if failed == nil, rename(temporary, path) != 0 { failed = String(cString: strerror(errno)) }
        if let failed {
            unlink(temporary)
            throw Failure(description: "cannot write '\(path)': \(failed)")
        }
    }
}
