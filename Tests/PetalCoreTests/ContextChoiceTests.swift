import PetalCore
import PetalPattern
import Testing

/// Which menu `ShowMenu("")` opens (docs/configuration.md, "The menu the
/// context asks for"): of the menus whose `when` matches, the one testing
/// the most keys, then the first in configuration order; `main` otherwise.
@Suite struct ContextChoiceTests {
    static func menu(_ name: String, _ when: [ContextKey: String]? = nil) throws -> MenuSection {
        let condition = try when.map { patterns in MenuCondition(try patterns.mapValues { try ContextPattern($0) }) }
        return MenuSection(name: name, items: [MenuItem(id: "i", title: "I", action: "a.b")], when: condition)
    }

    static let firefox = DesktopContext(app: "firefox", title: "Petal · GitHub — Mozilla Firefox", output: "HDMI-A-1")

    @Test func aMenuMatchesWhenEveryKeyItTestsMatches() throws {
        let both = try #require(try Self.menu("github", [.app: "firefox", .title: ".*GitHub.*"]).when)
        #expect(both.matches(Self.firefox))
        #expect(!both.matches(DesktopContext(app: "firefox", title: "Mozilla Firefox")))
        #expect(!both.matches(DesktopContext(app: "chromium", title: "GitHub")))
        #expect(both.keyCount == 2)
        #expect(both.description == #"{"app": "firefox", "title": ".*GitHub.*"}"#, "in the order app, title, output")
    }

    @Test func aKeyTheContextLacksCountsAsEmpty() throws {
        let desktop = try #require(try Self.menu("desktop", [.app: ""]).when)
        #expect(desktop.matches(DesktopContext()))
        #expect(desktop.matches(DesktopContext(title: "anything", output: "DP-1")))
        #expect(!desktop.matches(DesktopContext(app: "foot")))
        let anyOutput = try #require(try Self.menu("any", [.output: ".+"]).when)
        #expect(!anyOutput.matches(DesktopContext(app: "foot")))
    }

    @Test func theMenuTestingTheMostKeysWins() throws {
        let menus = [
            try Self.menu("main"),
            try Self.menu("browser", [.app: "firefox|chromium"]),
            try Self.menu("github", [.app: "firefox", .title: ".*GitHub.*"]),
            try Self.menu("left", [.app: "firefox", .title: ".*", .output: "HDMI-A-1"]),
        ]
        #expect(ContextChoice.menu(for: Self.firefox, among: menus) == "left")
        #expect(ContextChoice.menu(for: Self.firefox.on("DP-1"), among: menus) == "github")
        #expect(ContextChoice.menu(for: DesktopContext(app: "firefox", title: "Mail"), among: menus) == "browser")
        #expect(ContextChoice.menu(for: DesktopContext(app: "chromium", title: "GitHub"), among: menus) == "browser")
    }

    @Test func amongEquallySpecificMenusTheFirstInConfigurationOrderWins() throws {
        let menus = [
            try Self.menu("main"),
            try Self.menu("mozilla", [.app: "fire.*"]),
            try Self.menu("browsers", [.app: "firefox|chromium"]),
            try Self.menu("screen", [.output: "HDMI-A-1"]),
        ]
        #expect(ContextChoice.menu(for: Self.firefox, among: menus) == "mozilla")
        #expect(ContextChoice.menu(for: Self.firefox, among: Array(menus.reversed())) == "screen")
        #expect(ContextChoice.menu(for: DesktopContext(app: "chromium"), among: menus) == "browsers")
    }

    @Test func mainWhenNothingMatches() throws {
        let menus = [try Self.menu("main"), try Self.menu("browser", [.app: "firefox"])]
        #expect(ContextChoice.menu(for: DesktopContext(app: "foot"), among: menus) == "main")
        #expect(ContextChoice.menu(for: DesktopContext(), among: menus) == "main")
        #expect(ContextChoice.menu(for: Self.firefox, among: []) == "main")
    }

    @Test func mainItselfMayHaveAWhen() throws {
        let menus = [try Self.menu("main", [.app: "foot"]), try Self.menu("browser", [.app: "firefox"])]
        #expect(ContextChoice.menu(for: DesktopContext(app: "foot"), among: menus) == "main")
        #expect(ContextChoice.menu(for: Self.firefox, among: menus) == "browser")
    }

    @Test func theCandidatesAreListedInTheOrderTheyAreTried() throws {
        let menus = [
            try Self.menu("main"),
            try Self.menu("a", [.app: "x"]),
            try Self.menu("b", [.app: "x", .title: "y"]),
            try Self.menu("c"),
            try Self.menu("d", [.output: "z"]),
            try Self.menu("e", [.title: "y", .output: "z"]),
        ]
        #expect(ContextChoice.candidates(among: menus).map(\.name) == ["b", "e", "a", "d"])
    }
}

extension DesktopContext {
    /// The same context on `output`.
    func on(_ output: String) -> DesktopContext { DesktopContext(app: app, title: title, output: output) }
}
