import SBMapAnalysis

extension ConfigFile {
    /// What the file's `findings:` section asks of the analysis: levels per code, `off`, and suppressed paths
    /// (relative to the file's folder).
    public var findingPolicy: FindingPolicy {
        FindingPolicy(levels: severity,
                      suppressions: suppressions.map { FindingPolicy.Suppression(code: $0.code, paths: $0.paths) },
                      folder: folder)
    }
}
