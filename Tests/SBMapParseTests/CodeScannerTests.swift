import Testing
import SBMapModel
@testable import SBMapParse

/// What the scanner reads from the fixtures in `Fixtures/Code`: one test per API spelling and pitfall of
/// docs/input-format.md §7, with the negatives.
@Suite struct CodeScannerFixtureTests {
    let swift = CodeFixtures.scan("Positives.swift")
    let objc = CodeFixtures.scan("Lister.m")

    @Test func swift3ChainedLoadSplitOverLines() {
        let use = swift.instantiations[0]
        #expect(use.storyboard == .named(.literal("Settings")))
        #expect(use.identifier == .literal("SettingsRoot"))
        #expect(use.enclosingType == ["HomeViewController"])
        #expect(use.location == SourceLocation(path: "Code/Positives.swift", line: 7, column: 14))
    }

    @Test func selfStoryboardAndIdentifierOnNextLine() {
        #expect(swift.instantiations[1].storyboard == .own)
        #expect(swift.instantiations[1].identifier == .literal("Detail"))
        #expect(swift.instantiations[2].api == "instantiateViewController(identifier:creator:)")
    }

    @Test func localConstantAndLocalStoryboard() {
        #expect(swift.instantiations[3].storyboard == .named(.literal("Main")))
        #expect(swift.instantiations[3].identifier == .literal("Log"))
        #expect(swift.instantiations[4].identifier == nil)
        #expect(swift.loads.map(\.name) == [.literal("Settings"), .literal("Main"), .literal("Add")])
    }

    @Test func swift2Spellings() {
        let legacy = swift.instantiations[5]
        #expect(legacy.api == "instantiateViewControllerWithIdentifier(_:)")
        #expect(legacy.identifier == .symbol(["MainStoryboard", "Identifiers", "emptyViewController"]))
        #expect(swift.performs.last?.identifier == .literal("legacySegue"))
        #expect(swift.performs.last?.enclosingType == ["LegacyController"])
    }

    @Test func declarationsForOtherFiles() {
        #expect(swift.constants.map(\.path) == [["MainStoryboard", "name"], ["MainStoryboard", "Identifiers", "emptyViewController"]])
        #expect(swift.enums.first?.cases == [CodeEnumCase(name: "confirmBid", rawValue: "Confirm Bid"),
                                             CodeEnumCase(name: "showDetail", rawValue: "showDetail")])
        #expect(swift.helpers == [CodeStoryboardHelper(path: ["UIStoryboard", "add"], name: .literal("Add"),
                                                       location: swift.helpers[0].location)])
        #expect(swift.types.first { $0.name == "LegacyController" }?.superclass == "UIViewController")
    }

    @Test func performSegueAndEnumRawValue() {
        #expect(swift.performs.map(\.identifier) == [.literal("showDetail"), .symbol(["SegueIdentifier", "confirmBid"]), .literal("legacySegue")])
    }

    @Test func unwindSelectors() {
        #expect(swift.unwindActions.map(\.selector) == ["unwindToHomeWithSegue:", "unwindHere:"])
        #expect(objc.unwindActions.map(\.selector) == ["unwindToList:"])
    }

    @Test func negativesFindNothing() {
        let quiet = CodeFixtures.scan("Negatives.swift")
        #expect(quiet.loads.isEmpty)
        #expect(quiet.instantiations.isEmpty)
        #expect(quiet.performs.isEmpty, "comments, strings, shouldPerformSegue and an override forwarding to super")
    }

    @Test func dynamicArguments() {
        let dyn = CodeFixtures.scan("Dynamic.swift")
        #expect(dyn.loads.map(\.name) == [.parameter("name"), .dynamic("\"\\(prefix)Main\""), .literal("Main")])
        #expect(dyn.instantiations.first?.identifier == .dynamic("makeID()"))
        #expect(dyn.performs.first?.identifier == .dynamic("changing"), "a var is not propagated")
    }

    @Test func generatedAccessors() {
        let gen = CodeFixtures.scan("Generated.swift")
        #expect(gen.generatedUses.map { "\($0.generator.rawValue) \($0.kind.rawValue) \($0.container) \($0.member ?? "-")" } == [
            "swiftgen scene Main messagesList", "swiftgen initial-scene Main -", "swiftgen scene Settings About",
            "swiftgen segue Main showDetail", "rswift scene main settingsController", "rswift initial-scene settings -",
        ])
        #expect(gen.performs.first?.identifier == .symbol(["R", "segue", "generatedUser", "openSettings"]))
    }

    @Test func generatedFileDeclarationsOnly() {
        let file = CodeFixtures.scan("StoryboardScenes.generated.swift")
        #expect(file.generatedBy == .swiftGen)
        #expect(file.loads.isEmpty && file.instantiations.isEmpty)
        #expect(file.generatedScenes.map(\.path.last) == ["initialScene", "messagesList"])
        #expect(file.generatedScenes.map(\.identifier) == [nil, "MessagesList"])
        #expect(file.constants.first?.path == ["StoryboardScene", "Main", "storyboardName"])
        #expect(file.enums.first?.path == ["StoryboardSegue", "Main"])
    }

    @Test func classNameAndHelpers() {
        let file = CodeFixtures.scan("ClassName.swift")
        #expect(file.classInstantiations.map(\.type) == ["ProfileViewController"])
        #expect(file.instantiations[0].identifier == .ownTypeName)
        #expect(file.instantiations[1].identifier == .typeName("ListViewController"))
        #expect(file.instantiations[2].storyboard == .helper(["AppStoryboard", "Preferences", "instance"]))
        #expect(file.helpers.first == CodeStoryboardHelper(path: ["AppStoryboard", "instance"], name: .ownRawValue,
                                                           location: file.helpers[0].location))
        #expect(file.instantiations[4].storyboard == .named(.literal("Inspector")))
        #expect(file.instantiations[4].identifier == .literal("InspectorWindow"))
    }

    @Test func storedStoryboardMembersHideUIKitsProperty() {
        let file = CodeFixtures.scan("StoredStoryboard.swift")
        // Uses of `storyboard` stay `.own`: whether a member hides UIKit's property is decided across files.
        #expect(file.instantiations.map(\.storyboard) == [.own, .own, .own, .own, .own, .own, .named(.literal("Settings")), .own])
        #expect(file.instantiations.map(\.identifier) == [.literal("SignIn"), .literal("Permissions"), nil, .literal("Home"),
                                                          .literal("Detail"), .literal("Detail"), .literal("SettingsRoot"),
                                                          .literal("Detail")])
        // The members that hide it: a load, a computed property in an extension, an injected value, an inherited one.
        #expect(file.helpers.map { "\($0.path.joined(separator: ".")) \($0.fromLoad)" } == [
            "OnboardingCoordinator.storyboard true", "LateCoordinator.storyboard true",
            "InjectedCoordinator.storyboard false", "BaseFlow.storyboard true",
        ])
        #expect(file.helpers.map(\.name) == [.literal("Onboarding"), .literal("Settings"),
                                             .dynamic("storyboard: UIStoryboard"), .literal("Main")])
        #expect(file.helpers[0].location == SourceLocation(path: "Code/StoredStoryboard.swift", line: 8, column: 17))

        let objc = CodeFixtures.scan("StoredStoryboard.m")
        #expect(objc.instantiations.map(\.storyboard) == [.own, .own])
        #expect(objc.helpers.map { "\($0.path.joined(separator: ".")) \($0.fromLoad)" } == [
            "FlowController.storyboard false", "SearchFlow.storyboard true",
        ])
    }

    @Test func objectiveC() {
        #expect(objc.constants.map(\.path) == [["AAPLAppDelegateMainStoryboardName"], ["AAPLEmptyIdentifier"],
                                               ["kSettingsStoryboard"], ["kDetailSegue"]])
        #expect(objc.instantiations.map(\.storyboard) == [
            .own, .named(.symbol(["kSettingsStoryboard"])), .named(.literal("Main")), .own, .helper(["UIStoryboard", "searchStoryboard"]),
        ])
        #expect(objc.instantiations.map(\.identifier) == [.symbol(["AAPLEmptyIdentifier"]), nil, .literal("Other"),
                                                          .typeName("AAPLDetailViewController"), nil])
        #expect(objc.performs.map(\.identifier) == [.symbol(["kDetailSegue"])], "not the commented one, not the one in a string")
        #expect(objc.helpers.first?.path == ["UIStoryboard", "searchStoryboard"])
        #expect(objc.classInstantiations.map(\.type) == ["AAPLProfileViewController"])
        #expect(objc.loads.contains { $0.name == .parameter("name") })
        #expect(objc.instantiations[2].location == SourceLocation(path: "Code/Lister.m", line: 20, column: 32))
    }
}

/// Small inline sources for the tokenizer's edge cases.
@Suite struct CodeLexerTests {
    @Test func nestedCommentsAndRawStrings() {
        let f = CodeFixtures.scan(source: """
        /* outer /* inner */ UIStoryboard(name: "No", bundle: nil) */
        let a = ##"UIStoryboard(name: "No2", bundle: nil)"##
        let b = "\\(UIStoryboard(name: "Inside", bundle: nil))"
        _ = UIStoryboard(name: "Yes", bundle: nil)
        """)
        #expect(f.loads.map(\.name) == [.literal("Yes")])
        #expect(f.loads.first?.location.line == 4)
    }

    @Test func objcCharLiteralsAndDefines() {
        let f = CodeFixtures.scan(source: """
        #define kName @"Main"
        #define kAlias kName
        @implementation A
        - (void)x { char q = '"'; [UIStoryboard storyboardWithName:kAlias bundle:nil]; }
        @end
        """, language: .objectiveC)
        #expect(f.constants.map(\.value) == [.literal("Main"), .symbol(["kName"])])
        #expect(f.loads.map(\.name) == [.symbol(["kAlias"])])
        #expect(f.loads.first?.enclosingType == ["A"])
    }

    /// Backticks are dropped from names, so a backticked keyword dispatches like the keyword (the lexer tags words
    /// from the name's bytes, without the backticks), and an empty ``` `` ``` name, even at the end of the input,
    /// is a name like any other.
    @Test func backtickNames() {
        let f = CodeFixtures.scan(source: """
        `class` `Screen`: UIViewController {
            `let` name = "Main"
            func show() { _ = UIStoryboard(name: name, bundle: nil) }
        }
        ``
        """)
        #expect(f.types.map(\.path) == [["Screen"]])
        #expect(f.constants.map(\.path) == [["Screen", "name"]])
        #expect(f.constants.map(\.value) == [.literal("Main")])
        #expect(f.loads.map(\.name) == [.symbol(["name"])])
        #expect(f.loads.first?.enclosingType == ["Screen"])
        for source in ["``", "a ``", "`"] {
            #expect(CodeScanner().scan(text: source, path: "t.swift", language: .swift).value != nil)
        }
    }

    @Test func garbageNeverCrashes() {
        var bytes: [UInt8] = Array("let x = \"unterminated\n/* open comment ".utf8)
        bytes += (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        bytes += Array(repeating: UInt8(ascii: "("), count: 50_000)
        bytes += Array("\"\\(\"\\(\"\\(".utf8)
        for language in CodeLanguage.allCases {
            let loaded = CodeScanner().scan(bytes: bytes, path: "g", language: language)
            #expect(loaded.value != nil)
        }
        let longLine = String(repeating: "a.b(c: \"d\") ", count: 90_000) + "UIStoryboard(name: \"End\", bundle: nil)"
        let f = CodeScanner().scan(text: longLine, path: "l.swift", language: .swift).value!
        #expect(f.loads.map(\.name) == [.literal("End")])
    }

    @Test func oversizedFileIsSkippedWithWarning() {
        let loaded = CodeScanner(maxFileSize: 10).scan(text: String(repeating: "x", count: 20), path: "big.swift", language: .swift)
        #expect(loaded.diagnostics.map(\.code) == [.fileTooLarge])
        #expect(loaded.diagnostics.first?.message
            == "the source file is 20 bytes, larger than the limit of 10 bytes; it was not scanned for storyboard use")
        #expect(loaded.diagnostics.first?.hint != nil)
    }

    @Test func unreadableFileIsAFindingInTheHouseStyle() {
        let loaded = CodeScanner().scan(InputFile(kind: .swift, url: "/nonexistent/sbmap/A.swift", path: "A.swift"))
        #expect(loaded.value == nil)
        let finding = loaded.diagnostics.first
        #expect(finding?.code == .unreadableFile)
        #expect(finding?.message.hasPrefix("cannot read the source file: ") == true)
        #expect(finding?.message.hasSuffix(".") == false)
        #expect(finding?.hint != nil)
    }

    @Test func selectorMapping() {
        #expect(SwiftCodeReader.selector(name: "unwind", labels: ["_"]) == "unwind:")
        #expect(SwiftCodeReader.selector(name: "unwindToList", labels: ["segue"]) == "unwindToListWithSegue:")
    }
}
