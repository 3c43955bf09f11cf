import PetalJSON

/// Where a configuration writes a menu's items: the menu, and the place of
/// its `items` value in the text.
public struct MenuSite: Equatable, Sendable {
    /// The menu's name.
    public var menu: String
    /// The JSON path of its `items`, e.g. `menus.apps.items`.
    public var path: String
    /// Where the value starts in the text, when known.
    public var position: SourcePosition?

    /// Creates a site.
    public init(menu: String, path: String, position: SourcePosition? = nil) {
        (self.menu, self.path, self.position) = (menu, path, position)
    }
}

/// The warnings for menus too large for a small screen (docs/configuration.md,
/// "No overlap"): a menu expanded at rest, its rows wrapped, that cannot lie
/// on a 1280×720 output, with how many of its items would.
public enum LayoutFitCheck {
    /// The output every menu is measured against: the smallest common laptop screen.
    public static let output = (width: 1280.0, height: 720.0)

    /// The width and height `count` items of `section` take expanded at
    /// rest, with its button, laid out for an output of `width` × `height`
    /// (its rows wrapped there, from its anchor).
    public static func extent(of section: MenuSection, count: Int, width: Double, height: Double) -> (
        width: Double, height: Double
    ) {
        let discs = LayoutDiscs(section.appearance)
        let room = LayoutRoom(width: width, height: height, anchor: section.appearance.anchor)
        let places = section.settings.geometry.positions(count: count, discs: discs, room: room)
        let (button, item) = (discs.button / 2, discs.item / 2)
        let left = places.map { $0.x - item }.reduce(-button, min)
        let right = places.map { $0.x + item }.reduce(button, max)
        let top = places.map { $0.y - item }.reduce(-button, min)
        let bottom = places.map { $0.y + item }.reduce(button, max)
        return (right - left, bottom - top)
    }

    /// What is wrong when `section` expanded cannot lie on an output of
    /// `width` × `height`, naming the menu, its items and how many would
    /// fit; nil when it fits.
    public static func warning(for section: MenuSection, width: Double = output.width, height: Double = output.height)
        -> String?
    {
        func fits(_ count: Int) -> Bool {
            let size = extent(of: section, count: count, width: width, height: height)
            // A hair of slack: a circle that exactly touches an edge lies on the output.
            return size.width <= width + 1e-9 && size.height <= height + 1e-9
        }
        let count = section.items.count
        guard count > 0, !fits(count) else { return nil }
        let size = extent(of: section, count: count, width: width, height: height)
        let style = section.settings.geometry.style.rawValue
        let fitting = (1..<count).reversed().first(where: fits)
        let would =
            fitting.map { "at most \($0) of its items would" }
            ?? "not even one of its items would, at this buttonSize and itemSize"
        return "menu \(JSONPath.quoted(section.name)) cannot fit a \(Int(width))×\(Int(height)) output expanded: "
            + "its \(count) items laid out \(style) take \(Self.pixels(size.width))×\(Self.pixels(size.height)) "
            + "pixels; \(would)"
    }

    /// One warning for each menu of `configuration` that cannot fit
    /// ``output``, in menu order, placed at its `items` in `sites` and said of `file`.
    public static func warnings(
        for configuration: MenuConfiguration, sites: [MenuSite], file: String?
    ) -> [ConfigurationProblem] {
        var siteOf: [String: MenuSite] = [:]
        for site in sites { siteOf[site.menu] = site }
        return configuration.menus.compactMap { menu in
            guard let message = warning(for: menu) else { return nil }
            let site = siteOf[menu.name]
            return ConfigurationProblem(
                .warning, path: site?.path ?? defaultPath(menu: menu.name), message, at: site?.position, file: file)
        }
    }

    /// The JSON path of the items of menu `name`, for a configuration that came from no text.
    static func defaultPath(menu name: String) -> String {
        name == MenuName.main ? "items" : JSONPath.member("items", of: JSONPath.member(name, of: "menus"))
    }

    /// A length in whole pixels, rounded up.
    private static func pixels(_ length: Double) -> String {
        String(Int(length.rounded(.up)))
    }
}
