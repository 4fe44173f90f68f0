import Foundation
import SBMapModel
import Testing
@testable import SBMapParse

/// The merge-conflict scan runs over every byte of every file, chunk by chunk; it jumps from one `<` to the
/// next, and carries a run of `<` from one chunk into the next. These pin where a marker sits against the
/// chunk boundary, which the fixtures of other tests never do.
@Suite("Storyboard: conflict markers against chunk boundaries")
struct ConflictMarkerScanTests {
    /// A storyboard whose conflict marker (`run` times `<`, on its own line) starts `offset` bytes into the file.
    private func storyboard(markerAt offset: Int, run: Int = 7) -> [UInt8] {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" targetRuntime=\"iOS.CocoaTouch\">\n    <scenes>\n<!--"
        let close = "-->\n"
        let padding = offset - head.utf8.count - close.utf8.count
        precondition(padding >= 0)
        let text = head + String(repeating: "x", count: padding) + close
            + String(repeating: "<", count: run) + " HEAD\n=======\n>>>>>>> feature\n"
            + "        <scene sceneID=\"s1\"><objects><viewController id=\"a\" sceneMemberID=\"viewController\"/></objects></scene>\n    </scenes>\n</document>\n"
        return Array(text.utf8)
    }

    @Test func aMarkerIsNamedWhereverItMeetsTheChunkBoundary() {
        let boundary = ByteSource.chunkSize
        for offset in (boundary - 8)...(boundary + 1) {
            let loaded = StoryboardLoader().load(bytes: storyboard(markerAt: offset), path: "Merged.storyboard")
            #expect(loaded.value == nil)
            #expect(loaded.diagnostics.first?.message.contains("merge-conflict") == true,
                    "marker at \(offset - boundary) from the boundary: \(loaded.diagnostics.map(\.message))")
        }
    }

    @Test func sixAngleBracketsAreNotAMarker() {
        let boundary = ByteSource.chunkSize
        for offset in [400, boundary - 3] {
            let loaded = StoryboardLoader().load(bytes: storyboard(markerAt: offset, run: 6), path: "Broken.storyboard")
            #expect(loaded.codes == ["malformed-xml"])
            #expect(loaded.diagnostics.first?.message.contains("merge-conflict") == false)
        }
    }
}
