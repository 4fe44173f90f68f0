// SBMapBench: the in-process half of scripts/bench.sh (not installed, not tested; built in release by the script).
//
//   SBMapBench phases DIR [REPEAT]   discover, load (ProjectLoader, all cores), resolve, JSON encode: best of REPEAT
//   SBMapBench load DIR [REPEAT]     ProjectLoader alone, best of REPEAT (the script runs it under `taskset -c 0` too)
//   SBMapBench code DIR [REPEAT]     the code half on one thread: scan the sources (already in memory), then link
//                                    them against the storyboards of DIR, best of REPEAT each
//   SBMapBench parse DIR [REPEAT]    one thread: StoryboardLoader against Foundation's XMLParser(contentsOf:) on the
//                                    same storyboards, interleaved, best of REPEAT each
//   SBMapBench scaling CUTOFF        hostile inputs of doubling size, made in memory: an Info.plist of 20k
//                                    to 160k keys (XML and binary), Swift and Objective-C files of nested `#if`s and of
//                                    `#elseif` chains 10k to 80k deep; a series stops once one size took over CUTOFF s.
//                                    Prints a Markdown table: seconds, and the ratio to the size before (2 = linear)
//
// Each prints one line of `key=value` pairs (seconds, bytes), which the script turns into tables.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SBMapCLI
import SBMapDiscover
import SBMapModel
import SBMapParse
import SBMapResolve

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func best(_ repeats: Int, _ body: () -> Void) -> Double {
    (0..<max(1, repeats)).map { _ in seconds(body) }.min() ?? 0
}

func fmt(_ value: Double) -> String { String(format: "%.4f", value) }

/// Counts elements; the least a Foundation client can do.
final class CountingDelegate: NSObject, XMLParserDelegate {
    var elements = 0
    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements += 1
    }
}

/// `scaling`: each series doubles its input; a linear reader takes twice as long at each step, a quadratic one four.
func scaling(cutoff: Double) {
    print("| input | size | bytes | seconds | × previous |")
    print("|---|---:|---:|---:|---:|")
    func series(_ name: String, sizes: [Int], make: (Int) -> [UInt8], run: ([UInt8]) -> Void) {
        var previous: Double?
        for size in sizes {
            if let previous, previous > cutoff {
                print("| \(name) | \(size) | | not run (the size before took over \(Int(cutoff)) s) | |")
                continue
            }
            let input = make(size)
            let time = best(size <= sizes[1] ? 3 : 1) { run(input) }
            let ratio = previous.map { String(format: "%.2f", time / max($0, 1e-9)) } ?? ""
            print("| \(name) | \(size) | \(input.count) | \(String(format: "%.3f", time)) | \(ratio) |")
            previous = time
        }
    }
    let settings = SettingsLoader(limits: LoadLimits(maxFileBytes: 1 << 30))
    func xmlPlist(_ keys: Int) -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        for k in 0..<keys { text += "<key>Key\(k)</key><string>value \(k)</string>\n" }
        text += "<key>UIMainStoryboardFile</key><string>Main</string>\n</dict>\n</plist>\n"
        return Array(text.utf8)
    }
    let plistSizes = [20_000, 40_000, 80_000, 160_000]
    series("Info.plist (XML), keys", sizes: plistSizes, make: xmlPlist) { _ = settings.loadInfoPlist(bytes: $0, path: "Info.plist") }
    series("Info.plist (XML), array items", sizes: plistSizes, make: { items in
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>Items</key>\n<array>\n"
        for k in 0..<items { text += "<string>item \(k)</string>\n" }
        return Array((text + "</array>\n</dict>\n</plist>\n").utf8)
    }) { _ = settings.loadInfoPlist(bytes: $0, path: "Info.plist") }
    series("Info.plist (binary), keys", sizes: plistSizes, make: { keys in
        var plist: [String: Any] = ["UIMainStoryboardFile": "Main"]
        for k in 0..<keys { plist["Key\(k)"] = "value \(k)" }
        return [UInt8]((try? PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)) ?? Data())
    }) { _ = settings.loadInfoPlist(bytes: $0, path: "Info.plist") }
    let scanner = CodeScanner()
    let depths = [10_000, 20_000, 40_000, 80_000]
    for language in [CodeLanguage.swift, .objectiveC] {
        let swift = language == .swift
        series("\(swift ? "Swift" : "Objective-C"), nested #if depth", sizes: depths, make: { depth in
            var text = ""
            for k in 0..<depth { text += swift ? "#if os(iOS) || FLAG\(k)\n" : "#if TARGET_OS_IOS || FLAG\(k)\n" }
            text += swift ? "let s = UIStoryboard(name: \"Deep\", bundle: nil)\n" : "void f(void) { [UIStoryboard storyboardWithName:@\"Deep\" bundle:nil]; }\n"
            return Array((text + String(repeating: "#endif\n", count: depth)).utf8)
        }) { _ = scanner.scan(bytes: $0, path: swift ? "Deep.swift" : "Deep.m", language: language) }
    }
    series("Swift, #elseif branches", sizes: depths, make: { branches in
        var text = "#if os(iOS)\nlet a = UIStoryboard(name: \"A\", bundle: nil)\n"
        for k in 1..<branches { text += "#elseif FLAG\(k)\nlet a = \(k)\n" }
        return Array((text + "#else\nlet z = 0\n#endif\n").utf8)
    }) { _ = scanner.scan(bytes: $0, path: "Chain.swift", language: .swift) }
}

let arguments = CommandLine.arguments
if arguments.count >= 2, arguments[1] == "scaling" {
    scaling(cutoff: arguments.count > 2 ? Double(arguments[2]) ?? 30 : 30)
    exit(0)
}
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: SBMapBench phases|load|parse DIR [REPEAT]\n".utf8))
    exit(64)
}
let mode = arguments[1], folder = arguments[2]
let repeats = arguments.count > 3 ? Int(arguments[3]) ?? 3 : 3
let limits = LoadLimits(maxFileBytes: 1 << 30)

var discovered = Discovery(options: DiscoveryOptions(includeCode: false)).discover([folder])
let storyboards = discovered.files(of: .storyboard)
let bytes = storyboards.reduce(0) { total, file in
    total + ((try? FileManager.default.attributesOfItem(atPath: file.url)[.size] as? Int) ?? 0)
}
var line = "mode=\(mode) files=\(discovered.files.count) storyboards=\(storyboards.count) bytes=\(bytes)"

switch mode {
case "phases":
    let discover = best(repeats) {
        discovered = Discovery(options: DiscoveryOptions(includeCode: false)).discover([folder])
    }
    var project = LoadedProject()
    let load = best(repeats) { project = ProjectLoader(limits: limits).load(discovered.files) }
    var graph = StoryboardGraph(storyboards: [], nodes: [], edges: [], diagnostics: [])
    let resolve = best(repeats) { graph = Resolver().resolve(project) }
    var json: [UInt8] = []
    let encode = best(repeats) { json = (try? GraphJSON.encode(graph)) ?? [] }
    line += " discover=\(fmt(discover)) load=\(fmt(load)) resolve=\(fmt(resolve)) encode=\(fmt(encode))"
    line += " nodes=\(graph.nodes.count) edges=\(graph.edges.count) findings=\(graph.diagnostics.count) json_bytes=\(json.count)"
case "load":
    var scenes = 0
    let load = best(repeats) {
        let project = ProjectLoader(limits: limits).load(discovered.files)
        scenes = project.storyboards.reduce(0) { $0 + ($1.value?.scenes.count ?? 0) }
    }
    line += " load=\(fmt(load)) scenes=\(scenes)"
case "parse":
    let loader = StoryboardLoader(limits: limits)
    var sbmapTimes: [Double] = [], foundationTimes: [Double] = []
    var scenes = 0, elements = 0, failures = 0
    for _ in 0..<max(1, repeats) {
        sbmapTimes.append(seconds {
            scenes = 0
            for file in storyboards { scenes += loader.load(file).value?.scenes.count ?? 0 }
        })
        foundationTimes.append(seconds {
            elements = 0
            failures = 0
            for file in storyboards {
                guard let parser = XMLParser(contentsOf: URL(fileURLWithPath: file.url)) else { failures += 1; continue }
                let delegate = CountingDelegate()
                parser.delegate = delegate
                if !parser.parse() { failures += 1 }
                elements += delegate.elements
            }
        })
    }
    line += " sbmap=\(fmt(sbmapTimes.min() ?? 0)) foundation=\(fmt(foundationTimes.min() ?? 0))"
    line += " scenes=\(scenes) elements=\(elements) foundation_failures=\(failures)"
case "code":
    let sources = Discovery(options: DiscoveryOptions(includeCode: true)).discover([folder]).files
        .filter { $0.kind == .swift || $0.kind == .objectiveC }
    let texts = sources.map { (file: $0, bytes: [UInt8](FileManager.default.contents(atPath: $0.url) ?? Data())) }
    let scanner = CodeScanner()
    var code: [Loaded<LoadedCodeFile>] = []
    let scan = best(repeats) {
        code = texts.map { scanner.scan(bytes: $0.bytes, path: $0.file.path, language: $0.file.kind == .swift ? .swift : .objectiveC) }
    }
    let graph = Resolver().resolve(ProjectLoader(limits: limits).load(storyboards))
    var linked = graph
    let link = best(repeats) { linked = CodeLinker().link(graph, code: code) }
    let sourceBytes = texts.reduce(0) { $0 + $1.bytes.count }
    line += " sources=\(sources.count) source_bytes=\(sourceBytes) scan=\(fmt(scan)) link=\(fmt(link))"
    line += " code_edges=\(linked.edges.count - graph.edges.count) findings=\(linked.diagnostics.count)"
default:
    FileHandle.standardError.write(Data("SBMapBench: unknown mode '\(mode)'\n".utf8))
    exit(64)
}
print(line)
