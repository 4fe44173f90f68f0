import SBMapModel
import SBMapStyle
import Testing

@Suite struct ThemeTests {
    @Test(arguments: ["default", "dark", "print"])
    func builtinThemeLoads(_ name: String) throws {
        let theme = try #require(try BuiltinThemes.theme(named: name))
        #expect(theme.name == name)
        // Every role and every segue kind the issue names has a style of its own.
        for role in SceneRole.allCases where role != .plain {
            #expect(theme.roles[role] != nil, "\(name): role \(role)")
        }
        for kind: EdgeKind in [.show, .presentation, .popoverPresentation, .embed, .relationship, .unwind, .custom,
                               .reference, .code, .unwindTarget] {
            #expect(theme.edges.styleKind(for: kind) == kind, "\(name): kind \(kind)")
        }
        // Unresolved and cross-file stand out by shape or line style, not only colour.
        let unresolved = theme.nodeStyle(for: .reference).overlaid(with: theme.highlight.unresolved.node)
        #expect(unresolved.shape != theme.nodeStyle(for: .plain).shape || unresolved.style != theme.nodeStyle(for: .plain).style)
        let crossFile = theme.edges.style(for: .reference).overlaid(with: theme.highlight.crossFile.edge)
        #expect(crossFile.style != theme.edges.style(for: .show).style)
    }

    @Test func builtinNamesAndRefs() throws {
        #expect(BuiltinThemes.names == ["dark", "default", "print"])
        #expect(ThemeRef(parsing: "dark") == .builtin("dark"))
        #expect(ThemeRef(parsing: "./mine.yaml") == .file("./mine.yaml"))
        #expect(ThemeRef(parsing: "mine.json") == .file("mine.json"))
        #expect(throws: ThemeNotFound.self) { try ThemeRef.builtin("neon").load() }
        #expect(throws: ThemeNotFound.self) { try ThemeRef.file("/nonexistent/theme.yaml").load() }
    }

    @Test func printThemeIsGreyScale() throws {
        let text = try #require(BuiltinThemes.sources["print"])
        let colours = text.matches(of: /"#([0-9a-fA-F]{6})"/).map { String($0.1) }
        #expect(!colours.isEmpty)
        for hex in colours {
            let r = hex.prefix(2), g = hex.dropFirst(2).prefix(2), b = hex.dropFirst(4)
            #expect(r == g && g == b, "\(hex) is not grey")
        }
    }

    @Test func unknownKeyNamesKeyAndLine() throws {
        let yaml = """
        name: mine
        roles:
          navigation:
            fill: "#ffffff"
            colour: "#000000"
        """
        let error = try #require(throws: ThemeError.self) { try ThemeLoader.load(text: yaml, file: "mine.yaml") }
        let problem = try #require(error.problems.first)
        #expect(problem.keyPath == "roles.navigation.colour")
        #expect(problem.line == 5)
        #expect(problem.description.hasPrefix("mine.yaml:5:"))
        #expect(problem.message.contains("unknown key"))
    }

    @Test func badColourWrongTypeAndBadWordsAreAllReported() throws {
        let yaml = """
        font:
          size: large
        canvas:
          background: "#12345z"
        edges:
          kinds:
            show:
              arrowhead: pointy
              style: [wavy]
            Show:
              color: "#fff"
        roles:
          navigation:
            shape: blob
        """
        let error = try #require(throws: ThemeError.self) { try ThemeLoader.load(text: yaml, file: "t.yaml") }
        let byKey = Dictionary(error.problems.map { ($0.keyPath, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byKey["font.size"]?.line == 2)
        #expect(byKey["canvas.background"]?.line == 4)
        #expect(byKey["canvas.background"]?.message.contains("bad colour") == true)
        #expect(byKey["edges.kinds.show.arrowhead"]?.line == 8)
        #expect(byKey["edges.kinds.show.style"]?.line == 9)
        #expect(byKey["edges.kinds.Show"]?.message.contains("did you mean 'show'") == true)
        #expect(byKey["roles.navigation.shape"]?.line == 14)
    }

    @Test func syntaxErrorHasALine() throws {
        let error = try #require(throws: ThemeError.self) {
            try ThemeLoader.load(text: "name: x\nfont: [unclosed\n", file: "broken.yaml")
        }
        #expect(error.problems.first?.line ?? 0 > 0)
    }

    @Test func jsonThemeExtendsABuiltin() throws {
        let json = """
        {
          "extends": "dark",
          "name": "mine",
          "edges": { "kinds": { "show": { "color": "#ff0000" } } },
          "roles": { "navigation": { "colour": "#00ff00" } }
        }
        """
        let error = try #require(throws: ThemeError.self) { try ThemeLoader.load(text: json, file: "mine.json") }
        #expect(error.problems.map(\.keyPath) == ["roles.navigation.colour"])
        #expect(error.problems.first?.line == 5)

        let good = try ThemeLoader.load(text: json.replacingOccurrences(of: "colour", with: "fill"), file: "mine.json")
        let dark = try #require(try BuiltinThemes.theme(named: "dark"))
        #expect(good.name == "mine")
        #expect(good.edges.style(for: .show).color == ThemeColor("#ff0000"))
        #expect(good.canvas.background == dark.canvas.background)
        #expect(good.roles[.navigation]?.fill == ThemeColor("#00ff00"))
        #expect(good.roles[.navigation]?.stroke == dark.roles[.navigation]?.stroke)
    }

    @Test func unknownEdgeKindsFallBack() throws {
        let theme = try #require(try BuiltinThemes.theme(named: "default"))
        #expect(theme.edges.styleKind(for: .push) == .show)
        #expect(theme.edges.styleKind(for: .modal) == .presentation)
        #expect(theme.edges.styleKind(for: .popover) == .popoverPresentation)
        #expect(theme.edges.styleKind(for: EdgeKind("teleport")) == nil)
        #expect(theme.edges.style(for: EdgeKind("teleport")) == theme.edges.default)
    }

    @Test func colours() {
        #expect(ThemeColor("#ABC")?.graphviz == "#aabbcc")
        #expect(ThemeColor("#11223344")?.graphviz == "#11223344")
        #expect(ThemeColor("transparent")?.graphviz == "none")
        #expect(ThemeColor("red") == nil)
        #expect(ThemeColor("#12") == nil)
        #expect(ThemeColor("#ggg") == nil)
    }
}
