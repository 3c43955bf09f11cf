import Glibc
import PetalCore
import TestSupport
import Testing

@testable import PetalScene

/// A chain that never covers itself (docs/overlay.md): each submenu's centre
/// on its item, its items fanned away from its parent, no circle of one menu
/// over a circle of another, and the whole chain on the output whenever it
/// can be, wherever it opens, at any scale, 1 to 8 menus deep.
@Suite struct ChainNoCoverTests {
    typealias F = SceneFixtures

    /// Outputs of both scales, one of them right of another so that desktop and output coordinates differ.
    static let outputs = [
        OutputGeometry(name: "eDP-1", frame: Rect(x: 0, y: 0, width: 1280, height: 720), scale: 1),
        OutputGeometry(name: "DP-1", frame: Rect(x: 1280, y: 0, width: 1280, height: 720), scale: 2),
        OutputGeometry(name: "DP-2", frame: Rect(x: 0, y: 0, width: 1920, height: 1080), scale: 2),
    ]

    /// Where a top-level menu may be asked to go on `output`: each corner,
    /// the middle of each edge, the centre, and the pointer in a corner.
    static func placements(on output: OutputGeometry) -> [(PlacementRequest, Point?)] {
        let (width, height) = (output.frame.width, output.frame.height)
        let edges = [
            Point(x: 0, y: height / 2), Point(x: width / 2, y: 0), Point(x: width, y: height / 2),
            Point(x: width / 2, y: height),
        ]
        return [Anchor.bottomRight, .bottomLeft, .topRight, .topLeft, .center].map {
            (PlacementRequest(anchor: $0), nil)
        }
            + edges.map { (PlacementRequest(anchor: .bottomRight, at: $0), nil) }
            + [(PlacementRequest(anchor: .pointer), output.desktop(Point(x: width - 1, y: height - 1)))]
    }

    /// A random small menu, as petald would serve it, its items named `prefix0`, `prefix1`…
    static func randomMenu(_ prefix: String, using generator: inout SeededGenerator) -> SceneMenu {
        // A list is drawn as rows of text, not circles of a chain.
        let style = LayoutStyle.allCases.filter { $0 != .list }.randomElement(using: &generator)!
        let item = Double.random(in: 36...60, using: &generator)
        let appearance = AppearanceSettings(buttonSize: Double.random(in: 30...item, using: &generator), itemSize: item)
        let sign: Double = Bool.random(using: &generator) ? 1 : -1
        let geometry = MenuGeometry(
            style: style, spacing: Double.random(in: 44...90, using: &generator),
            firstAngle: Double.random(in: -180...180, using: &generator),
            angleInterval: sign * Double.random(in: 20...90, using: &generator),
            radius: Double.random(in: 60...120, using: &generator))
        let places = geometry.positions(count: Int.random(in: 1...5, using: &generator), discs: LayoutDiscs(appearance))
        return SceneMenu(
            items: places.enumerated().map { SceneItem(id: "\(prefix)\($0.offset)", position: $0.element) },
            appearance: appearance, name: prefix, style: style)
    }

    /// What is wrong with `chain`, opened from the items `openers`, or nil.
    static func fault(in chain: MenuChainPlacement, openers: [String]) -> String? {
        for (index, menu) in chain.menus.enumerated() where index > 0 {
            let parent = chain.menus[index - 1]
            let opener = parent.menu.items.first { $0.id == openers[index - 1] }!.position
            guard F.near(menu.centre, parent.centre.adding(opener), 1e-6) else {
                return "menu \(index) at \(menu.centre) is not on its item, \(parent.centre.adding(opener))"
            }
        }
        for later in chain.menus.indices {
            for earlier in 0..<later {
                for (a, first) in chain.circles(ofMenu: earlier).enumerated() {
                    for (b, second) in chain.circles(ofMenu: later).enumerated() where first.overlaps(second) {
                        // A submenu's button is drawn on the item that opened it.
                        let opener = chain.menus[earlier].menu.items.firstIndex { $0.id == openers[earlier] }
                        if later == earlier + 1, b == 0, a == opener.map({ $0 + 1 }) { continue }
                        return
                            "circle \(b) of menu \(later) (\(second)) covers circle \(a) of menu \(earlier) (\(first))"
                    }
                }
            }
        }
        return nil
    }

    @Test(arguments: outputs)
    func noMenuOfAChainCoversAnotherAndAllOfItStaysOnTheOutput(_ output: OutputGeometry) {
        var generator = SeededGenerator(seed: 3400 + UInt64(output.frame.width + output.frame.x))
        let area = Rect(x: 0, y: 0, width: output.frame.width, height: output.frame.height)
        var (chains, onOutput) = (0, 0)
        for (request, pointer) in Self.placements(on: output) {
            for depth in 1...Limits.menuChain {
                for _ in 0..<6 {
                    let top = Self.randomMenu("m0-", using: &generator)
                    var chain = MenuChainPlacement(top, placed: request, on: output, pointer: pointer)
                    var openers: [String] = []
                    for level in 1..<depth {
                        let opener = chain.menus[level - 1].menu.items.randomElement(using: &generator)!.id
                        let opened = chain.open(Self.randomMenu("m\(level)-", using: &generator), from: opener)
                        #expect(opened)
                        openers.append(opener)
                    }
                    chains += 1
                    if let fault = Self.fault(in: chain, openers: openers) {
                        Issue.record("\(depth) deep at \(request) on \(output.name): \(fault)")
                        return
                    }
                    let circles = chain.circles
                    let bounds = circles.dropFirst().reduce(circles[0].bounds) { $0.union($1.bounds) }
                    let innermost = chain.circles(ofMenu: chain.menus.count - 1)[0]
                    #expect(innermost.lies(in: area), "the button that closes it stays reachable")
                    guard bounds.width <= area.width && bounds.height <= area.height else { continue }
                    onOutput += 1
                    #expect(
                        circles.allSatisfy { $0.lies(in: area) },
                        "\(depth) deep at \(request) on \(output.name): \(bounds) leaves \(area)")
                }
            }
        }
        #expect(onOutput * 5 >= chains * 4, "most chains fit, so the output is truly tested: \(onOutput) of \(chains)")
    }

    @Test(arguments: [1.0, 2.0])
    func aThreeDeepChainAtTheBottomRightCornerStaysOnTheOutputUncovered(_ scale: Double) {
        let output = OutputGeometry(name: "DP-1", frame: Rect(x: 0, y: 0, width: 1280, height: 720), scale: scale)
        let request = PlacementRequest(anchor: .bottomRight)
        var apps = F.menu(.radial, count: 4)
        for index in apps.items.indices { apps.items[index].id = "app\(index)" }
        var games = F.menu(.linear, count: 3)
        for index in games.items.indices { games.items[index].id = "game\(index)" }
        let alone = MenuChainPlacement(F.menu(.radial), placed: request, on: output, pointer: nil)
        var chain = alone
        chain.open(apps, from: "item2")
        chain.open(games, from: "app3")
        #expect(Self.fault(in: chain, openers: ["item2", "app3"]) == nil)
        let area = Rect(x: 0, y: 0, width: 1280, height: 720)
        #expect(chain.circles.allSatisfy { $0.lies(in: area) }, "\(chain.circles)")
        // Apps fans left from main's item at 180°, its last item reaching below the output:
        // main moved up with it, and games (on apps' item) with both.
        #expect(chain.menus[0].centre.x == alone.menus[0].centre.x)
        #expect(chain.menus[0].centre.y < alone.menus[0].centre.y - 50)
    }

    @Test func aRadialSubmenuIsCentredOnTheDirectionFromItsParentsCentreToItsItem() {
        var chain = MenuChainPlacement(F.menu(.radial), centre: Point(x: 640, y: 360), on: Self.outputs[0])
        var submenu = F.menu(.radial)
        for index in submenu.items.indices { submenu.items[index].id = "sub\(index)" }
        chain.open(submenu, from: "item1")
        let opener = chain.menus[0].menu.items[1].position  // at 140°
        let middle = chain.menus[1].menu.items[1].position
        #expect(F.near(atan2(middle.y, middle.x), atan2(opener.y, opener.x)), "the middle item points away")
        #expect(F.near(middle.distance(to: .zero), 100), "nothing in the way: the radius is as served")
    }

    @Test func aFullCircleSubmenuGrowsUntilItClearsItsParent() {
        let eight = MenuGeometry(style: .radial, firstAngle: 0, angleInterval: 45).positions(
            count: 8, discs: LayoutDiscs())
        var parent = F.menu(.radial, count: 8)
        var submenu = F.menu(.radial, count: 8)
        for index in 0..<8 {
            parent.items[index].position = eight[index]
            submenu.items[index].position = eight[index]
            submenu.items[index].id = "sub\(index)"
        }
        var chain = MenuChainPlacement(parent, centre: Point(x: 960, y: 540), on: Self.outputs[2])
        chain.open(submenu, from: "item0")
        #expect(Self.fault(in: chain, openers: ["item0"]) == nil)
        let radius = chain.menus[1].menu.items[0].position.distance(to: .zero)
        #expect(radius > 130, "a ring of 100 around the item would cross its parent's: \(radius)")
        let radii = chain.menus[1].menu.items.map { $0.position.distance(to: .zero) }
        #expect(radii.allSatisfy { F.near($0, radius, 1e-6) }, "it stays a circle")
    }

    @Test func aRowGoesAwayFromItsParentAndAColumnToo() {
        var left = MenuChainPlacement(F.menu(.radial), centre: Point(x: 640, y: 360), on: Self.outputs[0])
        left.open(F.menu(.linear, count: 2), from: "item1")  // at 140°, left of the centre
        #expect(left.menus[1].menu.items.allSatisfy { $0.position.x < 0 && $0.position.y == 0 })
        let down = MenuGeometry(style: .radial, firstAngle: 270).positions(count: 1, discs: LayoutDiscs())
        var parent = F.menu(.radial, count: 1)
        parent.items[0].position = down[0]
        var below = MenuChainPlacement(parent, centre: Point(x: 640, y: 200), on: Self.outputs[0])
        below.open(F.menu(.stack, count: 2), from: "item0")
        #expect(below.menus[1].menu.items.allSatisfy { $0.position.y > 0 && $0.position.x == 0 })
    }
}
