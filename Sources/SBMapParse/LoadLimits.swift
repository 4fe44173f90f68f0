/// Limits that keep one hostile or accidental input from exhausting the machine.
///
/// A storyboard is streamed in fixed-size chunks, so memory stays bounded whatever the size; the
/// byte limit exists because a multi-gigabyte "storyboard" is almost certainly not one (a renamed
/// archive, a generated dump), and reading it would only waste minutes before failing.
public struct LoadLimits: Hashable, Sendable {
    /// The default for `maxFileBytes`: 64 MiB, about 100 times the largest storyboard seen in real apps.
    public static let defaultMaxFileBytes = 64 * 1024 * 1024

    /// Files larger than this are refused with a `file-too-large` error before a byte is read.
    /// Raised from the command line with `--max-file-size`.
    public var maxFileBytes: Int

    public init(maxFileBytes: Int = LoadLimits.defaultMaxFileBytes) {
        self.maxFileBytes = maxFileBytes
    }
}
