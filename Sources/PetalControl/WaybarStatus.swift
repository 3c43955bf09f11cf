import PetalAPI
import PetalCore
import PetalJSON
import TextEscaping

/// The line a waybar custom module reads (`"return-type": "json"`): `text`,
/// `alt`, `tooltip` and `class`.
///
/// `text`, `alt` and the first class are the menu's state (`collapsed`,
/// `expanding`, `expanded`, `collapsing`) or `offline`; never empty, since
/// waybar hides a module whose text is empty. A second class, `running`, is
/// added while actions run, so a style sheet can show activity. `text` and
/// `tooltip` are Pango markup to waybar, so titles are escaped.
enum WaybarStatus {
    static func line(menu: MenuSnapshot?, runningActions: Int) -> String {
        guard let menu else {
            return JSONValue.object([
                "text": "offline", "alt": "offline", "tooltip": "petald is not running", "class": "offline",
            ]).jsonText
        }
        var tooltip = ["Petal \(menu.version): \(menu.state)"]
        let titles = menu.items.map { item in
            (item.title.isEmpty ? item.id : item.title) + (item.selected ? " ★" : "")
                + (item.enabled ? "" : " (disabled)")
        }
        tooltip.append(titles.isEmpty ? "no items" : titles.joined(separator: ", "))
        if !menu.highlighted.isEmpty { tooltip.append("highlighted: \(menu.highlighted)") }
        if runningActions > 0 {
            tooltip.append(runningActions == 1 ? "1 action running" : "\(runningActions) actions running")
        }
        let classes: JSONValue = runningActions > 0 ? [.string(menu.state), "running"] : .string(menu.state)
        return JSONValue.object([
            "text": .string(menu.state), "alt": .string(menu.state),
            "tooltip": .string(XMLText.escaped(tooltip.joined(separator: "\n"))), "class": classes,
        ]).jsonText
    }
}
