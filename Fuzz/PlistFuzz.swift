import SBMapModel
import SBMapParse

/// libFuzzer entry for the settings and project readers: Info.plist (XML through libxml2, binary and OpenStep
/// through Foundation's `PropertyListSerialization`), `project.pbxproj` (sbmap's OpenStep parser, or the XML plist
/// reader for projects saved as XML, then the target reader) and `Package.swift` (a token scan).
///
/// Every input goes through the Info.plist reader; the project readers also see it when the first byte is odd, so
/// plist seeds are not wasted on them but pbxproj seeds reach them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    FuzzContract.check(SettingsLoader().loadInfoPlist(bytes: bytes, path: "Info.plist"))
    if let first = bytes.first, first & 1 == 1 {
        let projects = ProjectFileLoader()
        // A broken project is a warning, not an error: the run goes on without its targets.
        checkProject(projects.loadProjectFile(bytes: Array(bytes), path: "App.xcodeproj/project.pbxproj"))
        checkProject(projects.loadPackageManifest(bytes: Array(bytes), path: "Kit/Package.swift"))
    }
    return 0
}

/// No value means at least one finding; every finding has a message; every target's paths are relative and clean.
private func checkProject(_ loaded: Loaded<LoadedBuildProject>) {
    if loaded.value == nil, loaded.diagnostics.isEmpty { fatalError("no project and no finding") }
    for diagnostic in loaded.diagnostics where diagnostic.message.isEmpty { fatalError("a finding without a message") }
    for target in loaded.value?.targets ?? [] {
        for path in target.files + target.folders.map(\.path) where path.contains("//") || path.hasPrefix("./") {
            fatalError("a path not spelled like discovery's: \(path)")
        }
    }
}
