import PetalCore

extension MenuChainPlacement {
    /// The labels the menu at `index` shows with `highlighted` highlighted,
    /// per its `appearance.labels` (or its layout's default): their plates
    /// by item id, relative to that menu's centre, each of the size `size`
    /// gives its item (``LabelPlate/size(for:)`` of its title's extent).
    public func labelBoxes(ofMenu index: Int, highlighted: String, size: (SceneItem) -> Size) -> [String: Rect] {
        guard menus.indices.contains(index) else { return [:] }
        let menu = menus[index]
        let mode = menu.menu.appearance.labelMode(for: menu.menu.style)
        let shown = labelledItems(ofMenu: index, mode: mode, highlighted: highlighted)
        let back = menu.centre.scaled(by: -1)
        return labels(ofMenu: index, items: shown, size: size).mapValues { $0.offset(by: back) }
    }

    /// Every place a label of the menu at `index` may take, whatever is
    /// highlighted, relative to its centre: what its window must hold.
    /// Nil when the menu shows no labels.
    public func labelReach(ofMenu index: Int, size: (SceneItem) -> Size) -> Rect? {
        guard menus.indices.contains(index) else { return nil }
        let menu = menus[index]
        let ids = menu.menu.items.map(\.id)
        let boxes: [Rect]
        switch menu.menu.appearance.labelMode(for: menu.menu.style) {
        case .never: return nil
        case .always: boxes = Array(labels(ofMenu: index, items: ids, size: size).values)
        case .hover: boxes = ids.flatMap { labels(ofMenu: index, items: [$0], size: size).values }
        }
        guard let first = boxes.first else { return nil }
        return boxes.dropFirst().reduce(first) { $0.union($1) }.offset(by: menu.centre.scaled(by: -1))
    }
}
