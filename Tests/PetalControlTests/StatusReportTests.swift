import DBus
import PetalAPI
import PetalCore
import Testing

@testable import PetalControl

/// `petalctl status` shows the menu's Appearance in two lines and in its JSON.
struct StatusReportTests {
    static let properties: [String: DBusValue] = [
        "State": .string("collapsed"), "Highlighted": .string(""), "LayoutStyle": .string("stack"),
        "Version": .string("0.2.0"),
        "Items": .array(.structure([.string, .string, .string, .string, .boolean, .boolean]), []),
        "Actions": .array(.structure([.string, .string, .string]), []),
        "Plugins": .array(.structure([.string, .string, .string, .string, .string]), []),
        "Layout": .array(.structure([.string, .double, .double]), []),
    ]

    func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
    }

    @Test func aCustomAppearanceIsShownInFull() throws {
        var menu = try MenuSnapshot(DBusPropertyValues(Self.properties, from: "petald"))
        menu.appearance = MenuAppearance(
            settings: AppearanceSettings(
                anchor: .topLeft, margin: Margin(x: 8.5, y: 0), buttonSize: 48, itemSize: 40,
                buttonColor: "#123456", buttonIcon: "open-menu", iconColor: "#000000cc",
                springDamping: 1, springVelocity: -2, pressScale: 0.8,
                backdrop: "#00000080", shadow: false, restingButton: false, labels: .always, font: "Sans 9",
                interaction: .pie, gesture: GestureTuning(deadZone: 25), width: 500, lines: 20),
            openDuration: 0.5, closeDuration: 0)
        let (text, json) = Reports.status(menu)
        #expect(
            lines(text).contains(
                "Appearance: top-left, margin 8.5×0; button 48 #123456 (open-menu in #000000cc), items 40; no shadow, backdrop #00000080, no resting button"
            ))
        #expect(lines(text).contains("Motion: spring 1/-2, press 0.8, open 0.5 s, close 0 s"))
        #expect(
            json["appearance"] == [
                "anchor": "top-left", "margin": [8.5, 0.0], "buttonSize": 48.0, "itemSize": 40.0,
                "buttonColor": "#123456", "buttonIcon": "open-menu", "iconColor": "#000000cc", "springDamping": 1.0,
                "springVelocity": -2.0, "pressScale": 0.8, "backdrop": "#00000080", "shadow": false,
                "restingButton": false, "labels": "always", "font": "Sans 9", "interaction": "pie",
                "hoverConfirm": false,
                "gesture": ["minStroke": 150.0, "turnAngle": 20.0, "pauseMs": 100.0, "jitter": 10.0, "deadZone": 25.0],
                "turbo": true, "width": 500.0, "lines": 20.0, "openDuration": 0.5, "closeDuration": 0.0,
            ])
    }

    /// A centred button has no margin to speak of.
    @Test func aCentredButtonLeavesOutTheMargin() throws {
        var menu = try MenuSnapshot(DBusPropertyValues(Self.properties, from: "petald"))
        menu.appearance.settings.anchor = .center
        #expect(
            lines(Reports.status(menu).text).contains {
                $0.hasPrefix("Appearance: center; button 60 #ef5285")
            })
    }

    /// A v1 petald has no Appearance: status shows the defaults rather than failing.
    @Test func aVersion1PetaldShowsTheDefaults() throws {
        let (text, json) = Reports.status(try MenuSnapshot(DBusPropertyValues(Self.properties, from: "petald")))
        #expect(lines(text).contains("Motion: spring 0.75/1, press 0.95, open 0.3 s, close 0.3 s"))
        #expect(json["appearance"]?["anchor"] == "bottom-right")
    }
}
