import PetalCore

/// An open chain of menus drawn as one picture, as `petal-overlay --render
/// --open` draws it: every menu but the last expanded at rest, the last at
/// the state and time asked for, each submenu spread from the item that
/// opened it, and the items its parents fade while it is open.
public struct ChainPicture: Equatable, Sendable {
    /// One menu of the picture: its scene, and its centre button's centre in
    /// picture coordinates (the picture's top-left corner at (0, 0)).
    public struct Layer: Equatable, Sendable {
        public var scene: Scene
        public var centre: Point
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
    /// into `state`.
    ///
    /// - Precondition: `openedFrom.count == menus.count - 1`, and each id is an item of its menu.
    public init(_ menus: [SceneMenu], openedFrom: [String], state: MenuState, at seconds: Double) {
        precondition(!menus.isEmpty && openedFrom.count == menus.count - 1, "a chain has one opener per submenu")
        // Far from every edge of a virtual output, nothing is moved inwards.
        let room = 1e6
        let output = OutputGeometry(name: "", frame: Rect(x: 0, y: 0, width: 2 * room, height: 2 * room))
        var chain = MenuChainPlacement(menus[0], centre: Point(x: room, y: room), on: output)
        for (submenu, item) in zip(menus.dropFirst(), openedFrom) {
            let opened = chain.open(submenu, from: item)
            precondition(opened, "no item \(item) to open a submenu from")
        }
        var bounds: Rect?
        for placed in chain.menus {
            let reach = Placement.reach(of: placed.menu).offset(by: placed.centre)
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
                Layer(scene: scene, centre: Point(x: placed.centre.x - area.minX, y: placed.centre.y - area.minY)))
        }
    }
}
