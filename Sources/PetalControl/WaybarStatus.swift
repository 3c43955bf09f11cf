import PetalAPI
import PetalCore
import PetalJSON
import TextEscaping

/// The line a waybar custom module reads (`"return-type": "json"`): `text`,
/// `alt`, `tooltip` and `class`.
///
/// `text` and the first class are the menu's state (`collapsed`,
/// `expanding`, `expanded`, `collapsing`) or `offline`; never empty, since
/// waybar hides a module whose text is empty. While a menu is open (petald's
/// `ActiveMenu`), `alt` is its name, and so is a second class; while none
/// is, `alt` is the main menu's state too, as before named menus. One more
/// class, `running`, is added while actions run, so a style sheet can show
/// activity. `text` and `tooltip` are Pango markup to waybar, so titles are
/// escaped.
enum WaybarStatus {
    /// The line for `menu` (nil: petald is offline), the open one when `open`.
    static func line(menu: MenuSnapshot?, open: Bool = false, runningActions: Int) -> String {
        guard let menu else {
            return JSONValue.object([
                "text": "offline", "alt": "offline", "tooltip": "petald is not running", "class": "offline",
            ]).jsonText
        }
        let named = open ? "\(menu.title.isEmpty ? menu.name : menu.title) " : ""
        var tooltip = ["Petal \(menu.version): \(named)\(menu.state)"]
        let titles = menu.items.map { item in
            (item.title.isEmpty ? item.id : item.title) + (item.selected ? " ★" : "")
                + (item.enabled ? "" : " (disabled)")
        }
        tooltip.append(titles.isEmpty ? "no items" : titles.joined(separator: ", "))
        if !menu.highlighted.isEmpty { tooltip.append("highlighted: \(menu.highlighted)") }
        if runningActions > 0 {
            tooltip.append(runningActions == 1 ? "1 action running" : "\(runningActions) actions running")
        }
        let state = menu.state.rawValue
        let names = [state] + (open ? [menu.name] : []) + (runningActions > 0 ? ["running"] : [])
        let classes: JSONValue = names.count == 1 ? .string(state) : .array(names.map(JSONValue.string))
        return JSONValue.object([
            "text": .string(state), "alt": .string(open ? menu.name : state),
            "tooltip": .string(XMLText.escaped(tooltip.joined(separator: "\n"))), "class": classes,
        ]).jsonText
    }
}
