import SBMapModel
import SBMapParse

/// libFuzzer entry for the settings readers: Info.plist (XML through libxml2, binary and OpenStep
/// through Foundation's `PropertyListSerialization`) and `project.pbxproj` build settings.
///
/// The first byte picks the reader, so one corpus exercises both; the rest of the input is the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let loader = SettingsLoader()
    // Every input goes through the Info.plist reader; the project-file scanner also sees it when the
    // first byte is odd, so plist seeds are not wasted on it but pbxproj seeds reach it.
    FuzzContract.check(loader.loadInfoPlist(bytes: bytes, path: "Info.plist"))
    if let first = bytes.first, first & 1 == 1 {
        FuzzContract.check(loader.loadProjectFile(bytes: bytes, path: "project.pbxproj"))
    }
    return 0
}
