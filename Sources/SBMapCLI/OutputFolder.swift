import ArgumentParser
import Foundation
import SBMapDiscover
import SBMapReport
import SBMapSettings

/// The folder `site -o DIR` and `render --all -o DIR` write into: checked before anything is written, so that
/// sbmap writes only into a folder that is its own.
///
/// - A folder that is not empty and holds no manifest of sbmap's own (`sbmap-site.json`, `maps.json`) is the user's:
///   refused unless `--force`.
/// - `/`, the home folder, and a folder that holds an input (is one of the input paths, or a folder above one) are
///   refused always: `sbmap site . -o .` would mix the site into the project. A folder *inside* an input
///   (`sbmap site . -o docs/map`) is ordinary; discovery skips folders that hold an sbmap manifest, so a site is
///   never read back as input.
/// - A subfolder sbmap writes (`storyboards/`, `assets/`) that is a symbolic link is refused: nothing is written or
///   deleted through a link.
/// - Temporary files left by a killed run (`.NAME.sbmap-PID-….tmp`) are removed.
///
/// Each refusal is a usage error (exit 64) that says what to do.
struct OutputFolder {
    let path: String
    /// The manifest's name (one of `GeneratedFolder.manifests`).
    let manifest: String
    /// The subfolders written into.
    let subfolders: [String]
    /// `site` or `render --all`, for messages.
    let command: String

    /// Checks the folder, makes it and its subfolders, and removes leftovers of killed runs.
    func prepare(force: Bool, inputs: [String]) throws {
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, (info.st_mode & S_IFMT) != S_IFDIR {
            throw ValidationError("'\(path)' is a file, not a folder: \(command) -o names the folder to write into, e.g. -o \(Self.example(command))")
        }
        let real = Self.realPath(path)
        if real == "/" {
            throw ValidationError("sbmap never writes into '/': name a folder of its own, e.g. -o \(Self.example(command))")
        }
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty, Self.realPath(home) == real {
            throw ValidationError("sbmap never writes into the home folder ('\(path)'): name a folder of its own, e.g. -o \(Self.example(command))")
        }
        for input in inputs {
            let source = Self.realPath(input)
            if source == real || source.hasPrefix(real + "/") {
                throw ValidationError("'\(path)' holds the input '\(input)': \(command) would mix its files into the project. Name a folder of its own, e.g. -o \(Self.example(command))")
            }
        }
        if exists {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            if !entries.isEmpty, !force, !hasOwnManifest() {
                throw ValidationError("'\(path)' is not empty and was not written by sbmap (no \(manifest) in it): its files could be overwritten. Name a new or empty folder, or pass --force to write into it anyway")
            }
        }
        for sub in [""] + subfolders.map({ "/" + $0 }) {
            let folder = path + sub
            var entry = stat()
            if lstat(folder, &entry) == 0 {
                let type = entry.st_mode & S_IFMT
                if type == S_IFLNK, !sub.isEmpty {
                    throw ValidationError("'\(folder)' is a symbolic link: sbmap never writes or deletes through a link in its output folder. Remove the link, or name another folder")
                }
                var target = stat()
                if stat(folder, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR {
                    TemporaryName.removeLeftovers(in: folder)
                    continue
                }
                throw ValidationError("'\(folder)' is not a folder: \(command) writes its files there. Remove it, or name another folder")
            }
            try Self.makeFolders(folder)
        }
    }

    private func hasOwnManifest() -> Bool {
        var info = stat()
        let file = path + "/" + manifest
        guard lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              let data = FileManager.default.contents(atPath: file) else { return false }
        return GeneratedFolder.isManifest(named: manifest, data)
    }

    /// `mkdir -p`, with the system's words when it fails (not Foundation's "NSCocoaErrorDomain error 512").
    static func makeFolders(_ folder: String) throws {
        var made = ""
        for part in folder.split(separator: "/", omittingEmptySubsequences: false) {
            made = made.isEmpty && part.isEmpty ? "/" : (made.isEmpty ? String(part) : (made == "/" ? "/" : made + "/") + part)
            if part.isEmpty || part == "." { continue }
            if mkdir(made, 0o777) != 0, errno != EEXIST {
                throw OutputFile.Failure(description: "cannot make the folder '\(made)': \(String(cString: strerror(errno)))")
            }
            var info = stat()
            if stat(made, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
                throw ValidationError("cannot make the folder '\(folder)': '\(made)' is a file. Name another folder")
            }
        }
    }

    /// The absolute path with links resolved; for a path that does not exist yet, its deepest existing folder
    /// resolved and the rest appended.
    static func realPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        var absolute = URL(fileURLWithPath: path.hasPrefix("/") ? path : cwd + "/" + path).standardizedFileURL.path
        var rest: [String] = []
        while true {
            if let resolved = realpath(absolute, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.reversed().joined(separator: "/")
            }
            if absolute == "/" || absolute.isEmpty { return "/" + rest.reversed().joined(separator: "/") }
            rest.append((absolute as NSString).lastPathComponent)
            absolute = (absolute as NSString).deletingLastPathComponent
        }
    }

    private static func example(_ command: String) -> String { command == "site" ? "site" : "maps" }
}

/// The files a run reads, as outputs: an output path that is one of them (by device and inode, so `./App/../x`, a
/// hard link or a symbolic link to an input are caught too) is refused before anything is written.
enum ReadFiles {
    /// Every output a run writes (`-o`, `--summary`, `--write-baseline`, `--findings-output`) against every file it
    /// reads: the scanned files and the settings file, the theme file and the baseline (`also`). An output that is
    /// one of them (by its device and inode, whatever the spelling or the links) is bad usage, before anything is
    /// written: a pull request's `.sbmap.yml` cannot have a run write over the baseline that judges it.
    static func refuse(outputs: [String?], read filesRead: [String], also inputs: [String?]) throws {
        let all = filesRead + inputs.compactMap { $0 }
        for output in outputs.compactMap({ $0 }) { try refuse(output, all) }
    }

    /// The files a run reads besides the scanned ones: the settings file, the theme file `flag` or the settings
    /// file names (a built-in theme is no file), the baseline.
    static func settingsInputs(config: ConfigFile?, theme flag: String? = nil, baseline: String? = nil) -> [String] {
        var inputs = [config?.path, baseline].compactMap { $0 }
        let cwd = FileManager.default.currentDirectoryPath
        for theme in [flag, config?.render.theme.map { config?.resolve($0, from: cwd) ?? $0 }].compactMap({ $0 }) {
            inputs.append(theme)
        }
        return inputs
    }

    static func refuse(_ output: String, _ filesRead: [String]) throws {
        var target = stat()
        guard output != "-", stat(output, &target) == 0, (target.st_mode & S_IFMT) == S_IFREG else { return }
        var info = stat()
        for file in filesRead where stat(file, &info) == 0 && info.st_dev == target.st_dev && info.st_ino == target.st_ino {
            throw ValidationError("'\(output)' is one of the files sbmap reads ('\(file)'): writing it would replace an input. Name another output file, e.g. -o map.json outside the project's files")
        }
    }
}
