import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A headless Chromium driven through the DevTools protocol over `--remote-debugging-pipe` (no port, no network):
/// the browser reads commands from fd 3 and writes replies and events to fd 4, each a JSON object ended by NUL.
///
/// Enough of the protocol for the site tests: open a page, evaluate script, click and type as a user does, and
/// record what the page did: console messages, exceptions, log entries (CSP violations land there), requests.
final class Chromium: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What a page did, from the browser's events.
    struct Event {
        var method: String
        var params: [String: Any]
        var session: String?
    }

    /// The browser to use: `$SBMAP_CHROMIUM`, else the first of `chromium`, `chromium-browser`, `google-chrome`,
    /// `google-chrome-stable` on `PATH`; `nil` when there is none.
    static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let chosen = environment["SBMAP_CHROMIUM"], !chosen.isEmpty {
            return FileManager.default.isExecutableFile(atPath: chosen) ? chosen : nil
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        return nil
    }()

    static let missing = "headless Chromium not found (install Debian's 'chromium': scripts/bootstrap.sh does; or set SBMAP_CHROMIUM): the browser tests of the site are skipped"

    private let pid: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: URL
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var replies: [Int: [String: Any]] = [:]
    private var events: [Event] = []
    private var closed = false
    private var nextID = 0
    /// Signalled when the reader thread has seen the end of the browser's output.
    private let readerDone = DispatchSemaphore(value: 0)

    init(width: Int = 1280, height: Int = 900) throws {
        guard let executable = Self.executable else { throw Failure(description: Self.missing) }
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("sbmap-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var commands: [Int32] = [0, 0], replies: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&replies) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        // High, close-on-exec copies: only the dup2 to 3 and 4 below reach the browser.
        func high(_ fd: Int32) -> Int32 {
            let copy = fcntl(fd, F_DUPFD_CLOEXEC, 20)
            Foundation.close(fd)
            return copy
        }
        let childReads = high(commands[0]), parentWrites = high(commands[1])
        let parentReads = high(replies[0]), childWrites = high(replies[1])

        var arguments = [
            executable, "--headless", "--disable-gpu", "--remote-debugging-pipe", "--user-data-dir=" + profile.path,
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-sync", "--disable-component-update", "--disable-default-apps", "--mute-audio",
            "--disable-dev-shm-usage",  // containers give /dev/shm 64 MB
            "--hide-scrollbars", "--window-size=\(width),\(height)", "about:blank",
        ]
        if getuid() == 0 { arguments.insert("--no-sandbox", at: 1) }  // Chromium's sandbox refuses to run as root

        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childReads, 3)
        posix_spawn_file_actions_adddup2(&actions, childWrites, 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, nil, argv, environ)
        Foundation.close(childReads)
        Foundation.close(childWrites)
        guard rc == 0 else {
            Foundation.close(parentWrites)
            Foundation.close(parentReads)
            throw Failure(description: "could not start \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
        toBrowser = parentWrites
        fromBrowser = parentReads
        // The thread holds the object until the browser's output ends (it exits, or `close` ends it).
        let thread = Thread { self.readLoop() }
        thread.name = "chromium-reader"
        thread.start()
    }

    deinit {
        close()
    }

    /// Ends the browser: asks politely, then kills it, and removes its profile.
    func close() {
        condition.lock()
        let wasClosed = closed
        closed = true
        condition.unlock()
        guard !wasClosed else { return }
        _ = try? sendRaw(["id": 999_999_999, "method": "Browser.close"])
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(20_000)
        }
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        // The browser is gone: its end of the pipe is closed, so the reader sees the end and stops before the
        // descriptor is closed (and its number reused).
        _ = readerDone.wait(timeout: .now() + 10)
        Foundation.close(toBrowser)
        Foundation.close(fromBrowser)
        try? FileManager.default.removeItem(at: profile)
    }

    // MARK: The protocol

    /// Sends a command and waits for its reply (`result`), or throws the protocol's error.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil,
              timeout: TimeInterval = 30) throws -> [String: Any] {
        condition.lock()
        nextID += 1
        let id = nextID
        condition.unlock()
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        try sendRaw(message)
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while replies[id] == nil {
            if closed { throw Failure(description: "the browser closed while waiting for \(method)") }
            if !condition.wait(until: deadline) { throw Failure(description: "no reply to \(method) in \(Int(timeout)) s") }
        }
        let reply = replies.removeValue(forKey: id)!
        if let error = reply["error"] as? [String: Any] {
            throw Failure(description: "\(method): \(error["message"] ?? error)")
        }
        return reply["result"] as? [String: Any] ?? [:]
    }

    private func sendRaw(_ message: [String: Any]) throws {
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let n = write(toBrowser, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw Failure(description: "write to the browser: \(String(cString: strerror(errno)))")
                }
                offset += n
            }
        }
    }

    private func readLoop() {
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            pending += buffer[0..<n]
            while let end = pending.firstIndex(of: 0) {
                let chunk = Data(pending[..<end])
                pending.removeSubrange(...end)
                guard let object = try? JSONSerialization.jsonObject(with: chunk) as? [String: Any] else { continue }
                condition.lock()
                if let id = object["id"] as? Int {
                    replies[id] = object
                } else if let method = object["method"] as? String {
                    events.append(Event(method: method, params: object["params"] as? [String: Any] ?? [:],
                                        session: object["sessionId"] as? String))
                }
                condition.broadcast()
                condition.unlock()
            }
        }
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        readerDone.signal()
    }

    /// Every event so far.
    func allEvents() -> [Event] {
        condition.lock()
        defer { condition.unlock() }
        return events
    }

    /// Waits for an event that satisfies `match`, among those after the first `after` events.
    @discardableResult
    func waitForEvent(after: Int = 0, timeout: TimeInterval = 30, _ what: String,
                      _ match: (Event) -> Bool) throws -> Event {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = events.dropFirst(after).first(where: match) { return found }
            if closed { throw Failure(description: "the browser closed while waiting for \(what)") }
            if !condition.wait(until: deadline) { throw Failure(description: "waited \(Int(timeout)) s for \(what)") }
        }
    }

    var eventCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return events.count
    }
}

/// One tab, with what it records.
final class BrowserPage: @unchecked Sendable {
    let browser: Chromium
    let session: String

    init(_ browser: Chromium, bypassCSP: Bool = false) throws {
        self.browser = browser
        let target = try browser.send("Target.createTarget", ["url": "about:blank"])
        guard let id = target["targetId"] as? String else { throw Chromium.Failure(description: "no target id") }
        let attached = try browser.send("Target.attachToTarget", ["targetId": id, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw Chromium.Failure(description: "no session id") }
        self.session = session
        for domain in ["Page.enable", "Runtime.enable", "Log.enable", "Network.enable"] {
            try browser.send(domain, session: session)
        }
        if bypassCSP { try browser.send("Page.setBypassCSP", ["enabled": true], session: session) }
    }

    /// Opens `url` and waits until it has loaded and the site's script has run.
    func open(_ url: URL) throws {
        let mark = browser.eventCount
        try browser.send("Page.navigate", ["url": url.absoluteString], session: session)
        try browser.waitForEvent(after: mark, "the load of \(url.lastPathComponent)") {
            $0.session == session && $0.method == "Page.loadEventFired"
        }
        try settle()
    }

    /// Waits until the document is complete (after a navigation a click started).
    func settle(timeout: TimeInterval = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? evaluate("document.readyState === 'complete'")) as? Bool == true { return }
            usleep(20_000)
        }
        throw Chromium.Failure(description: "the page did not finish loading in \(Int(timeout)) s")
    }

    /// The value of a JavaScript expression (promises awaited).
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let result = try browser.send("Runtime.evaluate", ["expression": expression, "returnByValue": true,
                                                           "awaitPromise": true], session: session)
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw Chromium.Failure(description: "script failed: \(exception["text"] ?? "") \((exception["exception"] as? [String: Any])?["description"] ?? "")")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    func string(_ expression: String) throws -> String { try evaluate(expression) as? String ?? "" }

    /// Waits until `expression` is true.
    func waitUntil(_ expression: String, timeout: TimeInterval = 15) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? evaluate(expression)) as? Bool == true { return }
            usleep(25_000)
        }
        throw Chromium.Failure(description: "waited \(Int(timeout)) s for: \(expression)")
    }

    /// Clicks the middle of the element `selector` finds, as a mouse does (pressed and released), after scrolling it
    /// into view.
    func click(_ selector: String) throws {
        let quoted = try jsString(selector)
        let box = try evaluate("""
            (() => { const e = document.querySelector(\(quoted)); if (!e) return null;
              e.scrollIntoView({block: 'center', inline: 'center'});
              const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]; })()
            """) as? [Double]
        guard let box, box.count == 4, box[2] > 0, box[3] > 0 else {
            throw Chromium.Failure(description: "nothing visible to click at \(selector)")
        }
        try mouse(x: box[0], y: box[1])
    }

    func mouse(x: Double, y: Double) throws {
        try browser.send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y], session: session)
        for type in ["mousePressed", "mouseReleased"] {
            try browser.send("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left",
                                                          "buttons": type == "mousePressed" ? 1 : 0, "clickCount": 1],
                             session: session)
        }
    }

    func drag(fromX x: Double, y: Double, by dx: Double, _ dy: Double) throws {
        try browser.send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y], session: session)
        try browser.send("Input.dispatchMouseEvent", ["type": "mousePressed", "x": x, "y": y, "button": "left",
                                                      "buttons": 1, "clickCount": 1], session: session)
        for step in 1...5 {
            let f = Double(step) / 5
            try browser.send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x + dx * f, "y": y + dy * f,
                                                          "button": "left", "buttons": 1], session: session)
        }
        try browser.send("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": x + dx, "y": y + dy,
                                                      "button": "left", "buttons": 0, "clickCount": 1], session: session)
    }

    func wheel(x: Double, y: Double, deltaY: Double) throws {
        try browser.send("Input.dispatchMouseEvent", ["type": "mouseWheel", "x": x, "y": y, "deltaX": 0,
                                                      "deltaY": deltaY], session: session)
    }

    /// Types text into the focused element.
    func type(_ text: String) throws {
        try browser.send("Input.insertText", ["text": text], session: session)
    }

    /// Presses a key (`Enter`, `ArrowDown`, `+`) on the focused element.
    func press(_ key: String) throws {
        let codes: [String: Int] = ["Enter": 13, "ArrowDown": 40, "ArrowUp": 38, "ArrowLeft": 37, "ArrowRight": 39,
                                    "Escape": 27, "+": 187, "-": 189, "0": 48, "1": 49]
        var params: [String: Any] = ["type": "keyDown", "key": key, "windowsVirtualKeyCode": codes[key] ?? 0]
        if key.count == 1 { params["text"] = key }
        try browser.send("Input.dispatchKeyEvent", params, session: session)
        params["type"] = "keyUp"
        params["text"] = nil
        try browser.send("Input.dispatchKeyEvent", params, session: session)
    }

    func screenshot(to url: URL) throws {
        let shot = try browser.send("Page.captureScreenshot", ["format": "png"], session: session)
        guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw Chromium.Failure(description: "no screenshot data")
        }
        try data.write(to: url)
    }

    /// Console errors and warnings, uncaught exceptions, log entries at error or warning level (CSP violations,
    /// failed loads), and failed requests: each as one line.
    func problems() -> [String] {
        var out: [String] = []
        for event in browser.allEvents() where event.session == session {
            switch event.method {
            case "Runtime.consoleAPICalled":
                let type = event.params["type"] as? String ?? ""
                if type == "error" || type == "warning" || type == "assert" {
                    let args = (event.params["args"] as? [[String: Any]] ?? []).map { "\($0["value"] ?? $0["description"] ?? "")" }
                    out.append("console.\(type): \(args.joined(separator: " "))")
                }
            case "Runtime.exceptionThrown":
                let details = event.params["exceptionDetails"] as? [String: Any] ?? [:]
                out.append("exception: \(details["text"] ?? "") \((details["exception"] as? [String: Any])?["description"] ?? "")")
            case "Log.entryAdded":
                let entry = event.params["entry"] as? [String: Any] ?? [:]
                let level = entry["level"] as? String ?? ""
                if level == "error" || level == "warning" {
                    out.append("log \(level) (\(entry["source"] ?? "")): \(entry["text"] ?? "") \(entry["url"] ?? "")")
                }
            case "Network.loadingFailed":
                out.append("request failed: \(event.params["errorText"] ?? "") (\(event.params["type"] ?? ""))")
            default:
                break
            }
        }
        return out
    }

    /// Every URL the page asked for.
    func requests() -> [String] {
        browser.allEvents().filter { $0.session == session && $0.method == "Network.requestWillBeSent" }
            .compactMap { ($0.params["request"] as? [String: Any])?["url"] as? String }
    }

    /// Whether a JavaScript dialog (alert, confirm, prompt) opened.
    func dialogs() -> [String] {
        browser.allEvents().filter { $0.session == session && $0.method == "Page.javascriptDialogOpening" }
            .map { "\($0.params["message"] ?? "")" }
    }

    private func jsString(_ text: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }
}
