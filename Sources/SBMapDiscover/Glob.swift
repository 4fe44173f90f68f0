import Foundation

/// Globs of `--exclude` (see `ExcludePattern`, which says which paths one is tried against) and of `.sbmap.yml`'s
/// suppressions.
///
/// A pattern without `/` is matched against every file and folder name (`--exclude '*Tests'`).
/// A pattern with `/` is matched against a path, where `*` may cross `/` (`--exclude 'Legacy/*'` skips everything
/// below `Legacy`, and so does `Legacy`'s own entry). `?` and `[…]` work as in the shell.
public enum Glob {
    public static func matchesAny(_ patterns: [String], relativePath: String, name: String) -> Bool {
        patterns.contains { matches($0, relativePath: relativePath, name: name) }
    }

    public static func matches(_ pattern: String, relativePath: String, name: String) -> Bool {
        if pattern.contains("/") {
            let trimmed = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
            let collapsed = trimmed.replacingOccurrences(of: "**", with: "*")
            return fnmatch(collapsed, relativePath, 0) == 0
                || (collapsed.hasSuffix("/*") && fnmatch(String(collapsed.dropLast(2)), relativePath, 0) == 0)
        }
        return fnmatch(pattern, name, 0) == 0
    }
}
