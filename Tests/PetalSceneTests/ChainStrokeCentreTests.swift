import PetalCore
import Testing

@testable import PetalScene

/// A submenu opened by a pie stroke is centred where the stroke paused or
/// turned, not on its item, so that the stroke goes on in it; the chain
/// still never covers itself and still moves inwards together at an edge.
@Suite struct ChainStrokeCentreTests {
    typealias F = SceneFixtures

    static let output = OutputGeometry(name: "DP-1", frame: Rect(x: 0, y: 0, width: 1920, height: 1080), scale: 1)
    static let middle = Point(x: 960, y: 540)

    static func submenu(_ prefix: String, count: Int = 4) -> SceneMenu {
        var menu = F.menu(.radial, count: count)
        for index in menu.items.indices { menu.items[index].id = "\(prefix)\(index)" }
        return menu
    }

    /// Whether any circle of one menu of `chain` covers one of another.
    static func covers(_ chain: MenuChainPlacement) -> Bool {
        chain.menus.indices.contains { later in
            (0..<later).contains { earlier in
                chain.circles(ofMenu: earlier).contains { first in
                    chain.circles(ofMenu: later).contains { first.overlaps($0) }
                }
            }
        }
    }

    @Test func aSubmenuOpenedAtAPointIsCentredThere() {
        var chain = MenuChainPlacement(F.menu(.radial), centre: Self.middle, on: Self.output)
        let stroke = Point(x: 960 - 180, y: 540 + 150)
        let opened = chain.open(Self.submenu("sub"), from: "item1", centre: stroke)
        #expect(opened)
        #expect(chain.menus.map(\.centre) == [Self.middle, stroke], "the parent stays, the submenu is at the stroke")
        #expect(chain.menus[0].openedItem == "item1")
        #expect(!Self.covers(chain), "far from its item, the submenu covers nothing of its parent")
        // Its items fan away from the parent: each lies farther from it than the submenu's centre.
        let away = chain.menus[1].centre.distance(to: Self.middle)
        for item in chain.menus[1].menu.items {
            #expect(chain.menus[1].centre.adding(item.position).distance(to: Self.middle) > away, "\(item.id)")
        }
    }

    @Test func withoutAPointTheSubmenuIsOnItsItemAsBefore() {
        var onItem = MenuChainPlacement(F.menu(.radial), centre: Self.middle, on: Self.output)
        var atItem = onItem
        onItem.open(Self.submenu("sub"), from: "item0")
        let item = F.menu(.radial).items[0].position
        atItem.open(Self.submenu("sub"), from: "item0", centre: Self.middle.adding(item))
        #expect(zip(onItem.menus, atItem.menus).allSatisfy { F.near($0.centre, $1.centre, 1e-9) })
        #expect(onItem.circles.count == atItem.circles.count)
        #expect(zip(onItem.circles, atItem.circles).allSatisfy { F.near($0.centre, $1.centre, 1e-9) })
    }

    @Test func aSubmenuOpenedNearAnEdgeMovesTheWholeChainInwardsTogether() {
        var chain = MenuChainPlacement(F.menu(.radial), centre: Point(x: 400, y: 400), on: Self.output)
        // A stroke that ran to 10 px from the left edge.
        let stroke = Point(x: 10, y: 420)
        chain.open(Self.submenu("sub"), from: "item2", centre: stroke)
        let moved = Point(x: chain.menus[0].centre.x - 400, y: chain.menus[0].centre.y - 400)
        #expect(moved.x > 0, "the chain moved right: \(moved)")
        #expect(F.near(chain.menus[1].centre, stroke.adding(moved)), "the submenu moved by as much as its parent")
        #expect(chain.circles.allSatisfy { $0.lies(in: Rect(x: 0, y: 0, width: 1920, height: 1080)) })
    }

    @Test func aThreeLevelStrokeCentresEachSubmenuWhereItTurned() {
        var chain = MenuChainPlacement(F.menu(.radial), centre: Self.middle, on: Self.output)
        let corners = [Point(x: 760, y: 540), Point(x: 760, y: 340)]
        chain.open(Self.submenu("a"), from: "item1", centre: corners[0])
        chain.open(Self.submenu("b"), from: "a2", centre: corners[1])
        #expect(chain.menus.map(\.centre) == [Self.middle] + corners)
        #expect(chain.menus.map(\.openedItem) == ["item1", "a2", nil])
        #expect(!Self.covers(chain))
    }

    @Test func aPointThatIsNotFiniteOpensNothing() {
        var chain = MenuChainPlacement(F.menu(.radial), centre: Self.middle, on: Self.output)
        let before = chain
        let opened = chain.open(Self.submenu("sub"), from: "item0", centre: Point(x: .nan, y: 10))
        #expect(!opened)
        #expect(chain == before)
    }
}
