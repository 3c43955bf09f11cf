import DBus
import PetalCore

/// The options of `Pick` and `PickFrom` (docs/dbus-api.md): `Show`'s and
/// `Choose`'s keys, as `ChooseFrom` takes them.
public typealias PickOptions = ChooseFromOptions

/// What `Pick` and `PickFrom` answer (docs/dbus-api.md): the items chosen,
/// and how. Every key is written.
public struct PickAnswer: DBusRecord, Equatable {
    /// The ids chosen, in menu order; each named from the picked menu down
    /// (`apps/web`) when it was in a submenu; empty for a custom entry.
    public var ids: [String] = []
    /// The filter text when the choice was made.
    public var filter = ""
    /// Whether the filter text itself was chosen rather than an item.
    public var custom = false
    /// The custom key that chose (from 1), or 0 for Enter or a click.
    public var key: UInt32 = 0

    /// An answer with nothing chosen.
    public init() {}

    /// An answer.
    public init(ids: [String], filter: String = "", custom: Bool = false, key: UInt32 = 0) {
        (self.ids, self.filter, self.custom, self.key) = (ids, filter, custom, key)
    }

    public static let keys: [DBusRecordKey<PickAnswer>] = [
        .always("ids", \.ids, what: "item ids (as)"),
        .always("filter", \.filter, what: "the filter text (s)"),
        .always("custom", \.custom, what: "a boolean (b)"),
        .always("key", \.key, what: "a custom key's number (u)"),
    ]
}

/// The details of `Submit` (docs/dbus-api.md): how a frontend says what was
/// chosen besides the ids.
public struct SubmitDetails: DBusRecord, Equatable {
    /// The filter text when the choice was made.
    public var filter = ""
    /// Whether the filter text itself is chosen (then no ids are given).
    public var custom = false
    /// The custom key that chose (from 1), or 0 for Enter or a click.
    public var key: UInt32 = 0

    /// Details that say nothing: a row chosen with Enter or a click.
    public init() {}

    /// Details.
    public init(filter: String = "", custom: Bool = false, key: UInt32 = 0) {
        (self.filter, self.custom, self.key) = (filter, custom, key)
    }

    public static let keys: [DBusRecordKey<SubmitDetails>] = [
        .value(
            "filter", \.filter, default: "",
            what: "the filter text (s) of at most \(PickerSettings.maximumTextBytes) bytes",
            accepts: { $0.utf8.count <= PickerSettings.maximumTextBytes }),
        .flag("custom", \.custom),
        .value(
            "key", \.key, default: 0, what: "a custom key's number from 1 to \(PickerSettings.maximumKeys), or 0 (u)",
            accepts: { $0 <= PickerSettings.maximumKeys }),
    ]

    public static func subject(_ key: String) -> String { "Submit detail \"\(key)\"" }
}
