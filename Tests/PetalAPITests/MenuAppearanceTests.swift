import DBus
import PetalAPI
import PetalCore
import Testing

/// Reading `Appearance` leniently (docs/dbus-api.md): a client must work with an
/// older petald (no property), and with a newer one (other keys, other types).
struct MenuAppearanceTests {
    /// What petald serves for `appearance` written out in full.
    static let served: [String: DBusValue] = [
        "anchor": .string("pointer"), "margin": .array(.double, [.double(4), .double(8)]),
        "buttonSize": .double(48), "itemSize": .double(40), "buttonColor": .string("#123456"),
        "buttonIcon": .string("open-menu"), "iconColor": .string("#000000cc"), "springDamping": .double(1),
        "springVelocity": .double(-2), "pressScale": .double(0.8), "backdrop": .string("#00000080"),
        "shadow": .boolean(false), "restingButton": .boolean(false), "labels": .string("always"),
        "font": .string("Cantarell Bold 11"), "interaction": .string("hover"), "hoverConfirm": .boolean(true),
        "gesture": DBusVariantDictionary([
            ("minStroke", .double(120)), ("turnAngle", .double(30)), ("pauseMs", .double(200)),
            ("jitter", .double(5)), ("deadZone", .double(40)),
        ]).dbusValue,
        "turbo": .boolean(false), "width": .double(480), "lines": .double(8),
        "openDuration": .double(0.5), "closeDuration": .double(0),
    ]

    /// `values` read as a client reads `Appearance`.
    static func read(_ values: [String: DBusValue]) -> MenuAppearance {
        MenuAppearance(lenient: DBusVariantDictionary(values.map { ($0.key, $0.value) }))
    }

    static let expected = MenuAppearance(
        settings: AppearanceSettings(
            anchor: .pointer, margin: Margin(x: 4, y: 8), buttonSize: 48, itemSize: 40, buttonColor: "#123456",
            buttonIcon: "open-menu", iconColor: "#000000cc", springDamping: 1, springVelocity: -2, pressScale: 0.8,
            backdrop: "#00000080", shadow: false, restingButton: false, labels: .always, font: "Cantarell Bold 11",
            interaction: .hover, hoverConfirm: true,
            gesture: GestureTuning(minStroke: 120, turnAngle: 30, pauseMs: 200, jitter: 5, deadZone: 40),
            turbo: false, width: 480, lines: 8),
        openDuration: 0.5, closeDuration: 0)

    @Test func defaultsAreTheSpecs() {
        let appearance = MenuAppearance()
        #expect(appearance.settings == AppearanceSettings())
        #expect(appearance.openDuration == 0.3 && appearance.closeDuration == 0.3)
        #expect(Self.read([:]) == appearance)
        #expect(MenuAppearance(MenuConfiguration.embeddedDefault) == appearance)
    }

    @Test func everyKeyIsRead() {
        #expect(Self.read(Self.served) == Self.expected)
        #expect(Self.read(Self.served.mapValues { .variant($0) }) == Self.expected, "variants unwrapped")
    }

    /// What petald serves, read back, is what it was made from: every key, in the documented order.
    @Test func servedEntriesRoundTrip() {
        let entries = Self.expected.dictionary.entries
        #expect(
            entries.map(\.key) == [
                "anchor", "margin", "buttonSize", "itemSize", "buttonColor", "buttonIcon", "iconColor",
                "springDamping", "springVelocity", "pressScale", "backdrop", "shadow", "restingButton",
                "labels", "font", "interaction", "hoverConfirm", "gesture", "turbo", "width", "lines", "openDuration",
                "closeDuration",
            ])
        #expect(MenuAppearance(lenient: Self.expected.dictionary) == Self.expected)
        #expect(Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) }) == Self.served)
        let resting = MenuAppearance(settings: AppearanceSettings(restingButton: true))
        #expect(MenuAppearance(lenient: resting.dictionary) == resting)
        #expect(
            MenuAppearance().dictionary.entries.map(\.key)
                == entries.map(\.key).filter { $0 != "labels" && $0 != "interaction" },
            "defaults are written too, but the labels and interaction the layout chooses")
    }

    /// petald names the labels its layout shows when the file leaves them
    /// out; a client that finds none (an older petald) chooses by the layout.
    @Test func labelsAreServedResolvedForTheLayout() {
        func labels(_ appearance: MenuAppearance) -> DBusValue? {
            appearance.dictionary.entries.first { $0.key == "labels" }?.value
        }
        let unnamed = MenuAppearance()
        #expect(labels(unnamed) == nil)
        #expect(labels(unnamed.resolvingLayoutDefaults(for: .stack)) == .string("always"))
        #expect(labels(unnamed.resolvingLayoutDefaults(for: .radial)) == .string("hover"))
        #expect(labels(unnamed.resolvingLayoutDefaults(for: .linear)) == .string("hover"))
        #expect(Self.expected.resolvingLayoutDefaults(for: .radial) == Self.expected, "a named mode wins")
        #expect(Self.read(["labels": .string("none")]).settings.labels == .never)
        #expect(Self.read([:]).settings.labelMode(for: .stack) == .always, "an older petald: the layout chooses")
    }

    /// The interaction is named as the labels are: pie for a radial menu,
    /// point for the others, unless the file names one.
    @Test func interactionIsServedResolvedForTheLayout() {
        func interaction(_ appearance: MenuAppearance) -> DBusValue? {
            appearance.dictionary.entries.first { $0.key == "interaction" }?.value
        }
        let unnamed = MenuAppearance()
        #expect(interaction(unnamed) == nil)
        #expect(interaction(unnamed.resolvingLayoutDefaults(for: .radial)) == .string("pie"))
        #expect(interaction(unnamed.resolvingLayoutDefaults(for: .linear)) == .string("point"))
        #expect(interaction(unnamed.resolvingLayoutDefaults(for: .list)) == .string("point"))
        #expect(Self.read([:]).settings.interactionMode(for: .radial) == .pie, "an older petald: the layout chooses")
    }

    /// The gesture numbers are read one by one: one that is wrong keeps its
    /// default, and a dead zone not given is half the button.
    @Test func gestureNumbersAreReadLeniently() {
        let partial = DBusVariantDictionary([
            ("minStroke", .double(90)), ("turnAngle", .string("sharp")), ("pauseMs", .int32(250)),
            ("jitter", .double(-1)),
        ])
        let read = Self.read(["gesture": partial.dbusValue]).settings.gesture
        #expect(read == GestureTuning(minStroke: 90, pauseMs: 250))
        #expect(Self.read(["gesture": .string("fast")]).settings.gesture == GestureTuning())
        #expect(
            MenuAppearance().dictionary.entries.first { $0.key == "gesture" }?.value
                == DBusVariantDictionary([
                    ("minStroke", .double(150)), ("turnAngle", .double(20)), ("pauseMs", .double(100)),
                    ("jitter", .double(10)),
                ]).dbusValue)
    }

    @Test func unknownKeysAreIgnored() {
        var newer = Self.served
        newer["cornerRadius"] = .double(12)
        newer["theme"] = .vardict([("name", .string("dark"))])
        #expect(Self.read(newer) == Self.expected)
    }

    /// Each key given a value of the wrong type, or one the client cannot use,
    /// keeps its default while the others are still read.
    @Test(arguments: [
        ("anchor", DBusValue.string("middle")), ("anchor", .int32(1)),
        ("margin", .array(.double, [.double(1)])), ("margin", .array(.int32, [.int32(1), .int32(2)])),
        ("margin", .double(16)),
        ("buttonSize", .int32(48)), ("buttonSize", .string("48")), ("buttonSize", .double(.nan)),
        ("itemSize", .uint32(40)), ("buttonColor", .string("blue")), ("buttonColor", .int32(0x123456)),
        ("buttonIcon", .string("")), ("buttonIcon", .boolean(true)), ("iconColor", .string("")),
        ("springDamping", .string("1")), ("springVelocity", .boolean(true)), ("pressScale", .int64(1)),
        ("backdrop", .string("grey")), ("backdrop", .double(0)), ("shadow", .string("false")), ("shadow", .int32(0)),
        ("restingButton", .string("false")), ("restingButton", .uint32(0)),
        ("labels", .string("sometimes")), ("labels", .boolean(true)), ("font", .string("Sans\u{7}")),
        ("font", .string(String(repeating: "f", count: 257))), ("font", .int32(11)),
        ("width", .double(100)), ("width", .string("640")), ("lines", .double(0)), ("lines", .double(101)),
        ("lines", .double(7.5)), ("lines", .uint32(8)),
        ("openDuration", .int32(1)), ("closeDuration", .string("0.1")),
    ])
    func aMistypedKeyKeepsItsDefault(_ key: String, _ value: DBusValue) {
        var values = Self.served
        values[key] = value
        let read = Self.read(values)
        var wanted = Self.expected
        let defaults = MenuAppearance()
        switch key {
        case "anchor": wanted.settings.anchor = defaults.settings.anchor
        case "margin": wanted.settings.margin = defaults.settings.margin
        case "buttonSize": wanted.settings.buttonSize = defaults.settings.buttonSize
        case "itemSize": wanted.settings.itemSize = defaults.settings.itemSize
        case "buttonColor": wanted.settings.buttonColor = defaults.settings.buttonColor
        case "buttonIcon": wanted.settings.buttonIcon = defaults.settings.buttonIcon
        case "iconColor": wanted.settings.iconColor = defaults.settings.iconColor
        case "springDamping": wanted.settings.springDamping = defaults.settings.springDamping
        case "springVelocity": wanted.settings.springVelocity = defaults.settings.springVelocity
        case "pressScale": wanted.settings.pressScale = defaults.settings.pressScale
        case "backdrop": wanted.settings.backdrop = defaults.settings.backdrop
        case "shadow": wanted.settings.shadow = defaults.settings.shadow
        case "restingButton": wanted.settings.restingButton = defaults.settings.restingButton
        case "labels": wanted.settings.labels = defaults.settings.labels
        case "font": wanted.settings.font = defaults.settings.font
        case "width": wanted.settings.width = defaults.settings.width
        case "lines": wanted.settings.lines = defaults.settings.lines
        case "openDuration": wanted.openDuration = defaults.openDuration
        case "closeDuration": wanted.closeDuration = defaults.closeDuration
        default: Issue.record("no such key \(key)")
        }
        #expect(read == wanted)
    }

    @Test func aMissingKeyKeepsItsDefault() {
        var values = Self.served
        values["buttonSize"] = nil
        values["closeDuration"] = nil
        var wanted = Self.expected
        wanted.settings.buttonSize = 60
        wanted.closeDuration = 0.3
        #expect(Self.read(values) == wanted)
    }

    // MARK: - In a snapshot

    /// The v1 properties of a menu with no items, as GetAll returns them.
    static let version1: [String: DBusValue] = [
        "State": .string("collapsed"), "Highlighted": .string(""), "LayoutStyle": .string("radial"),
        "Version": .string("0.1.0"),
        "Items": .array(.structure([.string, .string, .string, .string, .boolean, .boolean]), []),
        "Actions": .array(.structure([.string, .string, .string]), []),
        "Plugins": .array(.structure([.string, .string, .string, .string, .string]), []),
        "Layout": .array(.structure([.string, .double, .double]), []),
    ]

    @Test func aSnapshotOfAVersion1PetaldHasTheDefaultAppearance() throws {
        let snapshot = try MenuSnapshot(DBusPropertyValues(Self.version1, from: "petald"))
        #expect(snapshot.appearance == MenuAppearance())
        #expect(snapshot.state == .collapsed)
    }

    @Test func aSnapshotReadsAppearance() throws {
        var properties = Self.version1
        properties["Appearance"] = .vardict(Self.served.map { ($0.key, $0.value) })
        #expect(try MenuSnapshot(DBusPropertyValues(properties, from: "petald")).appearance == Self.expected)
        properties["Appearance"] = .variant(.string("odd"))
        #expect(
            try MenuSnapshot(DBusPropertyValues(properties, from: "petald")).appearance == MenuAppearance(),
            "a mistyped one is no failure")
    }

    @Test func aSnapshotStillRefusesAMissingVersion1Property() {
        var properties = Self.version1
        properties["Layout"] = nil
        #expect(throws: DBusError.self) { try MenuSnapshot(DBusPropertyValues(properties, from: "petald")) }
    }
}
