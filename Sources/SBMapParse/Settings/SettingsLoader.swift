import Foundation
import SBMapModel

/// Reads the files that name storyboards as app entry points: Info.plists, XML or binary (format doc §6).
/// (`INFOPLIST_KEY_*` build settings belong to targets: `ProjectFileLoader` reads them.)
///
/// Like `StoryboardLoader`, it never throws: a file that cannot be read gives `value == nil` and an error.
public struct SettingsLoader: Hashable, Sendable {
    public var limits: LoadLimits

    public init(limits: LoadLimits = LoadLimits()) {
        self.limits = limits
    }

    /// Loads an Info.plist (`.infoPlist`); other kinds give `nil`.
    public func load(_ file: InputFile) -> Loaded<LoadedSettings>? {
        guard file.kind == .infoPlist else { return nil }
        switch ByteSource.readWholeFile(at: file.url, limits: limits) {
        case .failure(let failure):
            return Loaded(path: file.path, nil,
                          diagnostics: [LoadDiagnostics.readProblem(failure.problem, path: file.path, limits: limits)])
        case .success(let bytes):
            return loadInfoPlist(bytes: bytes, path: file.path)
        }
    }

    /// Reads an Info.plist from memory: XML (`<?xml …><plist>`), binary (`bplist00`) or OpenStep (`{ … }`).
    public func loadInfoPlist(bytes: some Collection<UInt8>, path: String) -> Loaded<LoadedSettings> {
        let data = Data(bytes)
        if data.count > limits.maxFileBytes {
            return Loaded(path: path, nil,
                          diagnostics: [LoadDiagnostics.readProblem(.tooLarge(data.count), path: path, limits: limits)])
        }
        if data.withUnsafeBytes({ LFSPointer.matches($0, fileSize: $0.count) }) {
            return Loaded(path: path, nil, diagnostics: [LFSPointer.finding(path: path, what: "Info.plist")], unread: .lfsPointer)
        }
        let root: PlistValue
        var diagnostics: [Diagnostic] = []
        if data.starts(with: Array("bplist".utf8)) || data.first(where: { !Self.isBlank($0) }) == UInt8(ascii: "{") {
            do {
                let value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                root = PlistValue(foundation: value, path: path)
            } catch {
                return Loaded(path: path, nil, diagnostics: [Diagnostic(
                    .error, .malformedPlist, "the property list cannot be read: it is damaged or not a property list",
                    at: SourceLocation(path: path),
                    hint: "check it with `plutil -lint`, or restore it from version control")])
            }
        } else {
            let reader = XMLPlistReader(path: path)
            let session = SAXSession(delegate: reader, doctypePolicy: .externalIdentifierOnly, wantsText: true)
            _ = data.withUnsafeBytes { ByteSource.readMemory($0, limits: limits) { session.feed($0) } }
            let outcome = session.finish()
            diagnostics = LoadDiagnostics.outcome(outcome, path: path, malformedCode: .malformedPlist, what: "property list")
            if diagnostics.contains(where: { $0.severity == .error }) {
                return Loaded(path: path, nil, diagnostics: diagnostics)
            }
            if let foreign = reader.foreignRoot {
                diagnostics.append(Diagnostic(
                    .error, .malformedPlist, "the file is XML but its root element is <\(foreign.name)>, not <plist>",
                    at: SourceLocation(path: path, line: foreign.line, column: foreign.column),
                    hint: "leave it out of the inputs, or check where it came from"))
                return Loaded(path: path, nil, diagnostics: diagnostics)
            }
            guard let value = reader.root else {
                diagnostics.append(Diagnostic(
                    .error, .malformedPlist,
                    outcome.bytesRead == 0 ? "the property list is empty" : "the property list holds no value",
                    at: SourceLocation(path: path),
                    hint: "restore the file from version control, or remove it"))
                return Loaded(path: path, nil, diagnostics: diagnostics)
            }
            root = value
        }
        guard case .dictionary = root else {
            diagnostics.append(Diagnostic(.error, .malformedPlist, "the property list's top level is not a dictionary, as an Info.plist's must be",
                                          at: SourceLocation(path: path), hint: "check that this is really an Info.plist"))
            return Loaded(path: path, nil, diagnostics: diagnostics)
        }
        return Loaded(path: path, InfoPlistKeys.settings(from: root, path: path), diagnostics: diagnostics)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }
}

/// The Info.plist keys that name storyboards (format doc §6).
enum InfoPlistKeys {
    /// Top-level keys whose string value is a storyboard name.
    static let direct: [(key: String, role: EntryPoint.Role)] = [
        ("UIMainStoryboardFile", .main),
        ("UIMainStoryboardFile~ipad", .mainPad),
        ("NSMainStoryboardFile", .main),
        ("UILaunchStoryboardName", .launch),
        ("UILaunchStoryboardName~ipad", .launchPad),
    ]

    static func settings(from root: PlistValue, path: String) -> LoadedSettings {
        var declarations: [EntryPointDeclaration] = []
        func add(_ role: EntryPoint.Role, _ key: String, _ value: PlistValue?) {
            guard let (name, location) = value?.stringValue, !name.isEmpty else { return }
            declarations.append(EntryPointDeclaration(role: role, key: key, storyboardName: name, location: location))
        }
        for (key, role) in direct { add(role, key, root[key]) }
        // UIApplicationSceneManifest → UISceneConfigurations → <session role> → [ { UISceneStoryboardFile } ]
        if case .dictionary(let roles)? = root["UIApplicationSceneManifest"]?["UISceneConfigurations"] {
            for (_, configurations) in roles {
                for configuration in configurations.arrayValue {
                    add(.scene, "UISceneStoryboardFile", configuration["UISceneStoryboardFile"])
                }
            }
        }
        // UILaunchStoryboards → UILaunchStoryboardDefinitions → [ { UILaunchStoryboardFile } ]
        for definition in root["UILaunchStoryboards"]?["UILaunchStoryboardDefinitions"]?.arrayValue ?? [] {
            add(.launch, "UILaunchStoryboardFile", definition["UILaunchStoryboardFile"])
        }
        add(.extension, "NSExtensionMainStoryboard", root["NSExtension"]?["NSExtensionMainStoryboard"])

        // Only a literal identifier helps; `$(PRODUCT_BUNDLE_IDENTIFIER)` is resolved by the build, not here.
        var bundleIdentifier: String?
        if let (identifier, _) = root["CFBundleIdentifier"]?.stringValue, !identifier.isEmpty, !identifier.contains("$(") {
            bundleIdentifier = identifier
        }
        // Document order for XML plists; binary plists (every line 0) keep the order above.
        declarations = declarations.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        return LoadedSettings(path: path, entryPoints: declarations, bundleIdentifier: bundleIdentifier)
    }
}
