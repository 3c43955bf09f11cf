import PetalCore

/// An open chain of menus drawn as one picture, as `petal-overlay --render
/// --open` draws it: every menu but the last expanded at rest, the last at
/// the state and time asked for, each submenu spread from the item that
/// opened it, the items its parents fade while it is open, and the labels
/// each menu shows, placed as the live overlay places them.
public struct ChainPicture: Equatable, Sendable {
    /// One menu of the picture: its scene, its centre button's centre in
    /// picture coordinates (the picture's top-left corner at (0, 0)), and
    /// its labels by item id, relative to that centre.
    public struct Layer: Equatable, Sendable {
        public var scene: Scene
        public var centre: Point
        public var labels: [String: Rect] = [:]
    }

    /// The menus, the top-level one first, in the order they are painted.
    public private(set) var layers: [Layer] = []
    /// The picture's size in pixels: even, and just large enough for
    /// everything each menu can draw.
    public let width: Int
    public let height: Int
    /// The time each layer's scene is drawn at.
    public let time: Double

    /// The chain `menus`, each after the first opened from the item of the
    /// one before it whose id is in `openedFrom` (`openedFrom[i]` is the item
    /// of `menus[i]` that opened `menus[i + 1]`); the last menu `seconds`
    /// into `state`. Each menu shows the labels its `appearance.labels`
    /// asks for (with nothing highlighted, those shown all the time), each
    /// of the size `labelSize` gives for its menu and item (in that menu's
    /// font); none when it is nil.
    ///
    /// - Precondition: `openedFrom.count == menus.count - 1`, and each id is an item of its menu.
    public init(
        _ menus: [SceneMenu], openedFrom: [String], state: MenuState, at seconds: Double,
        labelSize: ((SceneMenu) -> (SceneItem) -> Size)? = nil
    ) {
        precondition(!menus.isEmpty && openedFrom.count == menus.count - 1, "a chain has one opener per submenu")
        var chain = Self.placed(menus[0], labelSize: labelSize?(menus[0]))
        for (submenu, item) in zip(menus.dropFirst(), openedFrom) {
            let opened = chain.open(submenu, from: item, labelSize: labelSize?(submenu))
            precondition(opened, "no item \(item) to open a submenu from")
        }
        var bounds: Rect?
        var labels: [[String: Rect]] = []
        for (index, placed) in chain.menus.enumerated() {
            let shown = labelSize.map { chain.labelBoxes(ofMenu: index, highlighted: "", size: $0(placed.menu)) } ?? [:]
            labels.append(shown)
            let reach = shown.values.reduce(Placement.reach(of: placed.menu)) { $0.union($1) }.offset(by: placed.centre)
            bounds = bounds.map { $0.union(reach) } ?? reach
        }
        let area = bounds!
        func even(_ length: Double) -> Int { 2 * Int((length / 2).rounded(.up)) }
        width = even(area.width)
        height = even(area.height)
        time = seconds
        let last = chain.menus.count - 1
        let lastScene = Scene(menu: chain.menus[last].menu, state: state)
        for (index, placed) in chain.menus.enumerated() {
            var scene = index == last ? lastScene : Scene(menu: placed.menu, state: .expanded, at: -3600)
            scene.itemOpacity = chain.itemOpacity(ofMenu: index, submenuSpread: lastScene.spread(at: seconds))
            layers.append(
                Layer(
                    scene: scene, centre: Point(x: placed.centre.x - area.minX, y: placed.centre.y - area.minY),
                    labels: labels[index]))
        }
    }

    /// The labels `menu` drawn alone shows with `highlighted` highlighted,
    /// by item id, relative to its centre button, each of the size
    /// `labelSize` gives its item: as the live overlay places them, far
    /// from any edge of an output.
    public static func labels(
        of menu: SceneMenu, highlighted: String, labelSize: @escaping (SceneItem) -> Size
    ) -> [String: Rect] {
        placed(menu, labelSize: labelSize).labelBoxes(ofMenu: 0, highlighted: highlighted, size: labelSize)
    }

    /// `menu` at the middle of a virtual output so large that nothing is
    /// wrapped or moved inwards.
    private static func placed(_ menu: SceneMenu, labelSize: ((SceneItem) -> Size)?) -> MenuChainPlacement {
        let room = 1e6
        let output = OutputGeometry(name: "", frame: Rect(x: 0, y: 0, width: 2 * room, height: 2 * room))
        return MenuChainPlacement(menu, centre: Point(x: room, y: room), on: output, labelSize: labelSize)
    }
}
