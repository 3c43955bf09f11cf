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
public struct ShowOptions: Equatable, Sendable {
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
    public var context: ContextProperty?

    /// Options that say nothing: open where the menu's anchor says.
    public init(
        anchor: Anchor? = nil, at: MenuPoint? = nil, output: String? = nil, toggle: Bool = false,
        context: ContextProperty? = nil
    ) {
        (self.anchor, self.at, self.output, self.toggle, self.context) = (anchor, at, output, toggle, context)
    }

    /// An output's name is at most this long.
    public static let maximumOutputBytes = 255

    /// Reads `anchor s`, `at (ii)`, `output s`, `toggle b` and `context
    /// a{sv}`; other keys are left to the caller (`ChooseFrom`'s `timeout`,
    /// say) and otherwise ignored.
    ///
    /// - Throws: `InvalidArgs` naming the option and what it takes.
    public init(_ options: DBusVariantDictionary) throws(DBusError) {
        for (key, raw) in options.entries {
            let value = raw.unwrapped
            switch key {
            case "anchor":
                guard let text = value.stringValue, let anchor = Anchor(rawValue: text) else {
                    throw DBusError.invalidArgs(
                        "option \"anchor\" must be one of \(Anchor.allCases.map(\.rawValue).joined(separator: ", ")), not \(value)"
                    )
                }
                self.anchor = anchor
            case "at":
                guard let point = MenuPoint(dbusValue: value) else {
                    throw DBusError.invalidArgs(
                        "option \"at\" must be a point (ii) of logical pixels on the output, not \(value.type)")
                }
                at = point
            case "output":
                guard let name = value.stringValue, !name.isEmpty, name.utf8.count <= Self.maximumOutputBytes else {
                    throw DBusError.invalidArgs(
                        "option \"output\" must be an output's name (s, 1 to \(Self.maximumOutputBytes) bytes), not \(value)"
                    )
                }
                output = name
            case "toggle":
                guard let flag = value.boolValue else {
                    throw DBusError.invalidArgs("option \"toggle\" must be a boolean (b), not \(value.type)")
                }
                toggle = flag
            case "context":
                guard let given = DBusVariantDictionary(dbusValue: value) else {
                    throw DBusError.invalidArgs(
                        "option \"context\" must be a context (a{sv}) with the keys \(ContextProperty.keyList), not \(value.type)"
                    )
                }
                context = try ContextProperty(given)
            default:
                continue
            }
        }
    }

    /// The options as `Show` takes them.
    public var dictionary: DBusVariantDictionary {
        var entries: [(key: String, value: DBusValue)] = []
        if let anchor { entries.append(("anchor", .string(anchor.rawValue))) }
        if let at { entries.append(("at", at.dbusValue)) }
        if let output { entries.append(("output", .string(output))) }
        if toggle { entries.append(("toggle", .boolean(true))) }
        if let context { entries.append(("context", context.dictionary.dbusValue)) }
        return DBusVariantDictionary(entries)
    }
}

/// A menu's `Placement` (docs/dbus-api.md): where clients draw it.
public struct MenuPlacement: Equatable, Sendable {
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

    /// A placement.
    public init(
        anchor: Anchor, at: MenuPoint? = nil, output: String? = nil, parent: ObjectPath? = nil,
        item: String? = nil
    ) {
        (self.anchor, self.at, self.output, self.parent, self.item) = (anchor, at, output, parent, item)
    }

    /// Reads a `Placement` leniently: what it lacks or cannot read is as if not given.
    public init(_ dictionary: DBusVariantDictionary) {
        self.init(anchor: .bottomRight)
        for (key, raw) in dictionary.entries {
            let value = raw.unwrapped
            switch key {
            case "anchor": if let anchor = value.stringValue.flatMap(Anchor.init(rawValue:)) { self.anchor = anchor }
            case "at": at = MenuPoint(dbusValue: value)
            case "output": output = value.stringValue
            case "parent": parent = ObjectPath(dbusValue: value)
            case "item": item = value.stringValue
            default: continue
            }
        }
    }

    /// The placement as `Placement` serves it.
    public var dictionary: DBusVariantDictionary {
        var entries: [(key: String, value: DBusValue)] = [("anchor", .string(anchor.rawValue))]
        if let at { entries.append(("at", at.dbusValue)) }
        if let output { entries.append(("output", .string(output))) }
        if let parent { entries.append(("parent", .objectPath(parent))) }
        if let item { entries.append(("item", .string(item))) }
        return DBusVariantDictionary(entries)
    }
}
