import PetalCore
import PetalJSON
import Testing

/// `--check-config` and `ConfigWarnings` warn about a menu that cannot lie
/// on a 1280×720 output expanded (docs/configuration.md, "No overlap"),
/// naming it, its items and how many would fit.
@Suite struct LayoutFitCheckTests {
    static func items(_ count: Int) -> String {
        (0..<count).map { #"{"id": "i\#($0)", "title": "I\#($0)", "action": "test.noop"}"# }.joined(separator: ", ")
    }

    static func menu(_ name: String, count: Int, layout: String = "radial", appearance: AppearanceSettings = .init())
        -> MenuSection
    {
        var settings = MenuSettings()
        settings.geometry.style = LayoutStyle(rawValue: layout)!
        let items = (0..<count).map { MenuItem(id: "i\($0)", title: "I\($0)", action: "test.noop") }
        return MenuSection(name: name, settings: settings, items: items, appearance: appearance)
    }

    @Test func sixtyFourRadialItemsOfSixtyPixelsSayThirtyWouldFit() {
        // 64 items 5.625° apart need a radius of 693: 1446 pixels across.
        #expect(
            LayoutFitCheck.warning(for: Self.menu("apps", count: 64))
                == #"menu "apps" cannot fit a 1280×720 output expanded: its 64 items laid out radial take 1446×1446 pixels; at most 30 of its items would"#
        )
        // 30 items 12° apart: a radius of 325, 711 pixels across.
        #expect(LayoutFitCheck.warning(for: Self.menu("apps", count: 30)) == nil)
        #expect(LayoutFitCheck.warning(for: Self.menu("apps", count: 31)) != nil)
    }

    @Test func rowsThatWrapFitAndSoDoTheDefaults() {
        #expect(LayoutFitCheck.warning(for: Self.menu("row", count: 64, layout: "linear")) == nil)
        #expect(LayoutFitCheck.warning(for: Self.menu("column", count: 64, layout: "stack")) == nil)
        #expect(MenuConfiguration.embeddedDefault.menus.allSatisfy { LayoutFitCheck.warning(for: $0) == nil })
    }

    @Test func discsTooLargeForAnyItemSaySo() {
        let huge = AppearanceSettings(buttonSize: 512, itemSize: 512)
        let warning = LayoutFitCheck.warning(for: Self.menu("huge", count: 2, appearance: huge))
        #expect(
            warning?.hasSuffix("not even one of its items would, at this buttonSize and itemSize") == true,
            "\(warning ?? "")")
    }

    @Test func aLargerOutputHoldsWhatASmallOneCannot() {
        let menu = Self.menu("apps", count: 64)
        #expect(LayoutFitCheck.warning(for: menu, width: 1920, height: 1600) == nil)
    }

    /// Through the configuration in force, as petald lists it: at the menu's
    /// `items`, with the file, line and column.
    @Test func theWarningStandsAtTheMenusItemsAmongTheOthers() throws {
        let text =
            #"{"menus": {"small": {"items": [\#(Self.items(3))]},"#
            + #" "big": {"layout": "radial", "items": [\#(Self.items(40))]}}}"#
        let decoded = ConfigurationDecoder.decode(text)
        let configuration = try #require(decoded.configuration)
        let loaded = LoadedConfiguration(
            configuration, file: "config.json", warnings: decoded.warnings, actionSites: decoded.actionSites,
            menuSites: decoded.menuSites)
        let known = KnownActions(ids: Set(["test.noop"] + MenuConfiguration.defaultItems.map(\.action)))
        let warnings = loaded.warnings(knowing: known)
        #expect(warnings.count == 1, "\(warnings)")
        // The value of big's items starts at the last "[" of `"items": [`.
        let start = try #require(text.range(of: #""items": ["#, options: .backwards)).upperBound
        let column = text[..<start].utf8.count
        #expect(
            warnings.first?.listed
                == #"config.json:1:\#(column): menus.big.items: menu "big" cannot fit a 1280×720 output expanded: its 40 items laid out radial take 927×927 pixels; at most 30 of its items would"#
        )
    }

    @Test func aConfigurationMadeInCodeIsWarnedAboutAtTheDefaultPath() {
        let configuration = MenuConfiguration(
            main: Self.menu("main", count: 3), otherMenus: [Self.menu("big", count: 64)])
        let warnings = LayoutFitCheck.warnings(for: configuration, sites: [], file: nil)
        #expect(warnings.map(\.path) == ["menus.big.items"])
        #expect(warnings.first?.position == nil)
    }
}
