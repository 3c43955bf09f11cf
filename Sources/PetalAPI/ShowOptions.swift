import DBus
import PetalCore

/// A point in an output's logical pixels, `(ii)`: where `Show`'s `at` puts
/// the centre button's centre, relative to the output's top-left corner.
public struct MenuPoint: Equatable, Sendable, DBusArgumentValue {
    public var x, y: Int32

    /// A point.
    public init(x: Int32, y: Int32) { (self.x, self.y) = (x, y) }

    static let layout = DBusStructLayout(Int32.self, Int32.self)
    public static let dbusType = DBusType.structure(layout.fieldTypes)
    public var dbusValue: DBusValue { Self.layout.encode(x, y) }
    public init?(dbusValue value: DBusValue) {
        guard let (x, y) = Self.layout.decode(value) else { return nil }
        self.init(x: x, y: y)
    }
}

/// The options of `Show` and `ShowMenu` (docs/dbus-api.md): where a menu
/// opens, and whether a second press closes it. petalctl builds them and
/// petald reads them with the same code.
public struct ShowOptions: DBusRecord, Equatable {
    /// Where the centre button goes, as `appearance.anchor`.
    public var anchor: Anchor?
    /// Where the centre button's centre goes on the output, in logical pixels; wins over ``anchor``.
    public var at: MenuPoint?
    /// The output to open on, by its name (`HDMI-A-1`).
    public var output: String?
    /// When the menu is open, close it instead.
    public var toggle = false
    /// For `ShowMenu("")`: choose the menu with this context instead of the
    /// `Context` property, for this call (others ignore it).
    public var context: DesktopContext?
    /// The menu is shown by a key whose modifier is still held: releasing
    /// it chooses the highlighted item (docs/overlay.md, "Pie gestures").
    public var turbo = false

    /// Options that say nothing: open where the menu's anchor says.
    public init() {}

    /// Options that say what is given.
    public init(
        anchor: Anchor? = nil, at: MenuPoint? = nil, output: String? = nil, toggle: Bool = false,
        context: DesktopContext? = nil, turbo: Bool = false
    ) {
        (self.anchor, self.at, self.output, self.toggle, self.context) = (anchor, at, output, toggle, context)
        self.turbo = turbo
    }

    /// An output's name is at most this long.
    public static let maximumOutputBytes = Limits.outputNameBytes

    /// `anchor s`, `at (ii)`, `output s`, `toggle b`, `context a{sv}` and `turbo b`;
    /// other keys are ignored (``ChooseFromOptions`` holds these and `Choose`'s).
    public static let keys: [DBusRecordKey<ShowOptions>] = [
        .value("anchor", \.anchor, what: "one of \(Anchor.caseList)"),
        .value("at", \.at, what: "a point (ii) of logical pixels on the output"),
        .value(
            "output", \.output, what: "an output's name (s, 1 to \(maximumOutputBytes) bytes)",
            accepts: { !$0.isEmpty && $0.utf8.count <= maximumOutputBytes }),
        .flag("toggle", \.toggle),
        .record("context", \.context, what: "a context with the keys \(DesktopContext.keyList)"),
        .flag("turbo", \.turbo),
    ]
}

/// A menu's `Placement` (docs/dbus-api.md): where clients draw it. petald
/// serves it; clients read it leniently (``DBusRecord/init(lenient:)``).
public struct MenuPlacement: DBusRecord, Equatable {
    /// Its anchor: the configured one, or the one `Show` gave.
    public var anchor: Anchor
    /// Where `Show` put its centre button on the output, if it said.
    public var at: MenuPoint?
    /// The output `Show` named, if any.
    public var output: String?
    /// For a submenu: the menu it was opened from, and the item of that menu
    /// whose position its centre takes.
    public var parent: ObjectPath?
    public var item: String?
    /// Whether `Show` said `turbo`: the key that showed it is still held.
    public var turbo = false

    /// The default anchor's placement, as a placement that says nothing reads.
    public init() { anchor = .bottomRight }

    /// A placement.
    public init(
        anchor: Anchor, at: MenuPoint? = nil, output: String? = nil, parent: ObjectPath? = nil,
        item: String? = nil, turbo: Bool = false
    ) {
        (self.anchor, self.at, self.output, self.parent, self.item) = (anchor, at, output, parent, item)
        self.turbo = turbo
    }

    public static let keys: [DBusRecordKey<MenuPlacement>] = [
        .always("anchor", \.anchor, what: "one of \(Anchor.caseList)"),
        .value("at", \.at, what: "a point (ii)"),
        .value("output", \.output, what: "an output's name (s)"),
        .value("parent", \.parent, what: "a menu's object (o)"),
        .value("item", \.item, what: "an item's id (s)"),
        .flag("turbo", \.turbo),
    ]
}
