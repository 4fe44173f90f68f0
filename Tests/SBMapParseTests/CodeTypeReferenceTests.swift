import Testing
import SBMapModel
@testable import SBMapParse

/// `LoadedCodeFile.referencedTypeNames` and the lines of type declarations: what a pass needs to tell whether
/// code of a type can run (something names the type) without reading the sources again.
@Suite struct CodeTypeReferenceTests {
    @Test func swiftNamesInCodeCountCommentsStringsAndTheDeclarationDoNot() {
        let file = CodeFixtures.scan(source: """
            // OldListController is gone; see "MentionedInAComment".
            /* NestedCommentType /* Deeper */ */
            final class ListController: UITableViewController, Presenting {
                let title = "StringOnlyType and \\(Interpolated)"
                func open() {
                    let detail = DetailController.make()
                    show(detail as UIViewController, sender: nil)
                    _ = [Row]()
                }
            }
            extension ListController: UIScrollViewDelegate {}
            extension Outer.Inner {}
            struct Helper { static let shared = ListHelperFactory() }
            class func notAType() {}
            """)
        let names = file.referencedTypeNames
        for used in ["UITableViewController", "Presenting", "DetailController", "UIViewController", "Row",
                     "UIScrollViewDelegate", "ListHelperFactory"] {
            #expect(names.contains(used), "\(used) is used in code")
        }
        for unused in ["OldListController", "MentionedInAComment", "NestedCommentType", "Deeper", "StringOnlyType",
                       "ListController", "Outer", "Inner", "Helper"] {
            #expect(!names.contains(unused), "\(unused) is not referenced")
        }
        // Lower-case names are never collected, and the file says so.
        #expect(!names.contains("detail") && !names.contains("open"))
        #expect(file.mayReferenceType(named: "lowercaseType"))
        #expect(!file.mayReferenceType(named: "OldListController"))
    }

    @Test func aTypeNamedInItsOwnFileOutsideItsDeclarationIsReferenced() {
        let file = CodeFixtures.scan(source: """
            class Store { static let shared = Store() }
            """)
        #expect(file.referencedTypeNames == ["Store"])
    }

    @Test func interpolationInsideAStringIsCodeButTheLiteralIsNot() {
        let file = CodeFixtures.scan(source: #"""
            let s = "Name \(Formatter.name(Style.short)) Other"
            let t = "Tab\t\(Escaped.value)"
            """#)
        #expect(file.referencedTypeNames == ["Formatter", "Style", "Escaped"])
    }

    @Test func objectiveCClassMessagesPointersAndForwardDeclarations() {
        let file = CodeFixtures.scan(source: """
            #import "ListViewController.h"
            @class ForwardOnly, AlsoForward;
            @protocol DeclaredProtocol;
            // [CommentedController class]
            @interface ListViewController () <UITableViewDelegate>
            @end
            @implementation ListViewController
            - (void)open {
                DetailViewController *detail = [DetailViewController new];
                Class c = [OtherController class];
                id<Conforming> x = nil;
                NSString *s = @"QuotedController";
                if ([x conformsToProtocol:@protocol(UsedProtocol)]) {}
            }
            @end
            """, language: .objectiveC)
        let names = file.referencedTypeNames
        for used in ["UITableViewDelegate", "DetailViewController", "OtherController", "Class", "Conforming",
                     "NSString", "UsedProtocol"] {
            #expect(names.contains(used), "\(used) is used in code")
        }
        for unused in ["ListViewController", "ForwardOnly", "AlsoForward", "DeclaredProtocol", "CommentedController",
                       "QuotedController"] {
            #expect(!names.contains(unused), "\(unused) is not referenced")
        }
    }

    @Test func frameworkNamesCountAndNonASCIINamesFollowTheirCase() {
        let file = CodeFixtures.scan(source: """
            class A: UICollectionViewController {}
            let x = Ünicode()
            let y = ünicode()
            let z = _PrivateType()
            """)
        #expect(file.referencedTypeNames == ["UICollectionViewController", "Ünicode", "_PrivateType"])
    }

    @Test func swiftTypeDeclarationsKnowTheirLines() {
        let file = CodeFixtures.scan(source: """
            import UIKit

            final class Outer: UIViewController {
                struct Inner {
                    func f() {}
                }

                func g() {
                    performSegue(withIdentifier: "x", sender: nil)
                }
            }
            extension Outer {
                func h() {}
            }
            func free() {}
            class Open {
            """)
        #expect(file.types.map(\.path) == [["Outer"], ["Outer", "Inner"], ["Outer"], ["Open"]])
        #expect(file.types.map(\.lines) == [3...11, 4...6, 12...14, 16...16])
        #expect(file.enclosingType(ofLine: 9)?.path == ["Outer"])
        #expect(file.enclosingType(ofLine: 5)?.path == ["Outer", "Inner"])
        #expect(file.enclosingType(ofLine: 13)?.kind == .extension)
        #expect(file.enclosingType(ofLine: 15) == nil)
        #expect(file.enclosingType(ofLine: 1) == nil)
    }

    @Test func objectiveCBlocksEndAtTheirEnd() {
        let file = CodeFixtures.scan(source: """
            @interface Thing : NSObject
            @end

            static int x = 1;

            @implementation Thing
            - (void)run {
            }
            @end
            @implementation Thing (Category)
            - (void)more {}
            """, language: .objectiveC)
        #expect(file.types.map(\.path) == [["Thing"], ["Thing"], ["Thing"]])
        #expect(file.types.map(\.lines) == [1...2, 6...9, 10...11])
        #expect(file.types[0].superclass == "NSObject")
        #expect(file.enclosingType(ofLine: 4) == nil)
        #expect(file.enclosingType(ofLine: 7)?.name == "Thing")
    }
}

/// The digests `referencedTypeNames` keeps instead of Strings answer as a set of names would.
@Suite struct TypeNameDigestsTests {
    @Test func digestsAnswerAsASetOfNamesWould() {
        var state: UInt64 = 11
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet = Array("ABCXYZabcxyz_09Üé".unicodeScalars)
        var names = Set<String>()
        while names.count < 5_000 {
            var name = ""
            for _ in 0..<(1 + Int(next() % 40)) { name.unicodeScalars.append(alphabet[Int(next() % UInt64(alphabet.count))]) }
            names.insert(name)
        }
        let all = Array(names)
        let kept = Array(all[..<2_500]), left = Array(all[2_500...])
        let digests = TypeNameDigests(names: kept + kept.prefix(100))
        #expect(digests.count == kept.count, "repeats count once")
        #expect(kept.allSatisfy(digests.contains))
        #expect(!left.contains(where: digests.contains))
        // Names that differ only in their length's padding or in one byte of a long name.
        #expect(TypeNameDigests(names: ["A"]) != TypeNameDigests(names: ["A\u{0}"]))
        #expect(!TypeNameDigests(names: ["UICollectionViewDelegateFlowLayout"]).contains("UICollectionViewDelegateFlowLayouT"))
        #expect(!TypeNameDigests().contains("") && TypeNameDigests(names: [""]).contains(""))
    }

    @Test func aNameHasOneDigestFromItsBytesOrItsString() {
        for name in ["", "A", "Store", "UICollectionViewController", "Ünicode", String(repeating: "x", count: 100)] {
            let bytes = Array(name.utf8)
            #expect(bytes.withUnsafeBufferPointer { TypeNameDigests.digest($0.baseAddress, $0.count) } == TypeNameDigests.digest(name))
        }
    }
}
