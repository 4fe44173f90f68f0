import Foundation
import Testing
import SBMapModel
import SBMapParse

/// Runs only when `SBMAP_CODE_BENCH_DIR` names a folder (see `scripts/bench-code-scan.sh`): scans every `.swift`,
/// `.m` and `.mm` file below it and prints files/s and MB/s.
@Test(.enabled(if: ProcessInfo.processInfo.environment["SBMAP_CODE_BENCH_DIR"] != nil))
func CodeScanBenchmark() throws {
    let root = ProcessInfo.processInfo.environment["SBMAP_CODE_BENCH_DIR"]!
    var inputs: [InputFile] = []
    let walker = FileManager.default.enumerator(atPath: root)
    while let rel = walker?.nextObject() as? String {
        guard let language = CodeScanner.language(ofPath: rel), !rel.hasSuffix(".h") else { continue }
        inputs.append(InputFile(kind: language == .swift ? .swift : .objectiveC, url: root + "/" + rel, path: rel))
    }
    inputs.sort()
    // Read first, so the figures are about scanning rather than the disk.
    let contents = inputs.map { [UInt8](FileManager.default.contents(atPath: $0.url) ?? Data()) }
    let bytes = contents.reduce(0) { $0 + $1.count }
    let scanner = CodeScanner()
    let start = Date()
    var facts = 0
    for (file, data) in zip(inputs, contents) {
        let loaded = scanner.scan(bytes: data, path: file.path, language: file.kind == .swift ? .swift : .objectiveC)
        facts += (loaded.value?.instantiations.count ?? 0) + (loaded.value?.performs.count ?? 0)
    }
    let seconds = Date().timeIntervalSince(start)
    let mb = Double(bytes) / 1_048_576
    print(String(format: "code-scan: %d files, %.1f MB, %d uses in %.2f s (one thread): %.0f files/s, %.1f MB/s",
                 inputs.count, mb, facts, seconds, Double(inputs.count) / seconds, mb / seconds))
    #expect(facts > 0)
}
