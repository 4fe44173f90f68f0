import SBMapModel
import SBMapParse

/// libFuzzer entry for the code scanner (Swift and Objective-C lexers and readers).
///
/// Every input is scanned as both languages: the scanner must accept any bytes, in linear time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for language in CodeLanguage.allCases {
        let loaded = CodeScanner().scan(bytes: bytes, path: "Fuzz.src", language: language)
        // The scanner never refuses bytes it was given within its size limit.
        if loaded.value == nil { fatalError("the code scanner gave no value for \(size) bytes") }
        FuzzContract.check(loaded)
    }
    return 0
}
