import DBusJSON
import PetalAPI
import PetalCore
import PetalJSON

/// The text and JSON forms of what the query commands print. The JSON shapes
/// are part of petalctl's interface (documented in petalctl(1), pinned by
/// golden files in the tests): members are only ever added.
enum Reports {
    static func status(_ menu: MenuSnapshot) -> (text: String, json: JSONValue) {
        let enabled = menu.items.filter(\.enabled).count
        let selected = menu.items.filter(\.selected).count
        let counts = menu.pluginCounts.filter { $0.count > 0 }
        var table = TextTable("", "")
        table.rows = [
            ["Menu:", menu.name],
            ["State:", menu.state.rawValue],
            ["Layout:", menu.layoutStyle.rawValue],
            ["Highlighted:", menu.highlighted.isEmpty ? "-" : menu.highlighted],
            ["Items:", "\(menu.items.count) (\(enabled) enabled, \(selected) selected)"],
            ["Actions:", "\(menu.actions.count)"],
            ["Plugins:", counts.isEmpty ? "none" : counts.map { "\($0.count) \($0.status)" }.joined(separator: ", ")],
            ["Appearance:", appearanceLine(menu.appearance.settings)],
            ["Motion:", motionLine(menu.appearance)],
            ["Version:", menu.version],
        ]
        let json: JSONValue = [
            "menu": .string(menu.name),
            "state": .string(menu.state.rawValue),
            "layout": .string(menu.layoutStyle.rawValue),
            "highlighted": .string(menu.highlighted),
            "items": [
                "total": .int(Int64(menu.items.count)), "enabled": .int(Int64(enabled)),
                "selected": .int(Int64(selected)),
            ],
            "actions": .int(Int64(menu.actions.count)),
            "plugins": .object(JSONObject(menu.pluginCounts.map { ($0.status.rawValue, .int(Int64($0.count))) })),
            "version": .string(menu.version),
            "appearance": appearanceJSON(menu.appearance),
        ]
        return (table.text, json)
    }

    /// Where the button is and how it and the items look:
    /// `bottom-right, margin 16×32; button 60 #ef5285 (list-add in #ffffff), items 60; shadow, no backdrop`,
    /// with `, no resting button` after it when the button does not rest on the screen.
    static func appearanceLine(_ look: AppearanceSettings) -> String {
        let place =
            look.anchor == .center
            ? look.anchor.rawValue
            : "\(look.anchor.rawValue), margin \(look.margin.x.compactText)×\(look.margin.y.compactText)"
        let button =
            "button \(look.buttonSize.compactText) \(look.buttonColor) (\(look.buttonIcon) in \(look.iconColor))"
        let extras =
            (look.shadow ? "shadow" : "no shadow") + ", "
            + (look.backdrop.isEmpty ? "no backdrop" : "backdrop \(look.backdrop)")
            + (look.restingButton ? "" : ", no resting button")
        return "\(place); \(button), items \(look.itemSize.compactText); \(extras)"
    }

    /// How the menu moves: `spring 0.75/1, press 0.95, open 0.3 s, close 0.3 s`.
    static func motionLine(_ appearance: MenuAppearance) -> String {
        let look = appearance.settings
        return "spring \(look.springDamping.compactText)/\(look.springVelocity.compactText), "
            + "press \(look.pressScale.compactText), open \(appearance.openDuration.compactText) s, "
            + "close \(appearance.closeDuration.compactText) s"
    }

    /// `Appearance` as JSON: its keys as petald serves them, every number a JSON number.
    static func appearanceJSON(_ appearance: MenuAppearance) -> JSONValue {
        DBusJSON.json(appearance.dictionary.dbusValue)
    }

    static func items(_ menu: MenuSnapshot) -> (text: String, json: JSONValue) {
        var table = TextTable("ID", "TITLE", "ICON", "ACTION", "ENABLED", "SELECTED")
        for item in menu.items {
            table.add(item.id, item.title, item.icon, item.action, yesNo(item.enabled), yesNo(item.selected))
        }
        let json = JSONValue.array(
            menu.items.map {
                [
                    "id": .string($0.id), "title": .string($0.title), "icon": .string($0.icon),
                    "action": .string($0.action), "enabled": .bool($0.enabled), "selected": .bool($0.selected),
                ]
            })
        return (table.text, json)
    }

    static func actions(_ menu: MenuSnapshot) -> (text: String, json: JSONValue) {
        var table = TextTable("ACTION", "PLUGIN", "TITLE")
        for action in menu.actions { table.add(action.id, action.plugin, action.title) }
        let json = JSONValue.array(
            menu.actions.map {
                ["id": .string($0.id), "plugin": .string($0.plugin), "title": .string($0.title)]
            })
        return (table.text, json)
    }

    /// A plugin's file as it is, and a provider's `dbus:<bus name><object path>`
    /// (docs/dbus-api.md) as its bus name and object path apart: glued
    /// together, a unique name's colon read as part of the `dbus:` prefix
    /// (`dbus::1.3/org/…`). The JSON keeps the property's own form.
    static func readable(location: String) -> String {
        guard location.hasPrefix("dbus:") else { return location }
        let rest = location.dropFirst("dbus:".count)
        guard let slash = rest.firstIndex(of: "/"), slash != rest.startIndex else { return location }
        return "\(rest[..<slash]) \(rest[slash...])"
    }

    static func plugins(_ menu: MenuSnapshot) -> (text: String, json: JSONValue) {
        var table = TextTable("NAME", "VERSION", "STATUS", "RUNS", "FILE", "REASON")
        for plugin in menu.plugins {
            let runs = PluginPlace(plugin)
            table.add(
                plugin.name.isEmpty ? "-" : plugin.name, plugin.version.isEmpty ? "-" : plugin.version,
                plugin.status.rawValue, runs.text, Self.readable(location: plugin.path), plugin.reason)
        }
        let json = JSONValue.array(
            menu.plugins.map {
                var row: JSONObject = [
                    "name": .string($0.name), "version": .string($0.version), "path": .string($0.path),
                    "status": .string($0.status.rawValue), "reason": .string($0.reason),
                    "runs": .string(PluginPlace($0).kind),
                ]
                if let pid = PluginPlace($0).pid { row["pid"] = .int(Int64(pid)) }
                return .object(row)
            })
        return (table.text, json)
    }

    /// Where a plugin runs, from its row: inside petald, in a host process of its own, or as a D-Bus provider.
    struct PluginPlace {
        /// `petald`, `isolated`, `provider`, or "" for a plugin that does not run.
        let kind: String
        /// The host's pid, for an isolated plugin whose host runs.
        let pid: Int?

        init(_ plugin: MenuSnapshot.Plugin) {
            let loaded = plugin.status == .loaded
            if plugin.path.hasPrefix("dbus:") {
                kind = loaded ? "provider" : ""
                pid = nil
            } else if loaded && plugin.reason.hasPrefix("isolated") {
                kind = "isolated"
                let prefix = "isolated, pid "
                pid =
                    plugin.reason.hasPrefix(prefix)
                    ? Int(plugin.reason.dropFirst(prefix.count).prefix { $0.isNumber }) : nil
            } else {
                kind = loaded ? "petald" : ""
                pid = nil
            }
        }

        /// For the table: `petald`, `host 4242`, `host (not running)`, `provider`, or `-`.
        var text: String {
            switch kind {
            case "isolated": pid.map { "host \($0)" } ?? "host (not running)"
            case "": "-"
            default: kind
            }
        }
    }

    static func layout(_ menu: MenuSnapshot) -> (text: String, json: JSONValue) {
        var table = TextTable("ID", "X", "Y")
        for place in menu.layout { table.add(place.id, place.x.compactText, place.y.compactText) }
        let json: JSONValue = [
            "style": .string(menu.layoutStyle.rawValue),
            "items": .array(menu.layout.map { ["id": .string($0.id), "x": .double($0.x), "y": .double($0.y)] }),
        ]
        return ("Layout: \(menu.layoutStyle)\n" + table.text, json)
    }

    /// An action's result: one `key: value` line per member (JSON for non-strings).
    static func result(_ result: JSONObject) -> String {
        result.map { member in
            "\(member.key): \(member.value.stringValue ?? member.value.jsonText)\n"
        }.joined()
    }

    private static func yesNo(_ flag: Bool) -> String { flag ? "yes" : "no" }
}
