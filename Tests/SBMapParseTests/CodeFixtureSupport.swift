import Foundation
import SBMapModel
@testable import SBMapParse

/// Loads and scans the code fixtures under `Fixtures/Code`.
enum CodeFixtures {
    static func url(_ name: String) -> URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures/Code/\(name)")
    }

    /// Scans one fixture file, naming it `Fixtures/Code/<name>` in locations.
    static func scan(_ name: String) -> LoadedCodeFile {
        let language = CodeScanner.language(ofPath: name) ?? .swift
        let file = InputFile(kind: language == .swift ? .swift : .objectiveC, url: url(name).path, path: "Code/\(name)")
        let loaded = CodeScanner().scan(file)
        return loaded.value!
    }

    static func scan(source text: String, language: CodeLanguage = .swift) -> LoadedCodeFile {
        CodeScanner().scan(text: text, path: language == .swift ? "T.swift" : "T.m", language: language).value!
    }
}
