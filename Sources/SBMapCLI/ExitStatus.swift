import ArgumentParser

/// The exit codes CI reads, one meaning each: 0 clean, 1 findings at the gate's level, 2 the run failed, 64 usage.
extension ExitCode {
    /// Findings at the level the gate fails on (`--fail-on`, `--strict`): the run itself completed.
    static let findings = ExitCode(1)
    /// The run could not do its work: a file that could not be read or written, git, Graphviz. Never a pass.
    static let runFailed = ExitCode(2)
}

extension SBMapCommand {
    /// ArgumentParser's `main`, with one change: an error a command did not expect (anything but an exit code, a
    /// usage error or a clean exit) means the run failed, exit 2, not ArgumentParser's 1, which CI reads as findings.
    public static func main() {
        let parsed: any ParsableCommand
        do {
            parsed = try parseAsRoot(nil)
        } catch {
            exit(withError: error)
        }
        var command = parsed
        do {
            try command.run()
        } catch {
            // ArgumentParser's own errors (help, usage) keep their codes; only an error it would call a plain
            // failure (exit 1) and that is not sbmap's own exit code is a failed run.
            if !(error is ExitCode), exitCode(for: error) == .failure {
                FindingsReporter.writeToStandardError("sbmap: error: \(error)\n")
                exit(withError: ExitCode.runFailed)
            }
            exit(withError: error)
        }
        exit()
    }
}
