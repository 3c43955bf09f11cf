import PetalCore
import Testing

@testable import PetalScene

/// The hardest way to open a chain (docs/overlay.md, "A chain that never
/// covers itself"): at every corner and edge of outputs of scale 1 and 2,
/// 1 to 8 menus deep, each submenu opened from the item nearest the edge
/// the chain started at, so that every one pushes the chain off the output.
@Suite struct ChainCornerTests {
    typealias F = SceneFixtures

    /// The same logical size at scale 1 and 2, the second right of the first.
    static let outputs = [
        OutputGeometry(name: "eDP-1", frame: Rect(x: 0, y: 0, width: 1280, height: 720), scale: 1),
        OutputGeometry(name: "DP-1", frame: Rect(x: 1280, y: 0, width: 1280, height: 720), scale: 2),
    ]

    /// Each corner, and the middle of each edge asked for with `at`.
    static let placements: [(name: String, request: PlacementRequest)] =
        [Anchor.topLeft, .topRight, .bottomLeft, .bottomRight].map { ($0.rawValue, PlacementRequest(anchor: $0)) }
        + [
            ("left edge", Point(x: 0, y: 360)), ("top edge", Point(x: 640, y: 0)),
            ("right edge", Point(x: 1280, y: 360)), ("bottom edge", Point(x: 640, y: 720)),
        ].map { ($0.0, PlacementRequest(anchor: .bottomRight, at: $0.1)) }

    /// The menu opened at `level`: a seed-sized menu of four items, radial,
    /// linear and stack in turn, its ids `level`-prefixed.
    static func menu(level: Int) -> SceneMenu {
        let styles: [LayoutStyle] = [.radial, .linear, .stack]
        var menu = F.menu(styles[level % styles.count], count: 4)
        for index in menu.items.indices { menu.items[index].id = "m\(level)-\(index)" }
        return menu
    }

    /// The item of the chain's last menu nearest `target`, on the output.
    static func nearest(to target: Point, in chain: MenuChainPlacement) -> String {
        let last = chain.menus[chain.menus.count - 1]
        return last.menu.items.min {
            last.centre.adding($0.position).distance(to: target) < last.centre.adding($1.position).distance(to: target)
        }!.id
    }

    /// Each menu's items, relative to its centre, and each menu's centre relative to the top-level one's.
    static func shape(of chain: MenuChainPlacement) -> [([Point], Point)] {
        chain.menus.map { menu in
            (
                menu.menu.items.map(\.position),
                Point(x: menu.centre.x - chain.menus[0].centre.x, y: menu.centre.y - chain.menus[0].centre.y)
            )
        }
    }

    @Test(arguments: outputs)
    func chainsOpenedOutwardsAtEveryCornerAndEdgeCoverNothingAndStayOn(_ output: OutputGeometry) {
        let area = Rect(x: 0, y: 0, width: output.size.width, height: output.size.height)
        var fitting = 0
        for (name, request) in Self.placements {
            var chain = MenuChainPlacement(Self.menu(level: 0), placed: request, on: output, pointer: nil)
            let start = Placement.wantedCentre(of: Self.menu(level: 0), placed: request, on: output, pointer: nil)
            var openers: [String] = []
            for level in 1..<Limits.menuChain {
                let before = Self.shape(of: chain)
                let opener = Self.nearest(to: start, in: chain)
                let opened = chain.open(Self.menu(level: level), from: opener)
                #expect(opened)
                openers.append(opener)
                let context = "\(level + 1) deep at the \(name) of \(output.name)"
                if let fault = ChainNoCoverTests.fault(in: chain, openers: openers) {
                    Issue.record("\(context): \(fault)")
                    return
                }
                // The menus already open moved together, if at all: none changed its shape or its place in the chain.
                let after = Self.shape(of: chain).prefix(before.count)
                #expect(
                    zip(before, after).allSatisfy { $0.0 == $1.0 && F.near($0.1, $1.1, 1e-9) },
                    "\(context): a menu moved on its own")
                let circles = chain.circles
                #expect(
                    chain.circles(ofMenu: chain.menus.count - 1)[0].lies(in: area),
                    "\(context): the button that closes it is off the output")
                let bounds = circles.dropFirst().reduce(circles[0].bounds) { $0.union($1.bounds) }
                if level < 4 {
                    #expect(
                        bounds.width <= area.width && bounds.height <= area.height,
                        "\(context): a chain this shallow fits: \(bounds)")
                }
                guard bounds.width <= area.width && bounds.height <= area.height else { continue }
                fitting += 1
                #expect(circles.allSatisfy { $0.lies(in: area) }, "\(context): \(bounds) leaves \(area)")
            }
        }
        #expect(fitting >= Self.placements.count * 3, "\(fitting) chains fit")
    }

    /// A single menu at each corner and edge is where it is asked to go, moved inwards just enough.
    @Test(arguments: outputs)
    func aMenuAloneAtEveryCornerAndEdgeLiesOnTheOutput(_ output: OutputGeometry) {
        let area = Rect(x: 0, y: 0, width: output.size.width, height: output.size.height)
        for (name, request) in Self.placements {
            let menu = Self.menu(level: 0)
            let chain = MenuChainPlacement(menu, placed: request, on: output, pointer: nil)
            #expect(chain.circles.allSatisfy { $0.lies(in: area) }, "at the \(name)")
            #expect(
                F.near(chain.menus[0].centre, Placement.centre(of: menu, placed: request, on: output, pointer: nil)),
                "at the \(name): as a menu alone is placed")
        }
    }
}
