import Foundation
import SBMapModel

/// Scans Swift and Objective-C sources for what they do with storyboards: the public entry of code scanning.
///
/// ```swift
/// let loaded = CodeScanner().scan(file)                                   // one InputFile (.swift / .objectiveC)
/// let facts = CodeScanner().scan(text: source, path: "A.swift", language: .swift)
/// ```
/// Scanning never throws and never crashes: an unreadable file gives `value == nil` and an `unreadable-file`
/// error; an oversized one a `file-too-large` warning. Time is linear in the file's size.
public struct CodeScanner: Sendable {
    /// Files larger than this are skipped with a warning (generated blobs, vendored amalgamations).
    public var maxFileSize: Int

    public init(maxFileSize: Int = 8 * 1024 * 1024) {
        self.maxFileSize = maxFileSize
    }

    /// Reads and scans one input file. Kinds other than `.swift` and `.objectiveC` give an empty result.
    public func scan(_ file: InputFile) -> Loaded<LoadedCodeFile> {
        let language: CodeLanguage
        switch file.kind {
        case .swift: language = .swift
        case .objectiveC: language = .objectiveC
        default: return Loaded(path: file.path, nil)
        }
        // ByteSource, not FileManager: it never blocks on a pipe and stops reading at the size limit.
        switch ByteSource.readWholeFile(at: file.url, limits: LoadLimits(maxFileBytes: maxFileSize)) {
        case .success(let bytes):
            return scan(bytes: bytes, path: file.path, language: language)
        case .failure(let failure):
            let reason: String
            switch failure.problem {
            case .tooLarge(let size): return oversized(size, path: file.path, language: language)
            case .unreadable(let why): reason = why
            case .isDirectory: reason = "it is a directory"
            }
            return Loaded(path: file.path, nil, diagnostics: [
                Diagnostic(.error, .unreadableFile, "cannot read the source file: \(reason)", at: SourceLocation(path: file.path),
                           hint: "check that the file exists and that you may read it, or --exclude it"),
            ])
        }
    }

    /// Scans source text already in memory.
    public func scan(text: String, path: String, language: CodeLanguage) -> Loaded<LoadedCodeFile> {
        scan(bytes: Array(text.utf8), path: path, language: language)
    }

    /// Scans raw bytes (any encoding; non-UTF-8 bytes are read as identifier characters, never as syntax).
    public func scan(bytes: [UInt8], path: String, language: CodeLanguage) -> Loaded<LoadedCodeFile> {
        if language == .objectiveC, Self.isHeader(path) { return header(bytes: bytes, path: path) }
        return source(bytes: bytes, path: path, language: language)
    }

    /// Scans a source file (a header's classes are read through it too).
    private func source(bytes: [UInt8], path: String, language: CodeLanguage) -> Loaded<LoadedCodeFile> {
        guard bytes.count <= maxFileSize else { return oversized(bytes.count, path: path, language: language) }
        let stream = CodeLexer.tokenize(bytes, language: language)
        var file: LoadedCodeFile
        switch language {
        case .swift:
            var reader = SwiftCodeReader(stream: stream, path: path, generatedBy: Self.generator(bytes, path: path))
            reader.read()
            file = reader.takeFile()
        case .objectiveC:
            var reader = ObjCCodeReader(stream: stream, path: path)
            reader.read()
            file = reader.takeFile()
        }
        // What each class (and each SwiftUI view, a screen where it is hosted) is for, from the comment above it:
        // read backwards from the declaration, after the lexer.
        let views = Set(file.swiftUITypes.lazy.filter { $0.kind == .view || $0.kind == .representable }.map(\.path))
        for k in file.types.indices where file.types[k].kind == .class || file.types[k].kind == .objcClass
            || file.types[k].kind == .struct && !views.isEmpty && views.contains(file.types[k].path) {
            if let start = stream.lineStart(file.types[k].location.line) {
                file.types[k].doc = DocComments.firstSentence(in: bytes, lineStart: start)
            }
        }
        file.referencedTypeNames = TypeReferences.names(in: stream, language: language)
        file.conditions = CompileConditionScanner.ranges(bytes, language: language)
        return Loaded(path: path, file)
    }

    /// Whether `path` is an Objective-C header (`.h`).
    static func isHeader(_ path: String) -> Bool {
        path.utf8.count > 2 && path.utf8.suffix(2).elementsEqual(".h".utf8)
    }

    /// An Objective-C header gives its classes and what they inherit (`@interface ProfileViewController :
    /// UIViewController`), with their doc comments, and nothing else: in most Objective-C code the `.m` file holds
    /// only `@implementation` and a class extension, so without its header a view controller is not known as one
    /// (its xib is no screen, and navigation to it draws nothing). What a header's code does (an inline function's
    /// call) is not read; nor are the names it mentions, which `.m` files count for the classes nothing refers to.
    /// A header without `@interface` (a C header) is not lexed at all. A header too large to read is a note: its
    /// declarations are unknown, which no link depends on alone.
    private func header(bytes: [UInt8], path: String) -> Loaded<LoadedCodeFile> {
        guard bytes.count <= maxFileSize else {
            return Loaded(path: path, LoadedCodeFile(path: path, language: .objectiveC), diagnostics: [
                Diagnostic(.info, .fileTooLarge,
                           "the header is \(LoadDiagnostics.megabytes(bytes.count)), larger than the limit of \(LoadDiagnostics.megabytes(maxFileSize)); the classes it declares are not known",
                           at: SourceLocation(path: path), hint: "a generated or vendored header is best left out with --exclude"),
            ])
        }
        guard bytes.withUnsafeBufferPointer({ $0.containsBytes("@interface") }) else { return Loaded(path: path, LoadedCodeFile(path: path, language: .objectiveC)) }
        // Read as a source, then kept in part.
        var file = LoadedCodeFile(path: path, language: .objectiveC)
        file.types = (source(bytes: bytes, path: path, language: .objectiveC).value?.types ?? [])
            .filter { $0.kind == .objcClass && $0.superclass != nil }
        return Loaded(path: path, file)
    }

    private func oversized(_ size: Int, path: String, language: CodeLanguage) -> Loaded<LoadedCodeFile> {
        Loaded(path: path, LoadedCodeFile(path: path, language: language), diagnostics: [
            Diagnostic(.warning, .fileTooLarge,
                       "the source file is \(LoadDiagnostics.megabytes(size)), larger than the limit of \(LoadDiagnostics.megabytes(maxFileSize)); it was not scanned for storyboard use",
                       at: SourceLocation(path: path),
                       hint: "a generated or vendored file is best left out with --exclude"),
        ])
    }

    /// The language a path's extension implies: `.swift`, or `.m`/`.mm`/`.h` for Objective-C.
    public static func language(ofPath path: String) -> CodeLanguage? {
        let lower = path.lowercased()
        if lower.hasSuffix(".swift") { return .swift }
        if lower.hasSuffix(".m") || lower.hasSuffix(".mm") || lower.hasSuffix(".h") { return .objectiveC }
        return nil
    }

    /// Recognizes a SwiftGen or R.swift output file by its header comment or its name.
    static func generator(_ bytes: [UInt8], path: String) -> CodeGenerator? {
        // The file name is split out only when the path can end with it: splitting every path is not free.
        if path.containsBytes("R.generated.swift"), (path.split(separator: "/").last.map(String.init) ?? path) == "R.generated.swift" {
            return .rSwift
        }
        // The markers are ASCII, so searching the raw bytes finds what searching the decoded text would, without
        // decoding the head of every file.
        return bytes.prefix(1024).withUnsafeBufferPointer { head in
            func has(_ marker: String) -> Bool { head.containsBytes(marker) }
            if has("Generated using SwiftGen") || has("swiftgen") && has("Storyboard") { return .swiftGen }
            if has("generated by R.swift") || has("R.swift") && has("generated") { return .rSwift }
            return nil
        }
    }
}
