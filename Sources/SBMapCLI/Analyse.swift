import ArgumentParser
import Foundation
import SBMapAnalysis
import SBMapSettings

extension ResolvedInputs {
    /// The flags and the settings file, as the library's analysis takes them.
    var configuration: AnalysisConfiguration {
        var configuration = AnalysisConfiguration(
            excludes: excludes, readsCode: !noCode, maxFileBytes: maxFileSizeMiB * 1024 * 1024,
            linkConventions: linkConventions, policy: config?.findingPolicy ?? FindingPolicy(), folder: folder)
        configuration.screens = screens
        configuration.notes = config?.screenNotes(from: folder) ?? []
        return configuration
    }

    /// The analysis of these inputs (`Analysis.run`); a path that does not exist is bad usage (exit 64).
    /// `adjust` changes the configuration first (`diff` judges a side by the other's findings policy).
    func analyse(adjust: (inout AnalysisConfiguration) -> Void = { _ in }) throws -> AnalysisResult {
        var configuration = configuration
        adjust(&configuration)
        do {
            return try Analysis.run(inputs: paths, configuration: configuration)
        } catch let error as AnalysisError {
            throw ValidationError(error.description)
        }
    }
}
