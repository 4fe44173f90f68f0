import Testing
@testable import SBMapResolve

/// "did you mean …?" hints: `suggestion(for:among:)` skips the sort and, by length, most edit distances, since
/// it runs once per broken name against every known name. It must still pick what the plain definition picks.
@Suite struct SuggestionTests {
    /// The definition: the nearest known name within the limit; among equally near ones, the first in sort order.
    private func reference(_ name: String, _ known: [String]) -> String? {
        let lowered = name.lowercased()
        let limit = max(2, name.count / 4)
        var best: (name: String, distance: Int)?
        for candidate in known.sorted() where candidate != name {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best.map { "did you mean '\($0.name)'?" }
    }

    @Test func nearestWinsAndTiesGoToTheFirstInSortOrder() {
        #expect(suggestion(for: "Setings", among: ["Setting", "Main", "Settings"]) == "did you mean 'Settings'?")
        #expect(suggestion(for: "Mian", among: ["Profile", "Main"]) == "did you mean 'Main'?")
        // "Maps" and "Mail" are both one edit from "Mais": the first in sort order wins, whatever the input order.
        #expect(suggestion(for: "Mais", among: ["Maps", "Mail"]) == "did you mean 'Mail'?")
        #expect(suggestion(for: "Mais", among: ["Mail", "Maps"]) == "did you mean 'Mail'?")
        #expect(suggestion(for: "main", among: ["Main"]) == "did you mean 'Main'?")
        #expect(suggestion(for: "Main", among: ["Main"]) == nil)
        #expect(suggestion(for: "Feed", among: ["FeedDetailViewController"]) == nil)
    }

    @Test func agreesWithTheDefinition() {
        var known = ["Main", "Mail", "Maps", "Settings", "Setting", "SettingsDetail", "Feed", "Feeds", "FeedLegacy",
                     "Onboarding", "Onboard", "Profile", "ProfileEditor", "New Feed", "Ünïcode", "ÜNÏCODE2", "",
                     String(repeating: "a", count: 250), String(repeating: "a", count: 251) + "b"]
        known += known.map { $0.uppercased() } + known.map { $0 + "2" }
        let names = known + ["Mian", "Setings", "Fed", "FeedOld", "onboardin", "Profil", "NewFeed", "unicode", "x",
                             String(repeating: "a", count: 260), "ProfileEditr", "MAI"]
        for name in names {
            #expect(suggestion(for: name, among: known) == reference(name, known), "\(name)")
            #expect(suggestion(for: name, among: known.reversed()) == reference(name, known), "\(name), reversed")
        }
    }
}
