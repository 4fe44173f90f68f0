import SBMapModel

/// A Git LFS pointer: the small text file git keeps in place of a large file until `git lfs pull` fetches it
/// (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md). A CI checkout without LFS (`actions/checkout`
/// without `lfs: true`) leaves one where a storyboard, an Info.plist or a project should be.
///
/// It is not a broken file: sbmap simply cannot see the real one. So it is a warning that says how to fetch it,
/// not the `malformed-xml` error a damaged storyboard gets, and names that lead into it are unknown, not broken.
enum LFSPointer {
    /// The first line of every pointer, by the spec; before v1 was published, git-lfs (then "hawser") wrote the
    /// second, which the spec says pointers may still carry and clients must read.
    static let firstLines = [
        Array("version https://git-lfs.github.com/spec/v1".utf8),
        Array("version https://hawser.github.com/spec/v1".utf8),
    ]
    /// The spec caps a pointer at 1024 bytes.
    static let maxBytes = 1024

    /// Whether `bytes` (the whole file, or its first chunk with `count` the file's size) is an LFS pointer.
    static func matches(_ bytes: UnsafeRawBufferPointer, fileSize: Int) -> Bool {
        fileSize <= maxBytes && firstLines.contains { bytes.count >= $0.count && bytes.starts(with: $0) }
    }

    static func matches(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { matches($0, fileSize: $0.count) }
    }

    /// The finding for a pointer at `path`, in place of the `what` (a storyboard, an Info.plist, a project).
    static func finding(path: String, what: String) -> Diagnostic {
        Diagnostic(.warning, .lfsPointer,
                   "the file is a Git LFS pointer, not the \(what) itself: the checkout did not fetch it, so it is not mapped and links into it are unknown",
                   at: SourceLocation(path: path, line: 1, column: 1),
                   hint: "run `git lfs pull` before sbmap; on GitHub Actions, set `lfs: true` on actions/checkout")
    }
}
