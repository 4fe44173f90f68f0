import CLibXML2
import Foundation
import SBMapModel

/// The diagnostics every loader gives for the same problems, so the wording stays consistent.
enum LoadDiagnostics {
    /// A file that could not be read at all.
    static func readProblem(_ problem: ReadProblem, path: String, limits: LoadLimits) -> Diagnostic {
        let location = SourceLocation(path: path)
        switch problem {
        case .unreadable(let reason):
            return Diagnostic(.error, .unreadableFile, "cannot read the file: \(reason)", at: location,
                              hint: "check that the file exists and that you may read it")
        case .isDirectory:
            return Diagnostic(.error, .unreadableFile, "cannot read the file: it is a directory", at: location,
                              hint: "pass the folder that contains it, or rename the folder")
        case .tooLarge(let size):
            return Diagnostic(.error, .fileTooLarge,
                              "the file is \(megabytes(size)), larger than the limit of \(megabytes(limits.maxFileBytes)); it was not read",
                              at: location,
                              hint: "if it really is an Interface Builder file, raise the limit with --max-file-size")
        }
    }

    /// The diagnostics for what the SAX session found in the bytes, apart from the reader's own findings.
    ///
    /// - Parameters:
    ///   - malformedCode: `malformed-xml` for storyboards, `malformed-plist` for plists.
    ///   - what: the kind of file, for messages ("storyboard", "property list").
    static func outcome(_ outcome: SAXOutcome, path: String, malformedCode: DiagnosticCode, what: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        if !outcome.sawContent {
            let blank = outcome.bytesRead == 0 ? "empty" : "blank (white space only)"
            return [Diagnostic(.error, what == "storyboard" ? .notAStoryboard : malformedCode,
                               "the file is \(blank); it is not a \(what)", at: SourceLocation(path: path),
                               hint: "restore the file from version control, or remove it")]
        }
        if outcome.encoding == .utf16 {
            result.append(Diagnostic(.warning, .encoding, "the file is encoded as UTF-16; it was read, but Xcode writes UTF-8",
                                     at: SourceLocation(path: path, line: 1, column: 1),
                                     hint: "re-save it as UTF-8 (e.g. iconv -f UTF-16 -t UTF-8) so other tools and diffs read it too"))
        }
        if let offset = outcome.nulByteOffset {
            result.append(Diagnostic(.error, .notAStoryboard,
                                     "the file contains binary data (a NUL byte at offset \(offset)); it is not a \(what)",
                                     at: SourceLocation(path: path),
                                     hint: "remove the file or give it the right extension"))
            return result
        }
        if let doctype = outcome.doctype {
            result.append(Diagnostic(.error, .forbiddenDTD,
                                     "the \(what) contains a document type declaration (<!DOCTYPE …>); the file was not read further",
                                     at: SourceLocation(path: path, line: doctype.line, column: doctype.column),
                                     hint: "Xcode never writes one here; it can declare entities that expand without bound or read other files. Remove it and check where the file came from"))
            return result
        }
        if let fatal = outcome.fatal {
            let location = SourceLocation(path: path, line: fatal.line, column: fatal.column)
            if fatal.message.hasPrefix("Input is not proper UTF-8") || fatal.code == Int32(XML_ERR_INVALID_ENCODING.rawValue)
                || fatal.code == Int32(XML_ERR_UNKNOWN_ENCODING.rawValue) || fatal.code == Int32(XML_ERR_UNSUPPORTED_ENCODING.rawValue) {
                let detail = fatal.message.replacingOccurrences(of: "Input is not proper UTF-8, indicate encoding; ", with: "")
                let expected = outcome.encoding == .utf16 ? "UTF-16" : "UTF-8"
                result.append(Diagnostic(.error, .encoding, "the file is not valid \(expected) (\(detail))", at: location,
                                         hint: "Xcode writes UTF-8; convert the file (e.g. iconv -f ISO-8859-1 -t UTF-8) or fix the bytes at this position"))
            } else if outcome.sawConflictMarker {
                result.append(Diagnostic(.error, malformedCode,
                                         "the \(what) contains merge-conflict markers (<<<<<<<) and is not valid XML: \(fatal.message)",
                                         at: location,
                                         hint: "finish resolving the merge (keep one side of each conflict), then run again"))
            } else if fatal.code == Int32(XML_ERR_DOCUMENT_EMPTY.rawValue) {
                result.append(Diagnostic(.error, what == "storyboard" ? .notAStoryboard : malformedCode,
                                         "the file is empty or holds no XML; it is not a \(what)", at: location,
                                         hint: "restore the file from version control, or remove it"))
            } else {
                result.append(Diagnostic(.error, malformedCode, "the \(what) is not well-formed XML: \(fatal.message)",
                                         at: location,
                                         hint: "the file was probably truncated or edited by hand; fix it at this position or restore it from version control"))
            }
            return result
        }
        if let recoverable = outcome.recoverable {
            result.append(Diagnostic(.warning, malformedCode, "the \(what) has an XML error that was skipped: \(recoverable.message)",
                                     at: SourceLocation(path: path, line: recoverable.line, column: recoverable.column),
                                     hint: "open and re-save the file in Xcode to repair it"))
        }
        return result
    }

    static func megabytes(_ bytes: Int) -> String {
        if bytes < 1024 * 1024 { return "\(bytes) bytes" }
        let tenths = (bytes * 10 + 512 * 1024) / (1024 * 1024)
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }
}
