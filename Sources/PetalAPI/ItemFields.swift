import DBus
import PetalCore

/// One field of an item, declared once for both ends: its property on the
/// item's object (`org.petal.Petal1.Item`), what petald serves of a
/// ``MenuItem``, and where a client keeps it in ``ItemDetails``. petald's
/// item properties, the changes it announces on a reload, and a client's
/// reading of an item object all come from ``PetalBus/Item/fields``.
public struct ItemField: Sendable {
    /// The property.
    public let property: any DBusPropertyMember
    /// The property served for every object registered with an `Object`
    /// context, reading the item `item` finds for it.
    private let serving: @Sendable (@escaping @Sendable (any Sendable) -> MenuItem?) -> DBusProperty
    /// Whether the property's value differs between two states of an item.
    private let differs: @Sendable (MenuItem, MenuItem) -> Bool
    /// Reads the property into a client's details, keeping the default when it is missing or mistyped.
    private let store: @Sendable (inout ItemDetails, DBusPropertyValues) -> Void
    /// The item's value, unless a client that knows only `details` already holds it.
    private let beyond: @Sendable (MenuItem, ItemDetails) -> DBusValue?

    /// A field of `property`, served as `value` of the item, kept by clients at `detail`.
    static func field<Value: DBusArgumentValue & Equatable>(
        _ property: DBusPropertyDeclaration<Value>, _ value: @escaping @Sendable (MenuItem) -> Value,
        _ detail: any WritableKeyPath<ItemDetails, Value> & Sendable
    ) -> ItemField {
        let fallback = ItemDetails()[keyPath: detail]
        return ItemField(
            property: property,
            serving: { item in property.serve((any Sendable).self) { item($0).map(value) ?? fallback } },
            differs: { value($0) != value($1) },
            store: { details, values in
                if let read = (try? values.valueIfPresent(property)) ?? nil { details[keyPath: detail] = read }
            },
            beyond: { item, details in
                let served = value(item)
                return served == details[keyPath: detail] ? nil : served.dbusValue
            })
    }

    /// The property, served for every object registered with a context
    /// (``ObjectServer/register(_:at:context:)``), of the item `item` finds
    /// for the context; the field's default when it finds none.
    public func served<Object: Sendable>(_: Object.Type, item: @escaping @Sendable (Object) -> MenuItem?)
        -> DBusProperty
    {
        serving { context in (context as? Object).flatMap(item) }
    }

    /// Whether the property changes from `old` to `new`.
    public func changes(from old: MenuItem, to new: MenuItem) -> Bool { differs(old, new) }

    /// The item's value of the field, or nil when `details` (what a client
    /// reads from the item's row of `Items`) already holds it.
    public func value(of item: MenuItem, beyond details: ItemDetails) -> DBusValue? { beyond(item, details) }

    /// Reads the property of `values` into `details`.
    public func read(_ values: DBusPropertyValues, into details: inout ItemDetails) { store(&details, values) }
}

extension PetalBus.Item {
    /// Every property of an item's object but `Id`, which never changes, in introspection order.
    public static let fields: [ItemField] = [
        .field(title, { $0.title }, \.title),
        .field(icon, { $0.icon }, \.icon),
        .field(selectedIcon, { $0.selectedIcon }, \.selectedIcon),
        .field(color, { $0.color }, \.color),
        .field(action, { $0.kind == .action ? $0.action : "" }, \.action),
        .field(enabled, { $0.enabled }, \.enabled),
        .field(selected, { $0.selected }, \.selected),
        .field(toggle, { $0.toggle }, \.toggle),
        .field(kind, { $0.kind }, \.kind),
        .field(submenu, { $0.submenu.map(PetalBus.menuPath) ?? .root }, \.submenu),
        .field(key, { $0.key ?? "" }, \.key),
        .field(meta, { $0.meta }, \.meta),
    ]
}
