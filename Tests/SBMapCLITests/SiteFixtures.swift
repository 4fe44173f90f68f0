import Foundation

/// Apps the site tests build sites from.
enum SiteFixtures {
    /// A tab bar in Main whose tabs are references to Feed and Settings; Feed's detail scene (TabApp.FeedDetailViewController,
    /// reached by the segue `showPost`) is opened from code; one reference names a storyboard that does not exist
    /// (Help). Info.plist loads Main.
    static func tabApp() throws -> URL {
        try Harness.project([
            "App/Base.lproj/Main.storyboard": XML.storyboard(initial: "tab",
                XML.scene("tab", element: "tabBarController", attributes: #"customClass="RootTabBarController""#, body: """
                    <connections>
                        <segue destination="feedRef" kind="relationship" relationship="viewControllers" id="r1"/>
                        <segue destination="settingsRef" kind="relationship" relationship="viewControllers" id="r2"/>
                        <segue destination="helpRef" kind="relationship" relationship="viewControllers" id="r3"/>
                    </connections>
                """),
                XML.reference("feedRef", storyboard: "Feed"),
                XML.reference("settingsRef", storyboard: "Settings"),
                XML.reference("helpRef", storyboard: "Help")),
            "App/Feed/Feed.storyboard": XML.storyboard(initial: "feedNav",
                XML.scene("feedNav", element: "navigationController", body: """
                    <connections>
                        <segue destination="feed" kind="relationship" relationship="rootViewController" id="f1"/>
                    </connections>
                """),
                XML.scene("feed", element: "tableViewController", attributes: #"customClass="FeedViewController" title="Feed""#,
                          body: XML.segue("f2", to: "detail", identifier: "showPost")),
                XML.scene("detail", attributes: #"customClass="FeedDetailViewController" customModule="TabApp" storyboardIdentifier="FeedDetail" title="Post""#)),
            "App/Settings/Settings.storyboard": XML.storyboard(initial: "settings",
                XML.scene("settings", element: "tableViewController", attributes: #"customClass="SettingsViewController""#)),
            "App/Feed/FeedViewController.swift": """
                import UIKit

                final class FeedViewController: UITableViewController {
                    func open() {
                        let detail = storyboard!.instantiateViewController(withIdentifier: "FeedDetail")
                        show(detail, sender: nil)
                    }
                }

                """,
            "App/Info.plist": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>UIMainStoryboardFile</key>
                    <string>Main</string>
                </dict>
                </plist>
                """,
        ])
    }

    /// One storyboard of `count` scenes in a row (`Step0ViewController` shows `Step1ViewController`, …): a map far
    /// wider than a window, whose boxes are tiny when the whole of it is shown.
    static func longApp(count: Int = 40) throws -> URL {
        let scenes = (0..<count).map { k in
            XML.scene("step\(k)", attributes: #"customClass="Step\#(k)ViewController" customModule="LongApp""#,
                      body: k + 1 < count ? XML.segue("go\(k)", to: "step\(k + 1)", identifier: "next\(k)") : "")
        }
        return try Harness.project([
            "App/Flow.storyboard": XML.storyboard(initial: "step0", scenes.joined(separator: "\n")),
        ])
    }

    /// Script payloads, each of which would set `window.__sbmapPwned` (or open a dialog) if it ever became markup.
    static let payloads = [
        #""><script>window.__sbmapPwned=1</script>"#,
        #"</text><script>window.__sbmapPwned=2</script>"#,
        #"javascript:window.__sbmapPwned=3"#,
        #"" onload="window.__sbmapPwned=4" x=""#,
        #"<![CDATA[<script>window.__sbmapPwned=5</script>]]>"#,
        #"<img src=x onerror="window.__sbmapPwned=6">"#,
        #"<svg onload=alert(7)>"#,
        #"'><iframe srcdoc='<script>parent.__sbmapPwned=8</script>'>"#,
    ]

    /// Names file and folder names can carry (no `/`).
    static let pathPayloads = [
        #"<svg onload=window.__sbmapPwned=9>"#,
        #"javascript:window.__sbmapPwned=10;"#,
        #"x" onmouseover="window.__sbmapPwned=11" <img src=x onerror=alert(12)>"#,
    ]

    static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func swift(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// An app whose class names, Storyboard IDs, titles, user labels, referenced names, names in code, file names
    /// and folder names are script payloads.
    static func hostileApp() throws -> URL {
        let p = payloads
        let folder = pathPayloads[0], codeFolder = pathPayloads[1], fileName = pathPayloads[2]
        var scenes: [String] = []
        for (k, payload) in p.enumerated() {
            let value = xml(payload)
            scenes.append(XML.scene("s\(k)", attributes: #"customClass="\#(value)" storyboardIdentifier="\#(value)" title="\#(value)" userLabel="\#(value)""#))
        }
        let main = XML.storyboard(initial: "tab",
            ([XML.scene("tab", element: "tabBarController", body: """
                <connections>
                    <segue destination="ref0" kind="relationship" relationship="viewControllers" id="r0"/>
                    <segue destination="ref1" kind="relationship" relationship="viewControllers" id="r1"/>
                    <segue destination="s0" kind="relationship" relationship="viewControllers" id="r2"/>
                </connections>
            """),
             XML.reference("ref0", storyboard: xml(p[0]), identifier: xml(p[1])),
             XML.reference("ref1", storyboard: xml(fileName), identifier: xml(p[2]))]
            + scenes).joined(separator: "\n"))
        // A storyboard whose file name is a payload, with one scene whose Storyboard ID the reference above names.
        let named = XML.storyboard(initial: "n0",
            XML.scene("n0", attributes: #"customClass="Named" storyboardIdentifier="\#(xml(p[2]))""#))
        return try Harness.project([
            "\(folder)/Main.storyboard": main,
            "\(folder)/\(fileName).storyboard": named,
            "\(codeFolder)/Coordinator.swift": """
                import UIKit

                final class Coordinator {
                    func start() {
                        let a = UIStoryboard(name: "\(swift(p[3]))", bundle: nil).instantiateInitialViewController()
                        let b = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "\(swift(p[4]))")
                        let c = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "\(swift(p[5]))")
                        _ = (a, b, c)
                    }
                }

                """,
        ])
    }
}
