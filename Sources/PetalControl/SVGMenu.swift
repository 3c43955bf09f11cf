import PetalCore
import TextEscaping

/// Draws a ``PreviewModel`` as a standalone SVG document.
///
/// The drawing's origin is the first menu's centre button. Each menu is a
/// group with the class `menu`, `data-menu` (its name) and `data-layout`,
/// translated to its centre: the first menu's is the origin, a submenu's the
/// item that opened it. Inside it every item group's `translate(x y)` is
/// exactly its `Layout` position, which is what tests and other tools can
/// read back. Items carry `data-id`, and the classes `item`, `selected`,
/// `disabled`, `faded` (an item of a parent other than the one its submenu
/// opened from, drawn at ``SubmenuLayout/fadedOpacity``) and `opened` (the
/// item a submenu opened from); each menu's button group has the class
/// `button`. Sizes and colours follow each menu's appearance.
enum SVGMenu {
    static let margin = 16.0
    static let fallbackColor = "#90a4ae"

    static func render(_ model: PreviewModel) -> String {
        let expanded = model.state == .expanded || model.animate
        let bounds = Bounds(model, expanded: expanded)
        let previewed = model.previewed
        let names = model.menus.map(\.name).joined(separator: " → ")
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(bounds.width))" height="\(n(bounds.height))" \
            viewBox="0 0 \(n(bounds.width)) \(n(bounds.height))" font-family="sans-serif">
              <title>Petal menu preview: \(XMLText.escaped(names)), \(previewed.items.count) items, \(previewed.style.rawValue), \(model.state.rawValue)</title>
              <rect width="100%" height="100%" rx="12" fill="#fafafa"/>
              <g id="menu" data-menu="\(XMLText.escaped(previewed.name))" data-layout="\(previewed.style.rawValue)" \
            data-state="\(expanded ? "expanded" : "collapsed")" transform="translate(\(n(bounds.originX)) \(n(bounds.originY)))">

            """
        for (index, menu) in model.menus.enumerated() {
            let placed = model.layout.menus[index]
            // Collapsed, the whole chain is closed: the submenus gather, hidden, under the first button.
            let centre = expanded ? placed.centre : Point(x: 0, y: 0)
            svg += """
                    <g class="menu" data-menu="\(XMLText.escaped(menu.name))" data-layout="\(menu.style.rawValue)" \
                transform="translate(\(n(centre.x)) \(n(centre.y)))"\(index > 0 && !expanded ? " opacity=\"0\"" : "")>

                """
            let labelWidth = labelWidth(menu.items.map(\.position))
            var content = ""
            for (itemIndex, item) in menu.items.enumerated() {
                let look = ItemLook(
                    expanded: expanded, faded: placed.isFaded(itemIndex), opened: placed.openedItem == itemIndex)
                content += self.item(item, look, menu: menu, animate: model.animate, labelWidth: labelWidth)
            }
            content += button(expanded: expanded, menu: menu, animate: model.animate)
            svg += indented(content) + "    </g>\n"
        }
        svg += "  </g>\n</svg>\n"
        return svg
    }

    /// How an item is drawn besides its own properties.
    private struct ItemLook {
        var expanded, faded, opened: Bool
    }

    /// `text`'s lines, two spaces further in.
    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 + "\n" }.joined()
    }

    private static func item(
        _ item: PreviewModel.Item, _ look: ItemLook, menu: PreviewModel.Menu, animate: Bool, labelWidth: Double
    ) -> String {
        let place = look.expanded ? item.position : Point(x: 0, y: 0)
        let classes =
            ["item"] + (item.selected ? ["selected"] : []) + (item.enabled ? [] : ["disabled"])
            + (look.faded ? ["faded"] : []) + (look.opened ? ["opened"] : [])
        // A faded item that is disabled too is fainter still: both fades apply.
        let opacity = (item.enabled ? 1 : 0.4) * (look.faded ? SubmenuLayout.fadedOpacity : 1)
        let itemRadius = menu.itemRadius
        let color = isColor(item.color) ? item.color : fallbackColor
        let initialSize = (itemRadius * 0.8).rounded()
        let initial = item.title.first.map { String($0).uppercased() } ?? "?"
        var notes = item.enabled ? "" : ", disabled"
        if item.selected { notes += ", selected" }
        if look.opened { notes += ", open" }
        var group = """
                <g class="\(classes.joined(separator: " "))" data-id="\(XMLText.escaped(item.id))" \
            transform="translate(\(n(place.x)) \(n(place.y)))" opacity="\(look.expanded ? n(opacity) : "0")">
                  <title>\(XMLText.escaped(item.title)) (\(XMLText.escaped(item.id)))\(notes)</title>

            """
        if animate {
            group += """
                      <animateTransform attributeName="transform" type="translate" from="0 0" \
                to="\(n(item.position.x)) \(n(item.position.y))" dur="\(n(menu.openSeconds))s" fill="freeze"/>
                      <animate attributeName="opacity" from="0" to="\(n(opacity))" dur="\(n(menu.openSeconds))s" fill="freeze"/>

                """
        }
        if item.selected {
            group += "      <circle r=\"\(n(itemRadius + 5))\" fill=\"none\" stroke=\"#263238\" stroke-width=\"3\"/>\n"
        }
        group += """
                  <circle r="\(n(itemRadius))" fill="\(color)"\(item.enabled ? "" : " stroke=\"#616161\" stroke-dasharray=\"4 3\"")/>
                  <text class="initial" text-anchor="middle" dy="\(n(initialSize * 0.35))" font-size="\(n(initialSize))" font-weight="bold"\(paint("fill", menu.appearance.iconColor))>\(XMLText.escaped(initial))</text>
                  <text class="title" text-anchor="middle" y="\(n(itemRadius + 16))" font-size="\(fit(item.title, size: 12, width: labelWidth))" fill="#212121">\(XMLText.escaped(item.title))</text>
                  <text class="icon" text-anchor="middle" y="\(n(itemRadius + 28))" font-size="\(fit(item.icon, size: 9, width: labelWidth))" fill="#757575">\(XMLText.escaped(item.icon))</text>
                </g>

            """
        return group
    }

    /// How wide a label may be before it runs into its neighbour's: the
    /// smallest distance between two items, less a gap (never under 40).
    private static func labelWidth(_ points: [Point]) -> Double {
        var nearest = Double.infinity
        for (index, a) in points.enumerated() {
            for b in points[(index + 1)...] {
                nearest = min(nearest, ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot())
            }
        }
        return max(40, min(120, nearest - 8))
    }

    /// The font size at which a label fits in `width` (at about 0.6 em a
    /// character), at most `size`; a smaller size every renderer honours,
    /// where `textLength` is not.
    private static func fit(_ text: String, size: Double, width: Double) -> String {
        n(min(size, (width / (Double(max(text.count, 1)) * 0.6) * 10).rounded(.down) / 10))
    }

    /// A menu's centre button: a plus, turned 45° into a cross when expanded.
    private static func button(expanded: Bool, menu: PreviewModel.Menu, animate: Bool) -> String {
        let radius = menu.buttonRadius
        let arm = radius * 0.45
        let look = menu.appearance
        var text = """
                <g class="button" transform="rotate(\(expanded ? 45 : 0))">
                  <circle r="\(n(radius))"\(paint("fill", look.buttonColor))/>
                  <path class="glyph" d="M \(n(-arm)) 0 H \(n(arm)) M 0 \(n(-arm)) V \(n(arm))"\(paint("stroke", look.iconColor)) \
            stroke-width="\(n(max(2, (radius / 7).rounded())))" stroke-linecap="round"/>

            """
        if animate {
            text += """
                      <animateTransform attributeName="transform" type="rotate" from="0" to="45" dur="\(n(menu.openSeconds))s" fill="freeze"/>

                """
        }
        return text + "    </g>\n"
    }

    /// The drawing's size and where the first centre button sits in it.
    private struct Bounds {
        var minX, minY, maxX, maxY: Double

        init(_ model: PreviewModel, expanded: Bool) {
            let reach = model.menus[0].buttonRadius + SVGMenu.margin
            (minX, minY, maxX, maxY) = (-reach, -reach, reach, reach)
            guard expanded else { return }
            for (menu, placed) in zip(model.menus, model.layout.menus) {
                let button = menu.buttonRadius + SVGMenu.margin
                minX = min(minX, placed.centre.x - button)
                maxX = max(maxX, placed.centre.x + button)
                minY = min(minY, placed.centre.y - button)
                maxY = max(maxY, placed.centre.y + button)
                let itemRadius = menu.itemRadius
                let halfLabel = max(60, itemRadius + 5)
                for point in placed.placed {
                    // Room for the circle, the selection ring and the two labels below it.
                    minX = min(minX, point.x - halfLabel - SVGMenu.margin)
                    maxX = max(maxX, point.x + halfLabel + SVGMenu.margin)
                    minY = min(minY, point.y - itemRadius - 5 - SVGMenu.margin)
                    maxY = max(maxY, point.y + itemRadius + 32 + SVGMenu.margin)
                }
            }
        }

        var width: Double { maxX - minX }
        var height: Double { maxY - minY }
        var originX: Double { -minX }
        var originY: Double { -minY }
    }

    /// `#rgb` or `#rrggbb` (with or without alpha); anything else is not put into the document.
    static func isColor(_ text: String) -> Bool {
        text.hasPrefix("#") && [4, 5, 7, 9].contains(text.count) && text.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// ` fill="#rrggbb"` (or `stroke`) for a `#rrggbb[aa]` colour, with
    /// ` fill-opacity` when it is not opaque, as SVG 1.1 renderers read it;
    /// white for a colour that is not one (a configuration never has such).
    static func paint(_ attribute: String, _ colour: String) -> String {
        let rgba = RGBAColor(hex: colour) ?? .white
        let hex = String(rgba.description.prefix(7))
        return " \(attribute)=\"\(hex)\"" + (rgba.alpha < 1 ? " \(attribute)-opacity=\"\(n(rgba.alpha))\"" : "")
    }

    private static func n(_ value: Double) -> String { value.compactText }
}
