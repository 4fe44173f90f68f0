import Foundation
import Testing

/// Runs the built `sbmap` binary the way a user or CI does, in a folder of its own.
struct SBMapRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: Data
}

enum Harness {
    /// The `sbmap` executable next to the test bundle (`swift build --build-tests` builds both).
    static var executable: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // macOS runs tests from inside an .xctest bundle; Linux from an executable in the products folder.
        while url.pathExtension == "xctest" || url.lastPathComponent == "Contents" || url.lastPathComponent == "MacOS" {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("sbmap")
    }

    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> SBMapRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while the process runs, so a large output cannot block it.
        let group = DispatchGroup()
        let box = ReadBox()
        group.enter()
        DispatchQueue.global().async {
            box.set(err: err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errData = box.err
        process.waitUntilExit()
        return SBMapRun(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                        stderr: String(decoding: errData, as: UTF8.self), stdoutBytes: outData)
    }

    /// The folder every test's folders are made in: one per test process, removed when the process exits, so that
    /// runs do not pile up folders in the temporary directory.
    static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sbmap-cli-tests-\(getpid())")
        try? FileManager.default.removeItem(at: url)  // left by an earlier process with the same id
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Harness.scratch) }
        return url
    }()

    /// A new, empty folder's URL (not yet made) in `scratch`.
    static func newFolder() -> URL {
        scratch.appendingPathComponent(UUID().uuidString)
    }

    /// A fresh folder holding the given files (relative path → contents).
    static func project(_ files: [String: String]) throws -> URL {
        let root = newFolder()
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }
}

private final class ReadBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(err: Data) { lock.withLock { data = err } }
    var err: Data { lock.withLock { data } }
}

/// Storyboards written the way Xcode writes them, cut down to what matters.
enum XML {
    static func storyboard(initial: String? = nil, platform: String = "iOS.CocoaTouch", _ scenes: String...) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="\(platform)" propertyAccessControl="none" useAutolayout="YES"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
            <scenes>
        \(scenes.joined(separator: "\n"))
            </scenes>
        </document>

        """
    }

    static func scene(_ id: String, element: String = "viewController", attributes: String = "", body: String = "") -> String {
        """
                <scene sceneID="s-\(id)">
                    <objects>
                        <\(element) id="\(id)" \(attributes) sceneMemberID="viewController">
        \(body)
                        </\(element)>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-\(id)" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
        """
    }

    static func reference(_ id: String, storyboard: String, identifier: String? = nil) -> String {
        """
                <scene sceneID="s-\(id)">
                    <objects>
                        <viewControllerPlaceholder storyboardName="\(storyboard)"\(identifier.map { " referencedIdentifier=\"\($0)\"" } ?? "") id="\(id)" sceneMemberID="viewController"/>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-\(id)" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
        """
    }

    static func segue(_ id: String, to destination: String, kind: String = "show", identifier: String? = nil) -> String {
        """
                            <connections>
                                <segue destination="\(destination)" kind="\(kind)"\(identifier.map { " identifier=\"\($0)\"" } ?? "") id="\(id)"/>
                            </connections>
        """
    }
}
