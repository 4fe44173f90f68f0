import Foundation
import SBMapModel
import Testing
@testable import SBMapParse

/// A minimal valid storyboard, for tests that corrupt or wrap it.
let minimalStoryboard = """
<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="a">
    <scenes>
        <!--Café-->
        <scene sceneID="s1">
            <objects>
                <viewController title="Café" id="a" sceneMemberID="viewController"/>
            </objects>
        </scene>
    </scenes>
</document>

"""

private func load(_ text: String, path: String = "Bad.storyboard") -> Loaded<LoadedStoryboard> {
    StoryboardLoader().load(bytes: Array(text.utf8), path: path)
}

@Suite("Storyboard: hostile input")
struct StoryboardHostileInputTests {
    @Test func billionLaughsIsRefusedWithoutExpansion() throws {
        var lol = "<?xml version=\"1.0\"?>\n<!DOCTYPE document [\n  <!ENTITY lol \"lol\">\n"
        lol += "  <!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
        for level in 2...9 {
            let previous = "&lol\(level - 1);"
            lol += "  <!ENTITY lol\(level) \"\(String(repeating: previous, count: 10))\">\n"
        }
        lol += "]>\n<document><scenes><scene><objects><viewController id=\"&lol9;\" title=\"&lol9;\" sceneMemberID=\"viewController\"/></objects></scene></scenes></document>\n"
        let start = Date()
        let loaded = load(lol)
        #expect(Date().timeIntervalSince(start) < 20)  // bounded, not timed: an expansion would take minutes
        #expect(loaded.value == nil)
        #expect(loaded.codes == ["forbidden-dtd"])
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location?.line == 2)
        #expect(!diagnostic.message.contains("lol"))
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let xxe = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE document [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"><scenes><scene sceneID="s">
        <objects><viewController id="a" title="&x;" sceneMemberID="viewController"/></objects></scene></scenes></document>
        """
        let loaded = load(xxe)
        #expect(loaded.value == nil)
        #expect(loaded.codes == ["forbidden-dtd"])
        let text = loaded.diagnostics.map { "\($0.message) \($0.hint ?? "")" }.joined()
        #expect(!text.contains("root:"))
        #expect(!text.contains("/etc/passwd"))
        #expect(loaded.diagnostics.first?.location?.line == 2)
    }

    @Test func anyDoctypeIsRefused() {
        let loaded = load("<?xml version=\"1.0\"?>\n<!DOCTYPE document SYSTEM \"http://example.com/evil.dtd\">\n" + "<document><scenes/></document>")
        #expect(loaded.codes == ["forbidden-dtd"])
    }

    @Test func undeclaredEntityIsMalformed() {
        let loaded = load(minimalStoryboard.replacingOccurrences(of: "title=\"Café\"", with: "title=\"&x;\""))
        #expect(loaded.value == nil)
        #expect(loaded.codes == ["malformed-xml"])
        #expect(loaded.diagnostics.first?.location?.line == 7)
    }

    @Test func deepNestingGivesACleanError() throws {
        let depth = 100_000
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document><scenes><scene><objects>"
        xml += String(repeating: "<view>", count: depth)
        xml += String(repeating: "</view>", count: depth)
        xml += "</objects></scene></scenes></document>\n"
        let loaded = load(xml)
        #expect(loaded.value == nil)
        #expect(loaded.codes == ["malformed-xml"])
        let message = try #require(loaded.diagnostics.first?.message)
        #expect(message.contains("depth"))
        #expect(loaded.diagnostics.first?.location?.line == 2)
    }

    @Test func libxml2NeverWritesToStandardError() throws {
        // Redirect fd 2 to a file while parsing documents that make libxml2 complain, then look at it.
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let capture = directory.appendingPathComponent("stderr.txt").path
        fflush(nil)
        let saved = dup(2)
        let file = open(capture, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(file >= 0)
        dup2(file, 2)
        _ = load("<document><scenes><scene></document>")
        _ = load("<document xmlns:a='relative'><a:x/><b:y/><scenes/></document>")
        _ = load("<?xml version=\"1.0\" encoding=\"bogus-encoding\"?><document/>")
        _ = load(minimalStoryboard.replacingOccurrences(of: "Café", with: "Caf\u{FFFD}") + "<<<<<<< HEAD")
        _ = StoryboardLoader().load(bytes: [0x3C, 0x64, 0xE9, 0xFF, 0x3E], path: "x")
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        close(file)
        let written = try String(contentsOfFile: capture, encoding: .utf8)
        #expect(!written.contains("parser error"), "libxml2 printed: \(written)")
        #expect(!written.contains("namespace"), "libxml2 printed: \(written)")
        #expect(!written.contains("encoding"), "libxml2 printed: \(written)")
    }
}

@Suite("Storyboard: broken and foreign input")
struct StoryboardBrokenInputTests {
    @Test func theMinimalStoryboardLoads() throws {
        let storyboard = try #require(load(minimalStoryboard).value)
        #expect(storyboard.scenes.first?.title == "Café")
        #expect(storyboard.scenes.first?.comment == "Café")
    }

    @Test func truncatedFile() throws {
        let cut = String(minimalStoryboard.prefix(minimalStoryboard.count - 40))
        let loaded = load(cut)
        #expect(loaded.value == nil)
        #expect(loaded.codes == ["malformed-xml"])
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.hasPrefix("the storyboard is not well-formed XML: "))
        #expect(!diagnostic.message.hasSuffix("\n"))
        #expect(diagnostic.hint != nil)
    }

    @Test func mismatchedTagIsReportedAtItsLine() throws {
        let broken = minimalStoryboard.replacingOccurrences(of: "</objects>", with: "</object>")
        let loaded = load(broken)
        #expect(loaded.codes == ["malformed-xml"])
        #expect(loaded.diagnostics.first?.location?.line == 8)
        #expect((loaded.diagnostics.first?.location?.column ?? 0) > 0)
    }

    @Test func mergeConflictMarkersAreNamed() throws {
        var lines = minimalStoryboard.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(contentsOf: ["<<<<<<< HEAD", "        <!--Mine-->", "=======", "        <!--Theirs-->", ">>>>>>> feature"], at: 3)
        let loaded = load(lines.joined(separator: "\n"))
        #expect(loaded.value == nil)
        #expect(loaded.codes == ["malformed-xml"])
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.message.contains("merge-conflict"))
        #expect(diagnostic.location?.line == 4)
        #expect(diagnostic.hint?.contains("merge") == true)
    }

    @Test func emptyAndBlankFiles() {
        let empty = load("")
        #expect(empty.value == nil)
        #expect(empty.codes == ["not-a-storyboard"])
        #expect(empty.diagnostics.first?.message.contains("empty") == true)
        let blank = load("  \n\n  ")
        #expect(blank.value == nil)
        #expect(blank.codes == ["not-a-storyboard"], "\(blank.diagnostics)")
    }

    @Test func binaryFileRenamed() {
        var bytes: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]  // a zip header
        bytes += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let loaded = StoryboardLoader().load(bytes: bytes, path: "Archive.storyboard")
        #expect(loaded.value == nil)
        #expect(loaded.codes == ["not-a-storyboard"])
        #expect(loaded.diagnostics.first?.message.contains("binary") == true)
    }

    @Test func latin1BytesInAUTF8File() throws {
        var bytes = Array(minimalStoryboard.utf8)
        // Replace the UTF-8 "é" (C3 A9) of the title with Latin-1 E9.
        let title = Array("title=\"Caf".utf8)
        let at = try #require((0..<bytes.count).first { Array(bytes[$0..<min(bytes.count, $0 + title.count)]) == title })
        bytes.replaceSubrange((at + title.count)..<(at + title.count + 2), with: [0xE9])
        let loaded = StoryboardLoader().load(bytes: bytes, path: "Latin1.storyboard")
        #expect(loaded.value == nil)
        #expect(loaded.codes == ["encoding"])
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location?.line == 7)
        #expect(diagnostic.message.contains("UTF-8"))
    }

    @Test(arguments: [true, false])
    func utf16WithBOMParsesWithAWarning(littleEndian: Bool) throws {
        let text = minimalStoryboard.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in text.utf16 {
            let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bytes += littleEndian ? pair : pair.reversed()
        }
        let loaded = StoryboardLoader().load(bytes: bytes, path: "Wide.storyboard")
        let storyboard = try #require(loaded.value)
        #expect(storyboard.scenes.first?.title == "Café")
        #expect(loaded.codes == ["encoding"])
        #expect(loaded.diagnostics.first?.severity == .warning)
        #expect(loaded.diagnostics.first?.message.contains("UTF-8") == true)
    }

    @Test func wellFormedXMLThatIsNotAStoryboard() throws {
        let plist = load("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n", path: "Info.storyboard")
        #expect(plist.value == nil)
        #expect(plist.codes == ["not-a-storyboard"])
        #expect(plist.diagnostics.first?.message.contains("<plist>") == true)
        #expect(plist.diagnostics.first?.location?.line == 2)

        let xib = load("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects/></document>
        """, path: "Cell.storyboard")
        #expect(xib.value == nil)
        #expect(xib.codes == ["not-a-storyboard"])
        #expect(xib.diagnostics.first?.message.contains("XIB") == true)
    }

    @Test func fileTooLargeIsRefusedBeforeReading() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Big.storyboard")
        try Data(minimalStoryboard.utf8).write(to: url)
        let small = StoryboardLoader(limits: LoadLimits(maxFileBytes: 100))
        let loaded = small.load(InputFile(kind: .storyboard, url: url.path, path: "Big.storyboard"))
        #expect(loaded.value == nil)
        #expect(loaded.codes == ["file-too-large"])
        #expect(loaded.diagnostics.first?.hint?.contains("--max-file-size") == true)
        // Raising the limit lets it through.
        #expect(StoryboardLoader(limits: LoadLimits(maxFileBytes: 1 << 20)).load(InputFile(kind: .storyboard, url: url.path, path: "Big.storyboard")).value != nil)
        #expect(LoadLimits().maxFileBytes == 64 * 1024 * 1024)
        #expect(small.load(bytes: Array(minimalStoryboard.utf8), path: "Big.storyboard").codes == ["file-too-large"])
    }

    @Test func unreadableFiles() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let loader = StoryboardLoader()
        let missing = loader.load(InputFile(kind: .storyboard, url: directory.appendingPathComponent("Gone.storyboard").path, path: "Gone.storyboard"))
        #expect(missing.value == nil)
        #expect(missing.codes == ["unreadable-file"])
        #expect(missing.diagnostics.first?.message.contains("No such file") == true)

        let folder = loader.load(InputFile(kind: .storyboard, url: directory.path, path: "Folder.storyboard"))
        #expect(folder.codes == ["unreadable-file"])
        #expect(folder.diagnostics.first?.message.contains("directory") == true)

        let locked = directory.appendingPathComponent("Locked.storyboard")
        try Data(minimalStoryboard.utf8).write(to: locked)
        chmod(locked.path, 0)
        defer { chmod(locked.path, 0o600) }
        if getuid() != 0 {  // root reads anything
            let denied = loader.load(InputFile(kind: .storyboard, url: locked.path, path: "Locked.storyboard"))
            #expect(denied.codes == ["unreadable-file"])
            #expect(denied.diagnostics.first?.message.contains("Permission denied") == true)
        }
    }

    @Test func largeFileStreamsAcrossChunks() throws {
        // About 3 MB: many chunks, with segues and scenes straddling chunk boundaries.
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" targetRuntime=\"iOS.CocoaTouch\">\n<scenes>\n"
        let count = 5_000
        for index in 0..<count {
            xml += """
            <!--Scene \(index)-->
            <scene sceneID="s\(index)"><objects><viewController id="vc\(index)" sceneMemberID="viewController"><view key="view" id="v\(index)"><subviews>
            \(String(repeating: "<label text=\"padding padding padding padding padding padding\" id=\"l\(index)\"/>\n", count: 8))
            <button id="b\(index)"><connections><segue destination="vc\((index + 1) % count)" kind="show" id="g\(index)"/></connections></button>
            </subviews></view></viewController></objects></scene>

            """
        }
        xml += "</scenes>\n</document>\n"
        let bytes = Array(xml.utf8)
        #expect(bytes.count > 2_000_000)
        let storyboard = try #require(StoryboardLoader().load(bytes: bytes, path: "Big.storyboard").value)
        #expect(storyboard.scenes.count == count)
        #expect(storyboard.scenes.allSatisfy { $0.segues.count == 1 })
        #expect(storyboard.scenes.last?.segues.first?.destination == "vc0")
        #expect(storyboard.scenes.last?.comment == "Scene \(count - 1)")
        #expect(storyboard.scenes[4321].segues.first?.trigger == Trigger(element: "button", objectID: "b4321"))
    }
}
