import Foundation
@testable import SBMapCLI
import SBMapRender
import SBMapStyle
import Testing

/// The command line as a newcomer and a CI log meet it: help that reads at 80 columns, usage errors that show the
/// usage of the command that was run, formats that agree with file names, shell completions.
@Suite struct CommandLineTests {
    static let commands = ["check", "export", "render", "diff", "site"]

    /// One storyboard, in `App`.
    func app() throws -> URL {
        try Harness.project(["App/Main.storyboard": XML.storyboard(initial: "a", XML.scene("a"))])
    }

    /// `sbmap help …` as a pipe gets it (80 columns).
    func help(_ arguments: [String], columns: Int = 80) throws -> SBMapRun {
        try Harness.run(["help"] + arguments, in: Harness.scratch, environment: ["COLUMNS": "\(columns)"])
    }

    // MARK: - Help

    /// ArgumentParser wraps help to the terminal: text broken by hand is broken again, leaving orphan words and
    /// half-empty lines. Every paragraph must read as one greedy wrap, and every example line must fit unwrapped.
    @Test(arguments: [""] + CommandLineTests.commands)
    func helpIsWrappedOnceAt80Columns(_ command: String) throws {
        let run = try help(command.isEmpty ? [] : [command])
        #expect(run.status == 0)
        let lines = run.stdout.components(separatedBy: "\n")
        for line in lines { #expect(line.count <= 80, "\(command): too wide: \(line)") }
        // The overview and discussion: everything before the usage line.
        let text = Array(lines.prefix { !$0.hasPrefix("USAGE:") })
        for (index, line) in text.enumerated() where !line.isEmpty && !line.hasPrefix(" ") {
            let words = line.split(separator: " ")
            #expect(words.count > 1 || line.hasSuffix(":"), "\(command): an orphan word: '\(line)'")
            // A line of a paragraph ends only where the next word would not have fit (ArgumentParser fills at most
            // 79 columns).
            let next = index + 1 < text.count ? text[index + 1] : ""
            if let word = next.split(separator: " ").first, !next.hasPrefix(" ") {
                #expect(line.count + 1 + word.count >= 80, "\(command): broken early: '\(line)' / '\(next)'")
            }
            // A text line right after an example line is the example's wrapped end.
            if index > 0, text[index - 1].hasPrefix("  "), !line.hasSuffix(":") {
                #expect(Bool(false), "\(command): an example wrapped: '\(text[index - 1])' / '\(line)'")
            }
        }
    }

    /// Options are grouped under the same headings in every command.
    @Test func optionsAreGroupedUnderHeadings() throws {
        let expected: [String: [String]] = [
            "check": ["INPUTS:", "FINDINGS:"],
            "export": ["INPUTS:", "OUTPUT:", "FINDINGS:"],
            "render": ["INPUTS:", "OUTPUT:", "RENDERING:", "FINDINGS:"],
            "diff": ["INPUTS:", "OUTPUT:", "RENDERING:", "FINDINGS:"],
            "site": ["INPUTS:", "OUTPUT:", "RENDERING:", "FINDINGS:"],
        ]
        for (command, headings) in expected {
            let lines = try help([command]).stdout.components(separatedBy: "\n")
            let shown = lines.filter { ["INPUTS:", "OUTPUT:", "RENDERING:", "FINDINGS:"].contains($0) }
            #expect(shown == headings, "\(command): \(shown)")
            // Each option under its heading.
            func section(of option: String) -> String? {
                guard let row = lines.firstIndex(where: { $0.hasPrefix("  \(option)") || $0.hasPrefix("  -o, \(option)") }) else { return nil }
                return lines[..<row].last { !$0.isEmpty && !$0.hasPrefix(" ") }
            }
            #expect(section(of: "--exclude") == "INPUTS:", "\(command)")
            #expect(section(of: "--findings-format") == "FINDINGS:", "\(command)")
            if command != "check" { #expect(section(of: "--output") == "OUTPUT:", "\(command)") }
            if command == "render" || command == "site" || command == "diff" {
                #expect(section(of: "--theme") == "RENDERING:", "\(command)")
            }
            if command == "render" { #expect(section(of: "--id-prefix") == "RENDERING:") }
        }
        let render = try help(["render"]).stdout.components(separatedBy: "\n")
        let options = try #require(render.firstIndex(of: "OPTIONS:"))
        #expect(render[options...].filter { $0.hasPrefix("  -") }.count == 2, "only --version and --help are left ungrouped")
    }

    @Test func helpForAnUnknownSubcommandIsAUsageError() throws {
        let run = try help(["foo"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "Error: unknown subcommand 'foo'; the subcommands of 'sbmap' are check, export, render, diff, site")
        #expect(lines.dropFirst().first == "Usage: sbmap <subcommand>")
        let nested = try help(["check", "foo"])
        #expect(nested.status == 64)
        #expect(nested.stderr.hasPrefix("Error: unknown subcommand 'foo'; 'sbmap check' has no subcommands\nUsage: sbmap check "))
        // Help that exists still works.
        for known in [[], ["check"], ["diff"]] { #expect(try help(known).status == 0) }
    }

    // MARK: - Errors

    /// Each usage error found while a command runs: exit 64, the message first, then that command's usage (handed
    /// to ArgumentParser after parsing, it printed the root's, `Usage: sbmap <subcommand>`).
    @Test func usageErrorsFoundWhileRunningShowTheCommandsUsage() throws {
        let root = try app()
        try Data("not a folder".utf8).write(to: root.appendingPathComponent("afile"))
        let render = "Usage: sbmap render [<options>] [<path> ...] --output <file>"
        let cases: [(arguments: [String], first: String, usage: String)] = [
            (["check", "NoSuch"], "Error: no such file or folder: 'NoSuch'", "Usage: sbmap check [<options>] [<path> ...]"),
            (["render", "App", "-o", "map.svg", "--focus", "Nope"], "Error: no storyboard named 'Nope'. Storyboards: Main", render),
            (["render", "App", "-o", "map.svg", "--theme", "nope"],
             "Error: no theme 'nope': use a built-in theme (dark, default, print) or the path of a .yaml/.json file", render),
            (["diff", "no-such-revision"],
             "Error: 'no-such-revision' is neither a folder nor a revision of the git repository here; give a folder, or a revision such as origin/main or HEAD~1",
             "Usage: sbmap diff [<options>] [<state> ...]"),
            (["site", "App", "-o", "afile"],
             "Error: 'afile' is a file, not a folder: site -o names the folder to write into, e.g. -o site",
             "Usage: sbmap site [<options>] [<path> ...] --output <folder>"),
            (["render", "App", "--all", "-o", "afile"],
             "Error: 'afile' is a file, not a folder: render --all -o names the folder to write into, e.g. -o maps", render),
        ]
        for (arguments, first, usage) in cases {
            let run = try Harness.run(arguments, in: root)
            let lines = run.stderr.split(separator: "\n").map(String.init)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(lines.first == first, "\(arguments): \(run.stderr)")
            #expect(lines.dropFirst().first == usage, "\(arguments): \(run.stderr)")
            #expect(lines.last == "  See 'sbmap \(arguments[0]) --help' for more information.", "\(arguments)")
            #expect(!run.stderr.contains("Usage: sbmap <subcommand>"))
        }
    }

    /// A run that fails is one line, `sbmap: error: …`, and exit 2; no usage (the usage was right).
    @Test func aFailedRunIsOneLine() throws {
        let root = try app()
        for arguments in [["check", "App", "--findings-output", "missing/out.txt"], ["render", "App", "-o", "missing/map.svg"]] {
            let run = try Harness.run(arguments, in: root)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(run.stderr)")
            #expect(lines.first?.hasPrefix("sbmap: error: cannot write 'missing/") == true, "\(run.stderr)")
            #expect(!run.stderr.contains("Usage:"))
        }
        // A tool's message of several lines is joined into one.
        #expect(SBMapCommand.runFailure("git archive failed: fatal: one\nfatal: two\n")
                == "sbmap: error: git archive failed: fatal: one; fatal: two\n")
    }

    // MARK: - Format and extension

    @Test func aFormatThatContradictsTheExtensionIsAUsageError() throws {
        let root = try app()
        for (format, file, named) in [("png", "map.svg", "svg"), ("dot", "map.png", "png"), ("mermaid", "map.md", "markdown")] {
            let run = try Harness.run(["render", "App", "--format", format, "-o", file], in: root)
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.stderr.hasPrefix("Error: --format \(format) contradicts the output '\(file)', whose extension means \(named)"), "\(run.stderr)")
            #expect(run.stderr.contains("Usage: sbmap render "))
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "nothing written")
        }
        // Export writes JSON: a map's name is refused, a .json or unknown one is not.
        let export = try Harness.run(["export", "App", "-o", "graph.svg"], in: root)
        #expect(export.status == 64)
        #expect(export.stderr.hasPrefix("Error: export writes the graph as JSON, but '-o graph.svg' is named as a map (svg)"), "\(export.stderr)")
        #expect(try Harness.run(["export", "App", "-o", "graph.json"], in: root).status == 0)
        #expect(try Harness.run(["export", "App", "-o", "graph.data"], in: root).status == 0)
    }

    /// Today's rules stand where there is no contradiction: agreeing, stdout, an extension sbmap does not know.
    @Test func aFormatWithoutAContradictionIsWrittenAsBefore() throws {
        let root = try app()
        #expect(try Harness.run(["render", "App", "--format", "svg", "-o", "map.svg"], in: root).status == 0)
        #expect(try Harness.run(["render", "App", "--format", "dot", "-o", "map.gv"], in: root).status == 0)
        let stdout = try Harness.run(["render", "App", "--format", "dot", "-o", "-"], in: root)
        #expect(stdout.status == 0)
        #expect(stdout.stdout.hasPrefix("digraph") || stdout.stdout.hasPrefix("strict digraph"), "\(stdout.stdout.prefix(40))")
        let unknown = try Harness.run(["render", "App", "--format", "png", "-o", "map.txt"], in: root)
        #expect(unknown.status == 0, "\(unknown.stderr)")
        let bytes = try Data(contentsOf: root.appendingPathComponent("map.txt"))
        #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "a PNG, as --format says")
        let noFormat = try Harness.run(["render", "App", "-o", "map.txt"], in: root)
        #expect(noFormat.status == 64)
        #expect(noFormat.stderr.hasPrefix("Error: cannot tell the format from 'map.txt'"))
    }

    // MARK: - Completions

    /// The scripts complete files for paths and `-o`, folders for a site's `-o`, and the values of the options that
    /// take one of a list: the lists come from the code (the theme names from themes/).
    @Test func completionScriptsCompletePathsAndValues() throws {
        let themesFolder = ConfigFileTests.repository.appendingPathComponent("themes")
        let themes = try FileManager.default.contentsOfDirectory(atPath: themesFolder.path)
            .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
        #expect(themes == BuiltinThemes.names)
        let lists: [String: [String]] = [
            "theme": themes,
            "format": OutputFormat.allCases.map(\.name),
            "view": RenderCommand.ViewChoice.allCases.map(\.rawValue),
            "findings-format": FindingOptions.Format.allCases.map(\.rawValue),
        ]
        #expect(lists["format"] == ["svg", "png", "pdf", "dot", "mermaid", "markdown", "json"])
        #expect(lists["view"] == ["auto", "full", "overview"])

        let bash = try completion("bash")
        let render = try section(bash, from: "_sbmap_render() {", to: "\n}\n")
        for (option, values) in lists {
            #expect(render.contains("'--\(option)')\n        __sbmap_add_completions -W '" + values.joined(separator: "'$'\\n''") + "'"),
                    "bash: --\(option)")
        }
        #expect(render.contains("'--output'|'-o')\n        __sbmap_add_completions -f\n"))
        #expect(render.contains("# Offer positional completions\n    case \"${positional_number}\" in\n    *)\n        __sbmap_add_completions -f"))
        let site = try section(bash, from: "_sbmap_site() {", to: "\n}\n")
        #expect(site.contains("'--output'|'-o')\n        __sbmap_add_completions -d\n"))
        for command in ["check", "export", "site"] {
            #expect(try section(bash, from: "_sbmap_\(command)() {", to: "\n}\n").contains("positional_number}\" in\n    *)\n        __sbmap_add_completions -f"),
                    "bash: \(command)'s paths")
        }

        let zsh = try completion("zsh")
        for (option, values) in lists {
            let name = "___" + option.replacingOccurrences(of: "-", with: "_")
            #expect(zsh.contains("local -ar \(name)=(" + values.map { "'\($0)'" }.joined(separator: " ") + ")"), "zsh: --\(option)")
        }
        #expect(zsh.components(separatedBy: "'*:path:_files'").count - 1 == 4, "zsh: the paths of check, export, render, site")
        #expect(zsh.contains("'*:state:_files -/'"), "zsh: diff's states are folders")
        #expect(zsh.contains("(--output -o)'{--output,-o}'[Output file (its extension picks the format), or - for stdout; with --all, a folder.]:file:_files'"))
        #expect(zsh.contains("(--output -o)'{--output,-o}'[The folder to write the site into (made if missing).]:folder:_files -/'"))

        let fish = try completion("fish")
        for (option, values) in lists {
            #expect(fish.contains("\"sbmap render\" \(option)' -l '\(option)'"), "fish: --\(option)")
            #expect(fish.contains("-rfka '" + values.joined(separator: " ") + "'"), "fish: --\(option)")
        }
        for command in ["check", "export", "render", "site"] {
            #expect(fish.contains("__sbmap_should_offer_completions_for_positional \"sbmap \(command)\" -ge 1' -F"), "fish: \(command)'s paths")
        }
        #expect(fish.contains("\"sbmap render\" o output' -l 'output' -s 'o' -d 'Output file (its extension picks the format), or - for stdout; with --all, a folder.' -rF"))
    }

    func completion(_ shell: String) throws -> String {
        let run = try Harness.run(["--generate-completion-script", shell], in: Harness.scratch)
        #expect(run.status == 0)
        return run.stdout
    }

    func section(_ text: String, from start: String, to end: String) throws -> String {
        let begin = try #require(text.range(of: start))
        let finish = text.range(of: end, range: begin.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        return String(text[begin.lowerBound..<finish])
    }

    // MARK: - Install

    /// `make install PREFIX=~/.local` as zsh and sh pass it (the `~` unexpanded): the files go below the home
    /// folder, not into a folder named `~`. A dry run (`make -n`): nothing is built or installed.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make"), "needs make"))
    func makeInstallTakesAPrefixBelowTheHomeFolder() throws {
        let home = Harness.newFolder().path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        process.arguments = ["-n", "-C", ConfigFileTests.repository.path, "install", "PREFIX=~/.local", "HOME=\(home)"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("/sbmap\" \"\(home)/.local/bin/sbmap\""), "\(text)")
        #expect(text.contains("\"\(home)/.local/share/man/man1/sbmap.1\""))
        #expect(text.contains("\"\(home)/.local/share/zsh/site-functions/_sbmap\""))
        #expect(!text.contains("~"), "\(text)")
    }
}
