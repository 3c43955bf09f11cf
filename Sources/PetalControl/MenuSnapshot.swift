import DBus
import PetalCore

/// The Menu interface's properties at one moment, read with one `GetAll`.
struct MenuSnapshot: Equatable, Sendable {
    /// A row of `Items` (`a(ssssbb)`).
    struct Item: Equatable, Sendable {
        var id, title, icon, action: String
        var enabled, selected: Bool
    }

    /// A row of `Actions` (`a(sss)`).
    struct Action: Equatable, Sendable {
        var id, plugin, title: String
    }

    /// A row of `Plugins` (`a(sssss)`).
    struct Plugin: Equatable, Sendable {
        var name, version, path, status, reason: String
    }

    /// A row of `Layout` (`a(sdd)`).
    struct Place: Equatable, Sendable {
        var id: String
        var x, y: Double
    }

    var state = "", highlighted = "", layoutStyle = "", version = ""
    var items: [Item] = []
    var actions: [Action] = []
    var plugins: [Plugin] = []
    var layout: [Place] = []

    /// Reads the properties `GetAll` returned.
    ///
    /// - Throws: when a property is missing or has another type than SPEC §2 gives it.
    init(properties: [String: DBusValue]) throws {
        func value(_ name: String, _ signature: String) throws -> DBusValue {
            guard let value = properties[name], value.type.signature == signature else {
                throw DBusError.failed("petald's \(name) property is \(properties[name].map { "of type \($0.type)" } ?? "missing"); expected \(signature). Is it a petald of another version?")
            }
            return value
        }
        func rows(_ name: String, _ signature: String) throws -> [[DBusValue]] {
            try (value(name, signature).arrayElements ?? []).map {
                guard case .structure(let fields) = $0 else { return [] }
                return fields
            }
        }
        state = try value("State", "s").stringValue ?? ""
        highlighted = try value("Highlighted", "s").stringValue ?? ""
        layoutStyle = try value("LayoutStyle", "s").stringValue ?? ""
        version = try value("Version", "s").stringValue ?? ""
        items = try rows("Items", "a(ssssbb)").map {
            Item(id: $0[0].stringValue ?? "", title: $0[1].stringValue ?? "", icon: $0[2].stringValue ?? "",
                 action: $0[3].stringValue ?? "", enabled: $0[4].boolValue ?? false, selected: $0[5].boolValue ?? false)
        }
        actions = try rows("Actions", "a(sss)").map {
            Action(id: $0[0].stringValue ?? "", plugin: $0[1].stringValue ?? "", title: $0[2].stringValue ?? "")
        }
        plugins = try rows("Plugins", "a(sssss)").map {
            Plugin(name: $0[0].stringValue ?? "", version: $0[1].stringValue ?? "", path: $0[2].stringValue ?? "",
                   status: $0[3].stringValue ?? "", reason: $0[4].stringValue ?? "")
        }
        layout = try rows("Layout", "a(sdd)").map {
            Place(id: $0[0].stringValue ?? "", x: $0[1].doubleValue ?? 0, y: $0[2].doubleValue ?? 0)
        }
    }

    /// How many plugins have each status, in SPEC §2's order of statuses.
    var pluginCounts: [(status: String, count: Int)] {
        ["loaded", "disabled", "incompatible", "failed", "quarantined"].map { status in
            (status, plugins.filter { $0.status == status }.count)
        }
    }
}
