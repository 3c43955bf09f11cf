import Glibc
import PetalCore

@testable import PetalScene

/// Menus and an overlay stand-in for the gesture recognizer's tests.
enum GestureFixtures {
    /// A level of `count` items at `first + step·i` degrees, all enabled,
    /// those in `submenus` opening submenus; the dead zone of the default
    /// 60 px centre button.
    static func level(
        _ ids: [String], first: Double = 0, step: Double? = nil, centre: Point = Point(x: 600, y: 400),
        submenus: Set<String> = [], disabled: Set<String> = []
    ) -> GestureLevel {
        let step = step ?? 360 / Double(ids.count)
        return GestureLevel(
            centre: centre,
            items: ids.enumerated().map { index, id in
                GestureLevel.Item(
                    id: id, angle: first + step * Double(index), enabled: !disabled.contains(id),
                    opensSubmenu: submenus.contains(id))
            },
            deadZone: 30)
    }

    /// The eight compass points from east, counter-clockwise, with "n" (up) opening `apps`.
    static let main = level(["e", "ne", "n", "nw", "w", "sw", "s", "se"], submenus: ["n"])
    /// `apps`: "web" (east) opens `web`.
    static let apps = level(["web", "mail", "files", "music", "games", "chat", "code", "draw"], submenus: ["web"])
    /// `web`: four browsers, "firefox" south.
    static let web = level(["chromium", "epiphany", "lynx", "firefox"])

    /// The submenus the overlay stand-in opens, by the item that opens them.
    static let submenus = ["n": apps, "web": web]

    /// The point `distance` from `centre` in direction `degrees` (counter-clockwise from +x, y down).
    static func point(_ degrees: Double, _ distance: Double, from centre: Point = Point(x: 600, y: 400)) -> Point {
        let radians = degrees * Double.pi / 180
        return Point(x: centre.x + distance * cos(radians), y: centre.y - distance * sin(radians))
    }

    /// Only the events that choose something: what opens, what is activated, the centre button.
    static func choices(_ events: [GestureEvent]) -> [GestureEvent] {
        events.filter { if case .highlight = $0 { false } else { true } }
    }
}
