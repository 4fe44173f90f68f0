import SBMapModel

/// Reads the targets of an Xcode project (`App.xcodeproj/project.pbxproj`): for each native target, its product
/// type, platforms, Info.plist, bundle identifier, `INFOPLIST_KEY_*` entry points, and the files its resources and
/// sources build phases hold (with folder references and Xcode 16 synchronized folders), every path resolved
/// through the group tree and spelled like discovery's paths.
///
/// The file is an object graph keyed by 24-hex-digit ids (format doc §6):
///
///     PBXProject ─ targets ─▶ PBXNativeTarget ─ buildPhases ─▶ PBXResourcesBuildPhase ─ files ─▶ PBXBuildFile
///          │                        │                                                                 │ fileRef
///          │                        └ buildConfigurationList ─▶ XCConfigurationList ─▶ XCBuildConfiguration
///          └ mainGroup ─▶ PBXGroup ─ children ─▶ PBXGroup | PBXVariantGroup | PBXFileReference ◀───────┘
///
/// A configuration's base `.xcconfig` file is read through `readFile` (`XcconfigReader`), its settings below the
/// configuration's own. What cannot be known without Xcode (`$(…)` that the build computes, an `.xcconfig` outside
/// the scan) is left out, never guessed: a target then has fewer facts, and the resolver reports less.
struct XcodeProjectReader {
    let path: String
    /// The folder `SOURCE_ROOT` and `$(SRCROOT)` name: the one holding the `.xcodeproj` (plus `projectDirPath`).
    let root: String
    /// The `.xcodeproj` folder, which names the project in target ids.
    let projectName: String
    /// Reads a file the project names (an `.xcconfig`), by its path spelled like discovery's; `nil` reads nothing.
    let readFile: (@Sendable (String) -> [UInt8]?)?
    /// The project's objects by id (`XcodeProjectReader+Links` reads them too).
    let objects: [String: PlistValue]
    private var parents: [String: String] = [:]
    /// The ids of the synchronized folders that have exception sets, sorted (the objects' order is not the file's).
    private var synchronizedGroups: [String] = []

    /// The project at `path` (`…/App.xcodeproj/project.pbxproj`), or a finding saying why it cannot be read.
    static func read(bytes: [UInt8], path: String, readFile: (@Sendable (String) -> [UInt8]?)? = nil,
                     listFolder: (@Sendable (String) -> [String]?)? = nil) -> Loaded<LoadedBuildProject> {
        let root: PlistValue
        switch OpenStepPlistParser.parse(bytes, path: path) {
        case .success(let value): root = value
        case .failure(let failure):
            // A broken project is a likely mistake (a bad merge), not a crash of the app: a warning, and the run
            // goes on as if the project were not there.
            return Loaded(path: path, nil, diagnostics: [Diagnostic(
                .warning, .malformedPlist,
                "the Xcode project cannot be read: \(failure.message); its targets are not known, so names resolve by folder",
                at: SourceLocation(path: path, line: failure.line, column: failure.column),
                hint: "resolve merge conflicts in project.pbxproj, or open and re-save the project in Xcode")])
        }
        return read(root: root, path: path, readFile: readFile, listFolder: listFolder)
    }

    /// The project from its property list, read from the text (OpenStep) or the XML format.
    static func read(root: PlistValue, path: String, readFile: (@Sendable (String) -> [UInt8]?)? = nil,
                     listFolder: (@Sendable (String) -> [String]?)? = nil) -> Loaded<LoadedBuildProject> {
        guard case .dictionary(let objectEntries)? = root["objects"], let (rootID, _) = root["rootObject"]?.stringValue else {
            return Loaded(path: path, nil, diagnostics: [Diagnostic(
                .warning, .malformedPlist, "the file has no 'objects' or 'rootObject': it is not an Xcode project",
                at: SourceLocation(path: path, line: 1, column: 1), hint: "check that this is really a project.pbxproj")])
        }
        var objects: [String: PlistValue] = [:]
        objects.reserveCapacity(objectEntries.count)
        for (id, value) in objectEntries where objects[id] == nil { objects[id] = value }
        guard let project = objects[rootID] else {
            return Loaded(path: path, nil, diagnostics: [Diagnostic(
                .warning, .malformedPlist, "the project's rootObject \(rootID) is not among its objects",
                at: SourceLocation(path: path, line: 1, column: 1), hint: "open and re-save the project in Xcode")])
        }
        // CMake writes Xcode projects into its build folder (with its ALL_BUILD and ZERO_CHECK targets), and some
        // repositories commit them (Provenance's emulator cores do): they describe a build, not the app, and their
        // targets name Info.plists of that build. Their targets are left out, so nothing is taken from them.
        if objects.values.contains(where: { ["ALL_BUILD", "ZERO_CHECK", "CMake Rules"].contains($0["name"]?.stringValue?.0 ?? "") }) {
            return Loaded(path: path, nil, diagnostics: [Diagnostic(
                .info, .noProject, "this Xcode project was generated by CMake (it has CMake's ALL_BUILD target or CMake Rules): its targets are not read",
                at: SourceLocation(path: path, line: 1, column: 1),
                hint: "generated build folders are best left out of the repository, or of the scan with --exclude")])
        }
        let xcodeproj = ProjectPaths.parent(path)
        let container = ProjectPaths.parent(xcodeproj)
        let projectDir = project["projectDirPath"]?.stringValue?.0 ?? ""
        let reader = XcodeProjectReader(path: path, root: ProjectPaths.join(container, projectDir), projectName: xcodeproj,
                                        readFile: readFile, objects: objects)
        // Finds paths the project names that exist only with other letter case (`nil`: no disk to look at).
        var paths = listFolder.map { CaseInsensitivePaths(list: $0) }
        var value = LoadedBuildProject(path: path, kind: .xcode, name: xcodeproj, root: reader.root)
        var notes: [Diagnostic] = []
        for item in project["targets"]?.arrayValue ?? [] {
            guard let (id, _) = item.stringValue, let (target, found) = reader.target(id, project: project, paths: &paths) else { continue }
            value.targets.append(target)
            notes += found
        }
        return Loaded(path: path, value, diagnostics: notes)
    }

    private init(path: String, root: String, projectName: String, readFile: (@Sendable (String) -> [UInt8]?)?,
                 objects: [String: PlistValue]) {
        self.path = path
        self.root = root
        self.projectName = projectName
        self.readFile = readFile
        self.objects = objects
        for (id, object) in objects {
            for child in object["children"]?.arrayValue ?? [] {
                if let (childID, _) = child.stringValue, parents[childID] == nil { parents[childID] = id }
            }
            if object.isa == "PBXFileSystemSynchronizedRootGroup", object["exceptions"] != nil { synchronizedGroups.append(id) }
        }
        synchronizedGroups.sort()
    }

    // MARK: Targets

    /// The target `id` and the notes about it (paths found only without regard to letter case).
    private func target(_ id: String, project: PlistValue, paths: inout CaseInsensitivePaths?) -> (LoadedTarget, [Diagnostic])? {
        guard let object = objects[id], object.isa == "PBXNativeTarget",
              let (name, nameLocation) = object["name"]?.stringValue else { return nil }
        let productType = object["productType"]?.stringValue?.0 ?? ""
        let settings = BuildSettings(target: configurations(object["buildConfigurationList"]),
                                     project: configurations(project["buildConfigurationList"]))
        var target = LoadedTarget(name: name, productType: productType, declaredAt: nameLocation)
        var notes: [Diagnostic] = []
        target.platforms = platforms(settings, productType: productType)
        target.configurations = settings.target.map(\.name).sorted()
        if let (families, _) = settings.value("TARGETED_DEVICE_FAMILY") {
            target.deviceFamilies = Array(Set(families.split(whereSeparator: { $0 == "," || $0 == " " })
                .compactMap { Int(String($0).trimmingSpaces) })).sorted()
        }
        let productName = settings.value("PRODUCT_NAME").map { substitute($0.0, target: name, productName: name) } ?? name
        // Every configuration's Info.plist, each once with the configurations that use it.
        var plists: [ConfiguredInfoPlist] = []
        for setting in settings.values(ofSetting: "INFOPLIST_FILE") {
            let resolved = substitute(setting.value, target: name, productName: productName)
            guard !resolved.isEmpty, !resolved.contains("$") else { continue }
            let plist = existingPath(ProjectPaths.join(root, resolved), setting: "INFOPLIST_FILE", at: setting.location,
                                     paths: &paths, notes: &notes)
            if let k = plists.firstIndex(where: { $0.path == plist }) {
                plists[k].configurations.append(setting.configuration)
            } else {
                plists.append(ConfiguredInfoPlist(path: plist, configurations: [setting.configuration], declaredAt: setting.location))
            }
        }
        target.infoPlists = plists.map { ConfiguredInfoPlist(path: $0.path, configurations: $0.configurations.sorted(), declaredAt: $0.declaredAt) }
        target.infoPlistFile = target.infoPlists.first?.path
        // Every plain setting, with the ones Xcode sets itself: what `$(…)` in the target's Info.plist values stands
        // for, and in its bundle identifier (`com.example.$(PRODUCT_NAME:rfc1034identifier)`).
        var plain = BuildSettingExpansion.withDefaults(settings.plainValues(), targetName: name)
        for (key, value) in [("SRCROOT", "."), ("SOURCE_ROOT", "."), ("PROJECT_DIR", ".")] where plain[key] == nil { plain[key] = value }
        target.buildSettings = plain
        if let (identifier, _) = settings.value("PRODUCT_BUNDLE_IDENTIFIER") {
            let resolved = BuildSettingExpansion.expand(substitute(identifier, target: name, productName: productName), with: plain)?
                .trimmingSpaces ?? ""
            if !resolved.isEmpty, !resolved.contains("$") { target.bundleIdentifier = resolved }
        }
        target.entryPoints = settings.entryPoints()
        var files: [String] = []
        var folders: [TargetFolder] = []
        for phaseID in object["buildPhases"]?.arrayValue ?? [] {
            guard let (phaseID, _) = phaseID.stringValue, let phase = objects[phaseID],
                  phase.isa == "PBXResourcesBuildPhase" || phase.isa == "PBXSourcesBuildPhase" else { continue }
            for buildFileID in phase["files"]?.arrayValue ?? [] {
                guard let (buildFileID, _) = buildFileID.stringValue, let buildFile = objects[buildFileID],
                      let (refID, _) = buildFile["fileRef"]?.stringValue else { continue }
                collect(refID, files: &files, folders: &folders)
            }
        }
        // Xcode 16: a synchronized folder holds everything below it, less its exceptions for this target; the
        // exceptions for this target of a folder another target owns (or none) add those files to it (WWDC's
        // storyboards, home-assistant's notification extension).
        let owned = Set((object["fileSystemSynchronizedGroups"]?.arrayValue ?? []).compactMap { $0.stringValue?.0 })
        for groupID in object["fileSystemSynchronizedGroups"]?.arrayValue ?? [] {
            guard let (groupID, _) = groupID.stringValue, let folder = resolvedPath(groupID) else { continue }
            folders.append(TargetFolder(path: folder, excluded: exceptions(of: groupID, for: id, in: folder)))
        }
        for groupID in synchronizedGroups where !owned.contains(groupID) {
            guard let folder = resolvedPath(groupID) else { continue }
            let added = exceptions(of: groupID, for: id, in: folder)
            if !added.isEmpty { folders.append(TargetFolder(path: folder, only: added)) }
        }
        (target.linkedTargets, target.unscannedLinks) = links(object)
        var seen = Set<String>()
        target.files = files.filter { seen.insert($0).inserted }
        target.folders = folders
        return (target, notes)
    }

    /// `path` as Xcode on a Mac finds it: as written when it exists, else the one path that
    /// differs from it only in letter case, with a note saying so. When several do, or none, the path as written
    /// (which names no file sbmap reads), with a note for several. Without a disk to look at, as written.
    private func existingPath(_ path: String, setting: String, at location: SourceLocation, paths: inout CaseInsensitivePaths?,
                              notes: inout [Diagnostic]) -> String {
        guard let found = paths?.find(path) else { return path }
        switch found {
        case .exact, .missing:
            return path
        case .folded(let found):
            notes.append(Diagnostic(
                .info, .projectPathCase,
                "\(setting) names '\(path)', which exists only as '\(found)'; a Mac's disk ignores letter case, so Xcode builds with '\(found)', and sbmap reads it",
                at: location, about: "\(setting)=\(path)", hint: "write '\(found)' exactly: a case-sensitive disk (a Linux CI, a case-sensitive APFS volume) does not find it"))
            return found
        case .ambiguous(let found):
            notes.append(Diagnostic(
                .info, .projectPathCase,
                "\(setting) names '\(path)', which does not exist as written, and \(found.map { "'\($0)'" }.joined(separator: " and ")) differ from it only in letter case; sbmap does not guess which one Xcode would read",
                at: location, about: "\(setting)=\(path)", hint: "write the path exactly, and keep only one of those files"))
            return path
        }
    }

    /// The paths the exception sets of synchronized folder `groupID` name for target `targetID`, sorted. Xcode 16
    /// names a variant group `/Localized/Dir/Main.storyboard`; it becomes `Dir/*.lproj/Main.storyboard`, which
    /// matches each localization (`TargetFolder.matches`).
    private func exceptions(of groupID: String, for targetID: String, in folder: String) -> [String] {
        var paths: [String] = []
        for exceptionID in objects[groupID]?["exceptions"]?.arrayValue ?? [] {
            guard let (exceptionID, _) = exceptionID.stringValue, let exception = objects[exceptionID],
                  exception["target"]?.stringValue?.0 == targetID else { continue }
            for member in exception["membershipExceptions"]?.arrayValue ?? [] {
                guard var (relative, _) = member.stringValue else { continue }
                if relative.hasPrefix("/Localized/") {
                    let rest = relative.dropFirst("/Localized/".count)
                    let slash = rest.lastIndex(of: "/")
                    relative = slash.map { "\(rest[..<$0])/*.lproj/\(rest[rest.index(after: $0)...])" } ?? "*.lproj/\(rest)"
                }
                paths.append(ProjectPaths.join(folder, relative))
            }
        }
        return paths.sorted()
    }

    /// The files (or folder) a build file's reference stands for: a file, every localization of a variant group,
    /// every version of a Core Data model group, or a folder reference.
    private func collect(_ refID: String, files: inout [String], folders: inout [TargetFolder]) {
        guard let ref = objects[refID] else { return }
        switch ref.isa {
        case "PBXVariantGroup", "XCVersionGroup":
            for child in ref["children"]?.arrayValue ?? [] {
                if let (childID, _) = child.stringValue, let path = resolvedPath(childID) { files.append(path) }
            }
        case "PBXFileReference":
            guard let path = resolvedPath(refID) else { return }
            let type = ref["lastKnownFileType"]?.stringValue?.0 ?? ref["explicitFileType"]?.stringValue?.0 ?? ""
            if type == "folder" {
                folders.append(TargetFolder(path: path))
            } else {
                files.append(path)
            }
        case "PBXFileSystemSynchronizedRootGroup", "PBXGroup":
            if let path = resolvedPath(refID) { folders.append(TargetFolder(path: path)) }
        default:
            break
        }
    }

    /// An object's path from its `sourceTree`: `<group>` below its parent group's, `SOURCE_ROOT` below the project's
    /// folder, `<absolute>` as written; `nil` for build products and SDK files, which are not in the tree.
    private func resolvedPath(_ id: String, depth: Int = 0) -> String? {
        guard depth < 64, let object = objects[id] else { return nil }
        let own = object["path"]?.stringValue?.0
        switch object["sourceTree"]?.stringValue?.0 ?? "<group>" {
        case "<group>":
            let base = parents[id].flatMap { resolvedPath($0, depth: depth + 1) } ?? root
            return own.map { ProjectPaths.join(base, $0) } ?? base
        case "SOURCE_ROOT", "$(SRCROOT)", "$(SOURCE_ROOT)", "$(PROJECT_DIR)":
            return ProjectPaths.join(root, own ?? "")
        case "<absolute>":
            return own.map(ProjectPaths.normalize)
        default:
            return nil
        }
    }

    // MARK: Settings

    /// `buildSettings` of each configuration of a list, Release first (then by name): the configuration an app ships.
    private func configurations(_ list: PlistValue?) -> [(name: String, settings: PlistValue)] {
        guard let (listID, _) = list?.stringValue, let object = objects[listID] else { return [] }
        let all = (object["buildConfigurations"]?.arrayValue ?? []).compactMap { item -> (String, PlistValue)? in
            guard let (id, _) = item.stringValue, let configuration = objects[id],
                  let settings = configuration["buildSettings"] else { return nil }
            return (configuration["name"]?.stringValue?.0 ?? "", withBase(settings, of: configuration))
        }
        return all.sorted { a, b in
            a.0 == "Release" ? b.0 != "Release" : b.0 == "Release" ? false : a.0 < b.0
        }.map { (name: $0.0, settings: $0.1) }
    }

    /// A configuration's settings over those of its base `.xcconfig` (which they override), when it has one that
    /// can be read.
    private func withBase(_ settings: PlistValue, of configuration: PlistValue) -> PlistValue {
        guard let readFile, let base = baseConfigurationPath(configuration),
              case .dictionary(let own) = settings,
              case .dictionary(let inherited) = XcconfigReader(read: readFile).settings(at: base), !inherited.isEmpty else {
            return settings
        }
        let keys = Set(own.map { $0.key })
        return .dictionary(own + inherited.filter { !keys.contains($0.key) })
    }

    /// The `.xcconfig` a configuration is based on: `baseConfigurationReference` (a file reference), or Xcode 16's
    /// `baseConfigurationReferenceAnchor` (a synchronized folder) with `baseConfigurationReferenceRelativePath`.
    private func baseConfigurationPath(_ configuration: PlistValue) -> String? {
        if let (refID, _) = configuration["baseConfigurationReference"]?.stringValue { return resolvedPath(refID) }
        if let (anchorID, _) = configuration["baseConfigurationReferenceAnchor"]?.stringValue,
           let (relative, _) = configuration["baseConfigurationReferenceRelativePath"]?.stringValue,
           let folder = resolvedPath(anchorID) {
            return ProjectPaths.join(folder, relative)
        }
        return nil
    }

    private func platforms(_ settings: BuildSettings, productType: String) -> [Platform] {
        var found: Set<Platform> = []
        if let (supported, _) = settings.value("SUPPORTED_PLATFORMS") {
            for word in supported.split(separator: " ") { if let p = Platform(sdk: String(word)) { found.insert(p) } }
        }
        if found.isEmpty, let (sdk, _) = settings.value("SDKROOT"), let p = Platform(sdk: sdk) { found.insert(p) }
        if found.isEmpty {
            if productType.contains("watchapp") || productType.contains("watchkit") { found.insert(.watchOS) }
            if productType.contains("tv-app-extension") { found.insert(.tvOS) }
        }
        return found.sorted { $0.rawValue < $1.rawValue }
    }

    /// `$(SRCROOT)`, `$(PROJECT_DIR)`, `$(TARGET_NAME)`, `$(PRODUCT_NAME)` (and the `${…}` spelling) replaced;
    /// `$(inherited)` dropped; anything else left as written (the caller then leaves the value out).
    private func substitute(_ text: String, target: String, productName: String) -> String {
        var result = text
        for (name, value) in [("SRCROOT", "."), ("SOURCE_ROOT", "."), ("PROJECT_DIR", "."), ("TARGET_NAME", target),
                              ("PRODUCT_NAME", productName), ("inherited", "")] {
            result = result.replacingOccurrences(of: "$(\(name))", with: value)
                .replacingOccurrences(of: "${\(name)}", with: value)
        }
        return result.trimmingSpaces
    }
}

/// A target's build settings: its own configurations, falling back to the project's for keys it does not set.
struct BuildSettings {
    /// `INFOPLIST_KEY_` settings (after the prefix, before any `[condition]`) that name storyboards (Xcode 13+
    /// projects that generate their Info.plist), and the role each declares.
    static let roles: [String: EntryPoint.Role] = [
        "UIMainStoryboardFile": .main,
        "UIMainStoryboardFile~ipad": .mainPad,
        "NSMainStoryboardFile": .main,
        "UILaunchStoryboardName": .launch,
        "UILaunchStoryboardName~ipad": .launchPad,
    ]

    let target: [(name: String, settings: PlistValue)]
    let project: [(name: String, settings: PlistValue)]

    /// The value of `key` in the first configuration that sets it (Release first), the target's before the
    /// project's; a key set only for one SDK (`KEY[sdk=iphoneos*]`) counts when the plain key is not set.
    func value(_ key: String) -> (String, SourceLocation)? {
        for layer in [target, project] {
            for (_, settings) in layer {
                if let value = settings[key]?.stringValue ?? Self.joined(settings[key]) { return value }
            }
            for (_, settings) in layer {
                guard case .dictionary(let entries) = settings else { continue }
                if let entry = entries.first(where: { $0.key.hasPrefix(key + "[") }), let value = entry.value.stringValue {
                    return value
                }
            }
        }
        return nil
    }

    /// Every setting with a plain string value (no `[condition]`), as `value(_:)` gives it: the Release
    /// configuration's first, the target's over the project's.
    func plainValues() -> [String: String] {
        var result: [String: String] = [:]
        for layer in [target, project] {
            for (_, settings) in layer {
                guard case .dictionary(let entries) = settings else { continue }
                for (key, value) in entries where result[key] == nil && !key.contains("[") {
                    if let (text, _) = value.stringValue { result[key] = text }
                }
            }
        }
        return result
    }

    /// A list value (`SUPPORTED_PLATFORMS = (iphoneos, iphonesimulator)`) as one space-separated string.
    private static func joined(_ value: PlistValue?) -> (String, SourceLocation)? {
        guard case .array(let items)? = value else { return nil }
        let words = items.compactMap { $0.stringValue }
        guard let first = words.first else { return nil }
        return (words.map(\.0).joined(separator: " "), first.1)
    }

    /// Each configuration's value of `key` (the target's, else the project configuration's of the same name), and
    /// of each `key[condition]` it sets (`INFOPLIST_FILE[sdk=macosx*]`), as (configuration, value, where): a
    /// conditional value's configuration reads `Release (sdk=macosx*)`. Without target configurations, the
    /// project's.
    func values(ofSetting key: String) -> [ConfiguredValue] {
        var result: [ConfiguredValue] = []
        for (name, settings) in target.isEmpty ? project : target {
            var found = Self.configuredValues(ofSetting: key, in: settings, configuration: name)
            if found.isEmpty, !target.isEmpty, let inherited = project.first(where: { $0.name == name }) {
                found = Self.configuredValues(ofSetting: key, in: inherited.settings, configuration: name)
            }
            result += found
        }
        return result
    }

    /// One configuration's value of a setting: the configuration (with its condition), the value, where it is written.
    struct ConfiguredValue {
        var configuration: String
        var value: String
        var location: SourceLocation
    }

    private static func configuredValues(ofSetting key: String, in settings: PlistValue, configuration name: String) -> [ConfiguredValue] {
        var found: [ConfiguredValue] = []
        if let (value, location) = settings[key]?.stringValue {
            found.append(ConfiguredValue(configuration: name, value: value, location: location))
        }
        guard case .dictionary(let entries) = settings else { return found }
        for entry in entries where entry.key.hasPrefix(key + "[") {
            guard let (text, location) = entry.value.stringValue else { continue }
            let condition = entry.key.dropFirst(key.count).dropFirst().dropLast()
            found.append(ConfiguredValue(configuration: "\(name) (\(condition))", value: text, location: location))
        }
        return found
    }

    /// `INFOPLIST_KEY_*` settings naming storyboards, from every configuration of the target (each pair of key and
    /// name once, in file order, with the configurations that set it when not all of the layer's do), then the
    /// project's when the target sets none.
    func entryPoints() -> [EntryPointDeclaration] {
        for layer in [target, project] {
            var result: [EntryPointDeclaration] = []
            var seen: [[String]: Int] = [:]
            for (configuration, settings) in layer {
                guard case .dictionary(let entries) = settings else { continue }
                for (key, value) in entries where key.hasPrefix("INFOPLIST_KEY_") {
                    let setting = String(key.dropFirst("INFOPLIST_KEY_".count).prefix { $0 != "[" })
                    guard let role = Self.roles[setting], let (name, location) = value.stringValue,
                          !name.isEmpty, !name.contains("$(") else { continue }
                    if let k = seen[[setting, name]] {
                        if !result[k].configurations.contains(configuration) { result[k].configurations.append(configuration) }
                    } else {
                        seen[[setting, name]] = result.count
                        result.append(EntryPointDeclaration(role: role, key: key, storyboardName: name, location: location,
                                                            configurations: [configuration]))
                    }
                }
            }
            let names = Set(layer.map(\.name))
            for k in result.indices {
                // Set in every configuration: no configuration to name in a finding.
                result[k].configurations = Set(result[k].configurations) == names ? [] : result[k].configurations.sorted()
            }
            if !result.isEmpty { return result.sorted { $0.location < $1.location } }
        }
        return []
    }
}

extension PlistValue {
    /// An object's class (`isa`).
    var isa: String? { self["isa"]?.stringValue?.0 }
}

/// Paths as discovery spells them: relative to the run's folder, `/`-separated, no `.` or empty parts, `..` only
/// at the start.
enum ProjectPaths {
    static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        return normalize(base.isEmpty ? relative : base + "/" + relative)
    }

    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// The folder holding `path` (`""` for a name alone).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
