import ArgumentParser
import Foundation

/// The exit codes CI reads, one meaning each: 0 clean, 1 findings at the gate's level, 2 the run failed, 64 usage.
extension ExitCode {
    /// Findings at the level the gate fails on (`--fail-on`, `--strict`): the run itself completed.
    static let findings = ExitCode(1)
    /// The run could not do its work: a file that could not be read or written, git, Graphviz. Never a pass.
    static let runFailed = ExitCode(2)
}

extension SBMapCommand {
    /// ArgumentParser's `main`, with three changes:
    /// - `sbmap help NAME` for a subcommand that does not exist is a usage error (ArgumentParser prints the main
    ///   help and exits 0, which a script reads as success).
    /// - A usage error found while a command runs (a path that does not exist, an unknown `--focus` or theme, an
    ///   output folder that is a file) shows that command's usage, as an error found while parsing does: handed
    ///   to ArgumentParser after parsing, it would show the root's (`Usage: sbmap <subcommand>`).
    /// - An error a command did not expect (anything but an exit code or a usage error) means the run failed: one
    ///   line, `sbmap: error: …`, exit 2, not ArgumentParser's 1, which CI reads as findings.
    public static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let unknown = unknownHelpTopic(arguments) { exitWithUsageError(unknown.message, for: unknown.command) }
        let parsed: any ParsableCommand
        do {
            parsed = try parseAsRoot(arguments)
        } catch {
            exitQuoting(error)
        }
        var command = parsed
        do {
            try command.run()
        } catch let error as ValidationError {
            exitWithUsageError(error.message, for: type(of: parsed))
        } catch {
            // ArgumentParser's own errors (help, usage) keep their codes; only an error it would call a plain
            // failure (exit 1) and that is not sbmap's own exit code is a failed run.
            if !(error is ExitCode), exitCode(for: error) == .failure {
                FindingsReporter.writeToStandardError(runFailure("\(error)"))
                exit(withError: ExitCode.runFailed)
            }
            exitQuoting(error)
        }
        exit()
    }

    /// ArgumentParser's `exit(withError:)`, with an error's message (which quotes the arguments: an unknown option,
    /// a bad value) written through `FindingsReporter.writeToStandardError`, so that no line of it passes for a
    /// workflow command. Help and other clean exits are ArgumentParser's, on stdout.
    static func exitQuoting(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        guard code != .success else { exit(withError: error) }
        let message = fullMessage(for: error)
        if !message.isEmpty { FindingsReporter.writeToStandardError(message + "\n") }
        exit(withError: code)
    }

    /// `sbmap: error: MESSAGE`, on one line: a tool's message quoted in it (git's stderr) has its lines joined.
    static func runFailure(_ message: String) -> String {
        let lines = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return "sbmap: error: " + lines.filter { !$0.isEmpty }.joined(separator: "; ") + "\n"
    }

    /// Prints a usage error as ArgumentParser prints one found while parsing (the message, the usage of `command`,
    /// where its help is), and exits 64.
    static func exitWithUsageError(_ message: String, for command: any ParsableCommand.Type) -> Never {
        FindingsReporter.writeToStandardError(usageError(message, for: command))
        exit(withError: ExitCode.validationFailure)
    }

    static func usageError(_ message: String, for command: any ParsableCommand.Type) -> String {
        let usage = usageString(for: command)
        let name = command == SBMapCommand.self ? "sbmap" : "sbmap \(command.configuration.commandName ?? "")"
        return "Error: \(message)\nUsage: \(usage)\n  See '\(name) --help' for more information.\n"
    }

    /// For `sbmap help A B …`: the first name that is not a subcommand where it stands, with the command it was
    /// looked up in; nil when every name is one (or the arguments are not a help request).
    static func unknownHelpTopic(_ arguments: [String]) -> (message: String, command: any ParsableCommand.Type)? {
        guard arguments.first == "help" else { return nil }
        var current: any ParsableCommand.Type = SBMapCommand.self
        var path = "sbmap"
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            // `sbmap help help`: ArgumentParser's own command, in no list.
            if name == "help", path == "sbmap" { return nil }
            let subcommands: [any ParsableCommand.Type] = current.configuration.subcommands
            var names: [String] = []
            var next: (any ParsableCommand.Type)?
            for subcommand in subcommands {
                let subcommandName = subcommand.configuration.commandName ?? ""
                names.append(subcommandName)
                if subcommandName == name { next = subcommand }
            }
            guard let next else {
                let known = names.isEmpty ? "'\(path)' has no subcommands" : "the subcommands of '\(path)' are " + names.joined(separator: ", ")
                return ("unknown subcommand '\(name)'; \(known)", current)
            }
            current = next
            path += " " + name
        }
        return nil
    }
}
