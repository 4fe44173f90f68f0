import SBMapModel
import SBMapParse

/// libFuzzer entry for the storyboard loader (libxml2 SAX push parser + `StoryboardReader`).
///
/// Besides "does not crash" (AddressSanitizer catches memory errors, Swift traps catch overflow and
/// out-of-bounds), it checks the loader's contract, so a silent wrong answer also counts as a crash:
/// a file that gives no storyboard says why with at least one error, and every finding has text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoryboard(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let loaded = StoryboardLoader().load(bytes: bytes, path: "Fuzz.storyboard")
    FuzzContract.check(loaded)
    return 0
}
