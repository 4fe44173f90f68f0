import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives the SAX events of one parse. Implemented by the storyboard reader and the XML plist reader.
///
/// Names and values are only valid during the call; a delegate copies what it keeps.
protocol SAXDelegate: AnyObject {
    func startElement(_ name: SAXName, _ attributes: SAXAttributes, in session: SAXSession)
    func endElement(_ name: SAXName, in session: SAXSession)
    /// Text content (also CDATA). Only called when the session was created with `wantsText`.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, in session: SAXSession)
    /// An XML comment. Only called when the session was created with `wantsComments`.
    func comment(_ text: SAXName, in session: SAXSession)
}

extension SAXDelegate {
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, in session: SAXSession) {}
    func comment(_ text: SAXName, in session: SAXSession) {}
}

/// What a document type declaration may look like in the files being read.
enum DoctypePolicy {
    /// Any `<!DOCTYPE …>` is refused. Xcode never writes one in a storyboard, so one is hostile or broken.
    case forbidden
    /// `<!DOCTYPE plist PUBLIC … "…PropertyList-1.0.dtd">` is what every XML plist starts with and is
    /// harmless as long as the external DTD is never loaded (it is not). An internal subset (`[ … ]`),
    /// where entities are declared, is refused.
    case externalIdentifierOnly
}

/// A problem libxml2 reported, cleaned up.
struct XMLProblem: Equatable {
    var code: Int32
    var message: String
    var line: Int
    var column: Int
}

/// The encoding the first bytes of the input announce.
enum DetectedEncoding: Equatable {
    case utf8
    /// UTF-8 with the optional byte order mark `EF BB BF`.
    case utf8BOM
    /// UTF-16 with a byte order mark (`FF FE` or `FE FF`), or recognisably UTF-16 (`<\0?\0`).
    case utf16
}

/// Everything a session found out, besides what its delegate collected.
struct SAXOutcome {
    var bytesRead = 0
    /// Whether any byte other than white space (or a byte order mark) was read: if not, the file is blank.
    var sawContent = false
    var encoding = DetectedEncoding.utf8
    /// The first fatal error: the document is not well-formed XML and parsing stopped there.
    var fatal: XMLProblem?
    /// The first recoverable error (a namespace error, say). Parsing went on.
    var recoverable: XMLProblem?
    /// Where a refused `<!DOCTYPE` was found.
    var doctype: (line: Int, column: Int)?
    /// The byte offset of the first NUL byte in an 8-bit encoded input: the file is binary.
    var nulByteOffset: Int?
    /// The input contains a merge-conflict marker (`<<<<<<<`).
    var sawConflictMarker = false
    /// The delegate stopped the parse (`SAXSession.stop()`), for a reason it reports itself.
    var stoppedByDelegate = false
}

/// The thread's libxml2 error functions must not print: this one ignores its arguments.
///
/// Swift cannot declare a C variadic function, and `xmlGenericErrorFunc` is `(void *, const char *, ...)`.
/// A non-variadic function that ignores everything after its named arguments is safe to call through a
/// variadic pointer on the platforms Swift supports (x86-64 System V and AArch64 pass the named arguments
/// in the same registers; the callee never reads the variadic area).
private let silentGenericError: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { _, _ in }

/// Structured errors that reach the thread-wide handler (libxml2 raises a few without a parser context).
private let silentStructuredError: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<_xmlError>?) -> Void = { _, _ in }

/// `xmlInitParser()` must run once before several threads parse at the same time. A global `let`
/// is initialised exactly once, atomically, on first use.
private let libxml2Initialized: Bool = {
    xmlInitParser()
    return true
}()

/// One libxml2 SAX2 push parse: bytes go in chunk by chunk (`feed`), events go out to the delegate.
///
/// Safety, by construction rather than by option: the SAX handler has no `resolveEntity`, `getEntity`,
/// `entityDecl` or `externalSubset` callback and the options never include `XML_PARSE_DTDLOAD`,
/// `XML_PARSE_NOENT` or `XML_PARSE_HUGE`, so no DTD is loaded, no entity is expanded, and libxml2's
/// default limits (element depth 256, text node size) hold; `XML_PARSE_NONET` forbids the network besides.
/// A `<!DOCTYPE` is refused (see `DoctypePolicy`) from the `internalSubset` callback, which libxml2
/// calls before it reads any declaration of an internal subset, so nothing declared there is ever seen.
/// Every error goes to the `serror` callback and is recorded, never printed.
///
/// Positions: `xmlSAX2GetLineNumber`/`xmlSAX2GetColumnNumber` give where libxml2's cursor is, which in
/// `startElementNs` is just past the last attribute of the start tag (on the `>` or `/>`). `position()`
/// walks back to the tag's `<`, so locations name where an element starts, as Xcode and editors expect.
final class SAXSession {
    private unowned let delegate: any SAXDelegate
    private let doctypePolicy: DoctypePolicy
    private let wantsText: Bool
    private let wantsComments: Bool
    private var context: xmlParserCtxtPtr?
    private(set) var outcome = SAXOutcome()
    /// How many `<` in a row ended the previous chunk (a conflict marker is seven).
    private var lessThanRun = 0
    private var finished = false
    /// How deep the open elements are nested now.
    private var depth = 0

    /// The deepest nesting accepted: libxml2's own default (`xmlParserMaxDepth`). Its pull parser enforces
    /// it, but the 2.9 push parser does not, so the session does. Real storyboards stay under 60.
    static let maxDepth = 256

    init(delegate: any SAXDelegate, doctypePolicy: DoctypePolicy, wantsText: Bool = false, wantsComments: Bool = false) {
        self.delegate = delegate
        self.doctypePolicy = doctypePolicy
        self.wantsText = wantsText
        self.wantsComments = wantsComments
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
    }

    /// Whether parsing has ended, by an error or by the delegate; further bytes would be ignored.
    var isStopped: Bool {
        outcome.fatal != nil || outcome.doctype != nil || outcome.stoppedByDelegate || outcome.nulByteOffset != nil
    }

    /// Stops the parse from inside a callback: no further events are delivered.
    func stop() {
        outcome.stoppedByDelegate = true
        if let context { xmlStopParser(context) }
    }

    /// The 1-based line and column where the element being started begins (its `<`).
    ///
    /// libxml2 reports the cursor, which in `startElementNs` is at the end of the start tag; the tag itself
    /// is still in the input buffer (the push parser only parses a start tag once all of it has arrived, and
    /// attribute values cannot contain a raw `<`), so the `<` is found by walking back from the cursor.
    /// Columns count characters, as libxml2 does. If the walk cannot complete, the cursor is reported.
    func position() -> (line: Int, column: Int) {
        guard let context, let input = context.pointee.input else { return (0, 0) }
        // These read `input->line` and `input->col`: the cursor, 1-based, columns in characters.
        let line = Int(xmlSAX2GetLineNumber(context))
        let column = Int(xmlSAX2GetColumnNumber(context))
        guard let base = input.pointee.base, let cursor = input.pointee.cur, cursor > base else {
            return (line, column)
        }
        var p = cursor - 1
        var characters = 0
        var newlines = 0
        while p > base, p.pointee != UInt8(ascii: "<") {
            if p.pointee == UInt8(ascii: "\n") { newlines += 1 }
            if p.pointee & 0xC0 != 0x80 { characters += 1 }
            p -= 1
        }
        guard p.pointee == UInt8(ascii: "<") else { return (line, column) }
        if newlines == 0 {
            // The cursor column is that of the next character to read, so the `<` is `characters + 1` back.
            return (line, max(1, column - characters - 1))
        }
        // A start tag spread over several lines: count the `<`'s column from the start of its own line,
        // which is known only if that line starts inside the buffer.
        var q = p
        var startColumn = 1
        while q > base, (q - 1).pointee != UInt8(ascii: "\n") {
            q -= 1
            if q.pointee & 0xC0 != 0x80 { startColumn += 1 }
        }
        return (line - newlines, q > base ? startColumn : 0)
    }

    /// Parses the next chunk of the document. Returns `false` once parsing has stopped.
    @discardableResult
    func feed(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard !isStopped, !finished else { return false }
        guard let bytes = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count > 0 else {
            return true
        }
        let isFirst = outcome.bytesRead == 0
        if isFirst { outcome.encoding = Self.detectEncoding(UnsafeBufferPointer(start: bytes, count: chunk.count)) }
        let buffer = UnsafeBufferPointer(start: bytes, count: chunk.count)
        if !outcome.sawContent {
            outcome.sawContent = buffer.contains { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF, 0xFE, 0xFF].contains($0) }
        }
        scanForMarkers(buffer)
        outcome.bytesRead += chunk.count
        if outcome.nulByteOffset != nil { return false }

        if context == nil {
            guard createContext() else { return false }
        }
        guard let context else { return false }
        let code = xmlParseChunk(context, UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self), Int32(chunk.count), 0)
        noteSilentHalt(code)
        return !isStopped
    }

    /// Tells libxml2 the document has ended (so it reports a truncated document) and returns the outcome.
    func finish() -> SAXOutcome {
        if !finished, !isStopped, let context {
            finished = true
            noteSilentHalt(xmlParseChunk(context, nil, 0, 1))
        }
        finished = true
        return outcome
    }

    /// Records a fatal error for a parse libxml2 halted without telling the `serror` callback.
    ///
    /// libxml2 2.9's push parser reports an input conversion failure (a UTF-16 file with a lone surrogate,
    /// bytes that are invalid in the declared encoding) only through the generic error channel, which is
    /// silenced, and through `xmlParseChunk`'s return value; it halts the parser but leaves it "well-formed".
    /// Unchecked, such a file loaded as a storyboard whose scenes simply stopped at the bad byte (found by
    /// the robustness tests). The return value alone is not enough (it repeats any earlier recoverable
    /// error's code), so the test is: libxml2 disabled further events, and no one recorded why.
    private func noteSilentHalt(_ code: Int32) {
        guard code != 0, !isStopped, let context, context.pointee.disableSAX != 0 else { return }
        let isEncoding = code == Int32(XML_ERR_INVALID_ENCODING.rawValue)
        outcome.fatal = XMLProblem(
            code: code,
            message: isEncoding ? "some bytes cannot be decoded in the file's encoding" : "the parser stopped (libxml2 error \(code))",
            line: Int(xmlSAX2GetLineNumber(context)), column: Int(xmlSAX2GetColumnNumber(context)))
    }

    // MARK: - Setting up

    private func createContext() -> Bool {
        _ = libxml2Initialized
        // libxml2 keeps its error functions per thread; set them on whichever thread this parse runs on.
        xmlSetGenericErrorFunc(nil, unsafeBitCast(silentGenericError, to: OpaquePointer.self))
        xmlSetStructuredErrorFunc(nil, silentStructuredError)

        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { userData, localName, _, _, _, _, attributeCount, _, attributes in
            guard let userData, let localName else { return }
            let session = Unmanaged<SAXSession>.fromOpaque(userData).takeUnretainedValue()
            session.depth += 1
            if session.depth > SAXSession.maxDepth {
                session.tooDeep()
                return
            }
            session.delegate.startElement(SAXName(pointer: localName),
                                          SAXAttributes(base: attributes, count: Int(attributeCount)), in: session)
        }
        handler.endElementNs = { userData, localName, _, _ in
            guard let userData, let localName else { return }
            let session = Unmanaged<SAXSession>.fromOpaque(userData).takeUnretainedValue()
            session.depth -= 1
            session.delegate.endElement(SAXName(pointer: localName), in: session)
        }
        if wantsText {
            let text: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int32) -> Void = { userData, bytes, count in
                guard let userData, let bytes, count > 0 else { return }
                let session = Unmanaged<SAXSession>.fromOpaque(userData).takeUnretainedValue()
                session.delegate.characters(UnsafeBufferPointer(start: bytes, count: Int(count)), in: session)
            }
            handler.characters = text
            handler.cdataBlock = text
        }
        if wantsComments {
            handler.comment = { userData, text in
                guard let userData, let text else { return }
                let session = Unmanaged<SAXSession>.fromOpaque(userData).takeUnretainedValue()
                session.delegate.comment(SAXName(pointer: text), in: session)
            }
        }
        handler.internalSubset = { userData, _, _, _ in
            guard let userData else { return }
            Unmanaged<SAXSession>.fromOpaque(userData).takeUnretainedValue().doctypeFound()
        }
        handler.serror = { userData, error in
            guard let userData, let error else { return }
            Unmanaged<SAXSession>.fromOpaque(userData).takeUnretainedValue().record(error.pointee)
        }

        let userData = Unmanaged.passUnretained(self).toOpaque()
        // No initial bytes: libxml2 detects the encoding from the first chunk given to xmlParseChunk.
        context = withUnsafeMutablePointer(to: &handler) { xmlCreatePushParserCtxt($0, userData, nil, 0, nil) }
        guard let context else {
            outcome.fatal = XMLProblem(code: Int32(XML_ERR_NO_MEMORY.rawValue), message: "libxml2 could not create a parser",
                                       line: 0, column: 0)
            return false
        }
        // NONET only. Deliberately absent: NOENT (expands entities), DTDLOAD/DTDATTR/DTDVALID (load the DTD),
        // HUGE (lifts the depth and size limits), RECOVER (would deliver events after a fatal error).
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        return true
    }

    // MARK: - Callbacks

    private func doctypeFound() {
        guard let context else { return }
        switch doctypePolicy {
        case .forbidden:
            break
        case .externalIdentifierOnly:
            // libxml2 calls internalSubset with the cursor on the `[` of an internal subset, if there is one.
            guard let cursor = context.pointee.input?.pointee.cur, cursor.pointee == UInt8(ascii: "[") else { return }
        }
        outcome.doctype = (Int(xmlSAX2GetLineNumber(context)), Int(xmlSAX2GetColumnNumber(context)))
        xmlStopParser(context)
    }

    private func tooDeep() {
        guard let context, outcome.fatal == nil else { return }
        let (line, column) = position()
        outcome.fatal = XMLProblem(
            code: Int32(XML_ERR_INTERNAL_ERROR.rawValue),
            message: "elements are nested more than \(Self.maxDepth) deep (excessive depth in document)",
            line: line, column: column)
        xmlStopParser(context)
    }

    private func record(_ error: xmlError) {
        // Our own stop is not an error, nor is anything libxml2 says after it.
        if isStopped || error.code == XML_ERR_USER_STOP.rawValue { return }
        let problem = XMLProblem(code: error.code, message: Self.clean(error.message),
                                 line: Int(error.line), column: Int(error.int2))
        switch error.level {
        case XML_ERR_FATAL:
            outcome.fatal = problem
            // libxml2 has already disabled further SAX events; stopping also skips the rest of the chunk.
            // (Calling xmlStopParser here is what libxml2 itself does after its depth-limit error.)
            if let context { xmlStopParser(context) }
        case XML_ERR_ERROR:
            if outcome.recoverable == nil { outcome.recoverable = problem }
        default:
            break  // warnings (a relative namespace URI, …) say nothing about the graph
        }
    }

    // MARK: - Byte checks

    private static func detectEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> DetectedEncoding {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return .utf16
        }
        if bytes.count >= 2, (bytes[0] == 0x3C && bytes[1] == 0x00) || (bytes[0] == 0x00 && bytes[1] == 0x3C) {
            return .utf16
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return .utf8BOM }
        return .utf8
    }

    /// Looks for a NUL byte (binary data, in an 8-bit encoding) and for `<<<<<<<` (a merge conflict).
    private func scanForMarkers(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard outcome.encoding != .utf16, let base = bytes.baseAddress else { return }
        if let nul = memchr(base, 0, bytes.count) {
            outcome.nulByteOffset = outcome.bytesRead + (UnsafeRawPointer(nul) - UnsafeRawPointer(base))
            return
        }
        guard !outcome.sawConflictMarker else { return }
        // Count runs of `<`, carried across chunks so a marker split between two chunks is still seen.
        // memchr jumps from one `<` to the next: a byte-by-byte loop here cost a tenth of the whole parse.
        var run = lessThanRun
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                run += 1
                if run == 7 {
                    outcome.sawConflictMarker = true
                    return
                }
                index += 1
                continue
            }
            run = 0
            guard let next = memchr(base + index, Int32(UInt8(ascii: "<")), bytes.count - index) else { break }
            index = UnsafeRawPointer(next) - UnsafeRawPointer(base)
        }
        lessThanRun = run
    }

    /// libxml2's message without its trailing newline and with its internal wording made plainer.
    private static func clean(_ message: UnsafeMutablePointer<CChar>?) -> String {
        guard let message else { return "the XML is not well-formed" }
        var text = String(cString: message)
        // "…, indicate encoding !\nBytes: 0xE9 0x74" — the second line is the useful part.
        text = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: " ") }.joined(separator: "; ")
        if text.hasSuffix(" !") { text.removeLast(2) }
        return text
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        var s = self
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
