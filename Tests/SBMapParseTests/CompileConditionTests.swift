import SBMapModel
@testable import SBMapParse
import Testing

/// `#if` branches: the condition each line is compiled under, in Swift and in Objective-C.
@Suite struct CompileConditionTests {
    func conditions(_ text: String, _ language: CodeLanguage = .swift) -> [CompileConditionRange] {
        CompileConditionScanner.ranges(Array(text.utf8), language: language)
    }

    @Test func swiftBranchesGiveEachLineItsCondition() {
        let ranges = conditions("""
            import UIKit
            #if os(iOS)
            let a = 1
            #elseif os(tvOS) || targetEnvironment(macCatalyst)
            let b = 2
            #else
            let c = 3
            #endif
            let d = 4
            """)
        #expect(ranges.condition(atLine: 1) == nil)
        #expect(ranges.condition(atLine: 3) == .os("iOS"))
        #expect(ranges.condition(atLine: 5) == .all([.not(.any([.os("iOS")])), .any([.os("tvOS"), .targetEnvironment("macCatalyst")])]))
        #expect(ranges.condition(atLine: 7) == .not(.any([.os("iOS"), .any([.os("tvOS"), .targetEnvironment("macCatalyst")])])))
        #expect(ranges.condition(atLine: 9) == nil)
        // What they mean per platform.
        #expect(ranges.condition(atLine: 3)?.mayCompile(on: .tvOS) == false)
        #expect(ranges.condition(atLine: 5)?.mayCompile(on: .tvOS) == true)
        #expect(ranges.condition(atLine: 5)?.mayCompile(on: .iOS) == false)
        #expect(ranges.condition(atLine: 7)?.mayCompile(on: .macOS) == true)
        #expect(ranges.condition(atLine: 7)?.mayCompile(on: .tvOS) == false)
    }

    @Test func nestedBranchesAreConjoinedAndUnknownFlagsKeepTheCode() {
        let ranges = conditions("""
            #if canImport(UIKit)
            #if DEBUG && !swift(>=6.0)
            let debug = 1
            #endif
            let kit = 2
            #endif
            """)
        let inner = ranges.condition(atLine: 3)
        #expect(inner == .all([.canImport("UIKit"), .all([.unknown("DEBUG"), .not(.unknown("swift(>=6.0)"))])]))
        #expect(inner?.mayCompile(on: .iOS) == true, "DEBUG may be set")
        #expect(inner?.mayCompile(on: .watchOS) == false)
        #expect(ranges.condition(atLine: 5) == .canImport("UIKit"))
    }

    @Test func directivesInBlockCommentsAndStringsOfCommentsAreIgnored() {
        let ranges = conditions("""
            /* an old branch:
            #if os(macOS)
            */
            let a = 1 // #if os(tvOS)
            """)
        #expect(ranges.isEmpty)
    }

    @Test func objectiveCMacrosDefinedAndIfdef() {
        let ranges = conditions("""
            #import <UIKit/UIKit.h>
            #if TARGET_OS_TV
            tv();
            #elif TARGET_OS_IPHONE && !TARGET_OS_MACCATALYST
            phone();
            #endif
            #ifdef DEBUG
            debug();
            #endif
            #if defined(TARGET_OS_IOS) || 0
            everywhere();
            #endif
            #  if TARGET_OS_OSX // a comment
            mac();
            #  endif
            """, .objectiveC)
        #expect(ranges.condition(atLine: 3)?.mayCompile(on: .tvOS) == true)
        #expect(ranges.condition(atLine: 3)?.mayCompile(on: .iOS) == false)
        #expect(ranges.condition(atLine: 5)?.mayCompile(on: .iOS) == true)
        #expect(ranges.condition(atLine: 5)?.mayCompile(on: .tvOS) == false, "the #if before it took tvOS")
        #expect(ranges.condition(atLine: 5)?.mayCompile(on: .macOS) == false)
        #expect(ranges.condition(atLine: 8)?.mayCompile(on: .macOS) == true, "DEBUG is unknown")
        #expect(ranges.condition(atLine: 11) == .any([.constant(true), .constant(false)]), "defined(TARGET_OS_…) is true everywhere")
        #expect(ranges.condition(atLine: 14) == .os("macOS"))
    }

    @Test func unbalancedAndHostileDirectivesNeverTrap() {
        _ = conditions("#endif\n#else\n#elseif os(iOS)\n")
        _ = conditions(String(repeating: "#if (", count: 5_000) + "\n")
        _ = conditions("#if " + String(repeating: "!", count: 10_000) + "os(iOS)\n#endif\n")
        let open = conditions("#if os(iOS)\nlet a = 1\n")
        #expect(open.condition(atLine: 2) == .os("iOS"), "a file ending inside a branch keeps its condition")
    }

    @Test func theScannerRecordsConditionsOnTheFile() throws {
        let file = try #require(CodeScanner().scan(text: "#if os(macOS)\nlet s = NSStoryboard(name: \"Main\", bundle: nil)\n#endif\n",
                                                   path: "A.swift", language: .swift).value)
        #expect(file.conditions.condition(atLine: 2) == .os("macOS"))
        #expect(file.loads.first?.location.line == 2)
    }
}
