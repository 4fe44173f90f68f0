import Foundation
import SBMapModel

/// What to look for, and what to leave alone, under the user's paths.
public struct DiscoveryOptions: Sendable, Hashable {
    /// Folder names that are never entered: build output and third-party code.
    public static let skippedFolderNames: Set<String> = [".build", "DerivedData", "Pods", "Carthage"]

    /// `--exclude GLOB` patterns (see `ExcludePattern`).
    public var excludes: [ExcludePattern]
    /// Also collect `.swift`, `.m` and `.mm` files (`--no-code` turns this off).
    public var includeCode: Bool

    public init(excludes: [ExcludePattern] = [], includeCode: Bool = true) {
        self.excludes = excludes
        self.includeCode = includeCode
    }

    /// Whether an `--exclude` glob leaves out the file or folder `name` at `relativePath` below a folder argument:
    /// by name, or by its path below the argument. (The walk of a folder on disk also tries a glob from the folder
    /// it was written from, `ExcludeMatcher`; a git revision's listing is judged below its arguments only.)
    func isExcluded(relativePath: String, name: String) -> Bool {
        excludes.contains { Glob.matches($0.pattern, relativePath: relativePath, name: name) }
    }
}

/// The files discovery found, sorted by path, and what went wrong on the way.
public struct Discovered: Sendable, Hashable {
    public var files: [InputFile]
    public var diagnostics: [Diagnostic]
    /// Arguments that name nothing on disk: a usage error, not a finding.
    public var missingArguments: [String]
    /// The exclude patterns (`DiscoveryOptions.excludes`) that matched no file or folder the walk met, in their
    /// order; empty when no folder argument was walked (files named alone are never excluded).
    public var unmatchedExcludes: [ExcludePattern] = []

    public func files(of kind: InputFile.Kind) -> [InputFile] { files.filter { $0.kind == kind } }
}

/// Walks the user's paths and classifies every file sbmap can read.
///
/// Folders are searched recursively, skipping `.build`, `DerivedData`, `Pods`, `Carthage`,
/// compiled `*.storyboardc` bundles, hidden folders and anything an `--exclude` glob matches.
/// Symbolic links are followed, but each real folder is entered once, so link loops end, and only where they stay
/// inside the arguments: a link whose real target is outside every argument's real path (`Leak.storyboard ->
/// /etc/…`, a folder linked to `$HOME`) is not followed, and is a `link-outside-inputs` note, so a repository cannot
/// make sbmap read (and publish) files it was not pointed at. A file reached through a link is opened at its real
/// path (`InputFile.url`), so the loaders can refuse to follow a link swapped in later (`O_NOFOLLOW`).
/// A folder that cannot be read is a warning, and the walk goes on.
public struct Discovery: Sendable {
    public var options: DiscoveryOptions

    public init(options: DiscoveryOptions = DiscoveryOptions()) {
        self.options = options
    }

    /// Finds the files under `arguments`: paths relative to `folder` (the working folder; `.`, the default, is the
    /// process's current folder), or absolute. Files are named as reached from the arguments, and opened from `folder`
    /// (`InputFile.url`), so two trees can be discovered at once from one process.
    public func discover(_ arguments: [String], from folder: String = ".") -> Discovered {
        // One argument cannot reach a path twice (each route to a file spells a different path): only several
        // arguments (`App App/Sources`) need the set of paths found.
        var walk = Walk(options: options, checksDuplicates: arguments.count > 1)
        var missing: [String] = []
        // Where each argument is opened: as written, from the working folder.
        let opened = { (argument: String) in
            folder == "." || folder.isEmpty || argument.hasPrefix("/") ? argument : PathText.join(folder, argument)
        }
        // What the user pointed at, as real paths: links may lead anywhere inside them, and nowhere else.
        walk.roots = arguments.map(opened).compactMap(RealPath.of)
        for argument in arguments {
            let display = PathText.normalized(argument)
            let url = opened(argument)
            var info = stat()
            guard stat(url, &info) == 0 else {
                missing.append(argument)
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk.walkedFolder = true
                walk.argument = display
                walk.excludes.enterRoot(RealPath.of(url))
                walk.enter(directory: url, display: display, relative: "", info: info)
            } else if let kind = Classifier.kind(ofFileNamed: PathText.lastComponent(argument), includeCode: true) {
                // A file named on the command line is read even if its folder would be skipped, and even if it is a
                // link that leads out of every folder argument: the user named it.
                walk.argument = ""
                walk.add(InputFile(kind: kind, url: RealPath.ifLink(url) ?? url, path: display))
            } else {
                walk.diagnostics.append(Diagnostic(
                    .warning, .unreadableFile,
                    "'\(display)' is not a file sbmap reads",
                    at: SourceLocation(path: display),
                    hint: "pass .storyboard, Info.plist, project.pbxproj, .swift, .m or .mm files, or a folder"))
            }
        }
        // The walk goes through each folder in name order, so `found` is nearly sorted already, and the sort (which
        // finds runs that are in order) has little left to do; a path sorts differently from the walk's order only
        // where a name holds a character that sorts before `/`.
        let files = Classifier.droppingUnpairedHeaders(walk.found.sorted(), path: \.path)
        let unmatched = !walk.walkedFolder ? [] : zip(options.excludes, walk.excludes.matched).filter { !$0.1 }.map(\.0)
        return Discovered(files: files, diagnostics: walk.diagnostics.sorted(), missingArguments: missing,
                          unmatchedExcludes: unmatched)
    }
}

/// The state of one discovery run.
private struct Walk {
    let options: DiscoveryOptions
    /// The files found, in the order they were found, each path once (`paths`).
    var found: [InputFile] = []
    var paths: Set<String> = []
    let checksDuplicates: Bool
    var diagnostics: [Diagnostic] = []
    /// (device, inode) of every folder entered, so symbolic-link loops end.
    var visited: Set<[UInt64]> = []
    /// The real paths of the arguments: a link is followed only to a place inside one of them.
    var roots: [String] = []
    /// The exclude globs, and which of them matched something.
    var excludes: ExcludeMatcher
    /// Whether a folder argument was walked (only then can a glob be said to match nothing).
    var walkedFolder = false

    init(options: DiscoveryOptions, checksDuplicates: Bool) {
        self.options = options
        self.checksDuplicates = checksDuplicates
        excludes = ExcludeMatcher(options.excludes)
    }

    /// The folder argument being walked, as spelled (`InputFile.root`); empty for a file named alone.
    var argument = ""

    mutating func add(_ file: InputFile) {
        // The same path reached twice (by two arguments) is read once.
        guard !checksDuplicates || paths.insert(file.path).inserted else { return }
        var file = file
        file.root = argument
        found.append(file)
    }

    /// A file named like one sbmap reads that cannot be read: a warning, so it is not silently left off the map.
    mutating func skipped(_ display: String, because reason: String) {
        diagnostics.append(Diagnostic(
            .warning, .unreadableFile, "cannot read '\(display)': \(reason); it is not mapped",
            at: SourceLocation(path: display),
            hint: "fix or remove the link, or pass --exclude to skip it"))
    }

    /// A link that leads out of every argument: one note, so the map's gap is explained, and how to map it.
    mutating func leftOut(_ display: String) {
        diagnostics.append(Diagnostic(
            .info, .linkOutsideInputs,
            "'\(display)' is a symbolic link to a place outside the paths given; it is not followed, and nothing there is read",
            at: SourceLocation(path: display),
            hint: "to map what it points at, pass the link's target as a path too"))
    }

    /// Whether the real path `real` is one of the roots or inside one.
    func isInsideRoots(_ real: String) -> Bool {
        roots.contains { root in
            real == root || root == "/" || (real.hasPrefix(root) && real.utf8.dropFirst(root.utf8.count).first == UInt8(ascii: "/"))
        }
    }

    mutating func enter(directory url: String, display: String, relative: String, info: stat) {
        let key = [UInt64(info.st_dev), UInt64(info.st_ino)]
        guard visited.insert(key).inserted else { return }
        guard let entries = DirectoryListing.entries(of: url) else {
            diagnostics.append(Diagnostic(
                .warning, .unreadableFile, "cannot list folder '\(display)'; its files are not mapped",
                at: SourceLocation(path: display), hint: "check its permissions, or pass --exclude to skip it"))
            return
        }
        // sbmap's own output (a site, `render --all` maps) inside the scanned tree is not input.
        if entries.contains(where: { GeneratedFolder.manifests[$0.name] != nil }),
           GeneratedFolder.holdsManifest(url, names: entries.map(\.name)) { return }
        let hasExcludes = !excludes.isEmpty
        for entry in entries {
            let name = entry.name
            let kind = Classifier.kind(ofFileNamed: name, includeCode: options.includeCode)
            // A regular file sbmap does not read needs nothing more: no path, no glob, no `stat` (most of a project's
            // files are images, sources under --no-code, and the like).
            if entry.type == .regular && kind == nil { continue }
            // The path relative to the argument is needed only to match globs, and by the folders below.
            let childRelative = hasExcludes || entry.type != .regular ? PathText.join(relative, name) : ""
            if hasExcludes, excludes.excludes(relativePath: childRelative, name: name) { continue }
            let childURL = PathText.join(url, name)
            // Usually the argument is spelled as it is shown (`App`, not `./App`): one String serves as both.
            let childDisplay = url == display ? childURL : PathText.join(display, name)
            if entry.type == .regular, let kind {
                // The listing already says it is a regular file (not a link, a pipe or a device).
                add(InputFile(kind: kind, url: childURL, path: childDisplay))
                continue
            }
            if entry.type == .directory, Classifier.skipsFolder(named: name) { continue }
            if entry.type == .other && kind == nil { continue }
            // A link is followed only inside the roots. (An entry whose type the file system did not report may be
            // one: `lstat` tells.)
            var realTarget: String?
            if entry.type == .link || (entry.type == .unknown && RealPath.isLink(childURL)) {
                realTarget = RealPath.of(childURL)
                if let real = realTarget, !isInsideRoots(real) {
                    // Worth a word if it could hold something sbmap reads: a folder, or a file named like an input.
                    if kind != nil || (RealPath.isDirectory(real) && !Classifier.skipsFolder(named: name)) { leftOut(childDisplay) }
                    continue
                }
            }
            // Folders (for their device and inode), links (followed), and entries whose type the file system did
            // not report.
            var childInfo = stat()
            guard stat(childURL, &childInfo) == 0 else {
                // A dangling or looping link, or a file that vanished since the listing. Only worth a
                // word if it is named like a file sbmap reads: a storyboard there would be missing from the map.
                if kind != nil { skipped(childDisplay, because: String(cString: strerror(errno))) }
                continue
            }
            let type = childInfo.st_mode & S_IFMT
            if type == S_IFDIR {
                if Classifier.skipsFolder(named: name) { continue }
                enter(directory: childURL, display: childDisplay, relative: childRelative, info: childInfo)
            } else if let kind {
                if type == S_IFREG {
                    // Opened at its real path: the loaders then refuse a link in its place (see `Discovery`).
                    add(InputFile(kind: kind, url: realTarget ?? childURL, path: childDisplay))
                } else {
                    // A pipe, socket or device: reading could block forever or never end.
                    skipped(childDisplay, because: "it is not a regular file (a pipe, socket or device)")
                }
            }
        }
    }
}

/// A folder's entries, sorted by name, with the type the file system reports for each (`readdir`'s `d_type`).
///
/// Discovery lists every folder of a project, which may hold tens of thousands of files it never reads. Knowing
/// from the listing which entries are plain files saves a `stat` of each, and the paths it would have built.
enum DirectoryListing {
    struct Entry {
        enum Kind {
            case regular, directory
            /// A symbolic link: followed only inside the roots.
            case link
            /// A file system that does not report types: `lstat` it to know.
            case unknown
            /// A pipe, socket or device.
            case other
        }

        var name: String
        var type: Kind
    }

    /// The entries of the folder at `path` (not `.` and `..`), sorted by name; nil if it cannot be opened.
    static func entries(of path: String) -> [Entry]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            let type: Entry.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): type = .regular
            case Int32(DT_DIR): type = .directory
            case Int32(DT_LNK): type = .link
            case Int32(DT_UNKNOWN): type = .unknown
            default: type = .other
            }
            entries.append(Entry(name: name, type: type))
        }
        // The same order as before (`String` order), whatever order the file system lists in.
        entries.sort { $0.name < $1.name }
        return entries
    }
}

/// Which files sbmap reads, and which folders it never enters: on disk (`Walk`) and in a listed tree (`TreeWalk`).
enum Classifier {
    static func kind(ofFileNamed name: String, includeCode: Bool) -> InputFile.Kind? {
        if name.hasSuffix(".storyboard") { return .storyboard }
        if name == "project.pbxproj" { return .projectFile }
        if name == "Package.swift" { return .packageManifest }
        // `Info.plist`, the older `AppName-Info.plist`, and per-platform ones a target names in INFOPLIST_FILE
        // (`Info-iOS.plist`, `Info-macOS.plist`, found in ReactiveX/RxSwift's example app). Reading a plist that is
        // not an Info.plist costs little: only the plists a target uses declare entry points.
        if name.hasSuffix(".plist"), name.lowercased().contains("info") { return .infoPlist }
        if name.hasSuffix(".xib") { return .nib }
        guard includeCode else { return nil }
        if name.hasSuffix(".swift") { return .swift }
        // Headers for the classes they declare (`CodeScanner.header`): a `.m` rarely says what its class inherits.
        if name.hasSuffix(".m") || name.hasSuffix(".mm") || name.hasSuffix(".h") { return .objectiveC }
        return nil
    }

    /// `items` without the headers (`.h`) that no Objective-C implements: a header is kept when its folder holds a
    /// `.m` or `.mm` file, or when one of those, anywhere, has its name (`Public/Foo.h` for `Classes/Foo.m`, a
    /// framework's public headers). A header is read for the classes it declares (`CodeScanner.header`), and an app's
    /// C or vendored headers (Provenance's emulator cores hold ten thousand) are not worth reading.
    static func droppingUnpairedHeaders<Item>(_ items: [Item], path: (Item) -> String) -> [Item] {
        func folder(_ p: String) -> Substring { p.lastIndex(of: "/").map { p[..<$0] } ?? "" }
        func stem(_ p: String, _ suffix: Int) -> Substring {
            let name = p.lastIndex(of: "/").map { p[p.index(after: $0)...] } ?? p[...]
            return name.dropLast(suffix)
        }
        var folders: Set<Substring> = []
        var stems: Set<Substring> = []
        for item in items {
            let p = path(item)
            let suffix = p.hasSuffix(".m") ? 2 : p.hasSuffix(".mm") ? 3 : 0
            guard suffix > 0 else { continue }
            folders.insert(folder(p))
            stems.insert(stem(p, suffix))
        }
        return items.filter { item in
            let p = path(item)
            return !p.hasSuffix(".h") || folders.contains(folder(p)) || stems.contains(stem(p, 2))
        }
    }

    static func skipsFolder(named name: String) -> Bool {
        name.hasPrefix(".") || DiscoveryOptions.skippedFolderNames.contains(name) || name.hasSuffix(".storyboardc")
    }
}

/// Path spelling, kept as the user wrote it so every output names files the way they were given.
public enum PathText {
    /// `./App//Main.storyboard/` → `App/Main.storyboard`; `.` → `` (an empty prefix).
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        let absolute = path.hasPrefix("/")
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    public static func join(_ base: String, _ name: String) -> String {
        if base.isEmpty { return name }
        if base.utf8.last == UInt8(ascii: "/") { return base + name }
        // Made at its final size: `base + "/" + name` makes (and frees) a String for `base + "/"` first.
        var joined = ""
        joined.reserveCapacity(base.utf8.count + 1 + name.utf8.count)
        joined += base
        joined += "/"
        joined += name
        return joined
    }

    public static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// Real paths (`realpath(3)`: every link and `..` resolved), to tell where a symbolic link really leads.
enum RealPath {
    /// The real path of `path`, or nil if it does not resolve (missing, dangling, a loop).
    static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path`'s real path when `path` itself is a symbolic link, else nil.
    static func ifLink(_ path: String) -> String? {
        isLink(path) ? of(path) : nil
    }

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
