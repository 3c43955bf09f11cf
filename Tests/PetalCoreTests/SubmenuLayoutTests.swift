import PetalCore
import Testing

/// Where the menus of an open chain are drawn: each submenu spreads from the
/// item that opened it, and its parents' other items are faded.
@Suite struct SubmenuLayoutTests {
    let linear = MenuGeometry(style: .linear).positions(count: 3, discs: LayoutDiscs())
    let stack = MenuGeometry(style: .stack, spacing: 50).positions(count: 2, discs: LayoutDiscs(button: 40, item: 40))
    let radial = MenuGeometry(style: .radial, firstAngle: 0, angleInterval: 90, radius: 100).positions(
        count: 4, discs: LayoutDiscs())

    @Test func oneMenuSitsAroundTheCentreButtonAndNothingIsFaded() {
        let chain = SubmenuLayout(linear)
        #expect(chain.menus.count == 1)
        #expect(chain.menus[0].centre == Point(x: 0, y: 0))
        #expect(chain.menus[0].placed == linear)
        #expect(chain.menus[0].openedItem == nil)
        #expect(linear.indices.allSatisfy { !chain.menus[0].isFaded($0) })
        #expect(chain.allPlaced == linear)
    }

    @Test func aSubmenuSpreadsFromTheItemThatOpenedIt() {
        var chain = SubmenuLayout(linear)
        chain.open(from: 1, layout: stack)
        #expect(chain.menus.count == 2)
        #expect(chain.menus[1].centre == Point(x: 160, y: 0), "the centre of main's second item")
        #expect(chain.menus[1].layout == stack, "its own layout, around its own centre")
        #expect(chain.menus[1].placed == [Point(x: 160, y: -50), Point(x: 160, y: -100)])
        #expect(chain.menus[0].placed == linear, "the parent's items stay where they are")
        #expect(chain.allPlaced == linear + chain.menus[1].placed)
    }

    @Test func theParentsOtherItemsAreFadedButNotTheOpenedOne() {
        var chain = SubmenuLayout(linear)
        chain.open(from: 2, layout: stack)
        #expect(chain.menus[0].openedItem == 2)
        #expect([0, 1, 2].map(chain.menus[0].isFaded) == [true, true, false])
        #expect([0, 1].map(chain.menus[1].isFaded) == [false, false], "the innermost menu is drawn in full")
        #expect(SubmenuLayout.fadedOpacity == 0.4)
    }

    @Test func eachMenuOfADeepChainSpreadsFromItsParentsPlacedItem() {
        var chain = SubmenuLayout(linear)
        chain.open(from: 0, layout: radial)
        chain.open(from: 3, layout: stack)
        // main's first item is at (80, 0); radial's fourth, at 270°, is (0, 100) from there.
        #expect(chain.menus[1].centre == Point(x: 80, y: 0))
        let third = chain.menus[2].centre
        #expect(abs(third.x - 80) < 1e-9 && abs(third.y - 100) < 1e-9, "\(third)")
        #expect(abs(chain.menus[2].placed[1].y - 0) < 1e-9, "stack goes up from (80, 100) by 50 twice")
        #expect(chain.menus.map(\.openedItem) == [0, 3, nil])
        #expect([0, 1, 2].map(chain.menus[0].isFaded) == [false, true, true])
        #expect([0, 1, 2, 3].map(chain.menus[1].isFaded) == [true, true, true, false])
        #expect(chain.allPlaced.count == 3 + 4 + 2)
    }

    @Test func aClientMayMoveASubmenusCentreAndItsItemsAndSubmenusFollow() {
        var chain = SubmenuLayout(linear)
        var given: [Point] = []
        chain.open(from: 2, layout: stack) { opener in
            given.append(opener)
            return Point(x: opener.x - 40, y: opener.y)
        }
        #expect(given == [Point(x: 240, y: 0)], "the opening item's centre")
        #expect(chain.menus[1].centre == Point(x: 200, y: 0))
        #expect(chain.menus[1].placed == [Point(x: 200, y: -50), Point(x: 200, y: -100)])
        chain.open(from: 1, layout: stack)
        #expect(chain.menus[2].centre == Point(x: 200, y: -100), "the next one spreads from where the item went")
    }

    @Test func aSubmenuOfOneItemFromAMenuOfOneItemFadesNothing() {
        var chain = SubmenuLayout([Point(x: 0, y: -80)])
        chain.open(from: 0, layout: [Point(x: 0, y: -80)])
        #expect(chain.menus[1].placed == [Point(x: 0, y: -160)])
        #expect(!chain.menus[0].isFaded(0) && !chain.menus[1].isFaded(0))
    }
}
