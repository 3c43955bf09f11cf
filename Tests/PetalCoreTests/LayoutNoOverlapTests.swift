import PetalCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// No two circles of a menu at rest overlap, for every layout and every
/// item count up to the limit (docs/configuration.md, "No overlap"): items
/// at least `itemSize` apart, and (buttonSize + itemSize)/2 from the centre.
@Suite struct LayoutNoOverlapTests {
    /// Rounding in a layout's sines may bring two circles that touch this much closer.
    static let slack = 1e-9

    /// Why `points` break the rule for `discs`, or nil when they keep it.
    static func overlap(in points: [Point], discs: LayoutDiscs) -> String? {
        for (index, point) in points.enumerated() {
            let distance = point.distance(to: Point(x: 0, y: 0))
            if distance < discs.buttonClearance * (1 - slack) {
                return "item \(index) at \(point) is \(distance) from the centre, less than \(discs.buttonClearance)"
            }
            for other in points.indices where other > index {
                let apart = point.distance(to: points[other])
                if apart < discs.item * (1 - slack) {
                    return "items \(index) and \(other) at \(point) and \(points[other]) are \(apart) apart"
                }
            }
        }
        return nil
    }

    /// Angles where layouts change their mind, tried besides random ones.
    static let edgeAngles: [Double] = [
        0, -0.0, 1e-9, 0.5, 5.625, 40, 45, 90, 179.5, 180, 270, 359.5, 360, -40, -180, -360,
    ]

    /// A random geometry of `style` and random discs, as a configuration may give them.
    static func random(_ style: LayoutStyle, using generator: inout SeededGenerator) -> (MenuGeometry, LayoutDiscs) {
        func angle() -> Double {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: edgeAngles.randomElement(using: &generator)!
            case 1: Double.random(in: -12...12, using: &generator)
            default: Double.random(in: -360...360, using: &generator)
            }
        }
        func size() -> Double {
            Bool.random(using: &generator)
                ? Double.random(in: 1...200, using: &generator) : [8, 60, 80, 512].randomElement(using: &generator)!
        }
        let geometry = MenuGeometry(
            style: style, spacing: Double.random(in: 0.5...300, using: &generator), firstAngle: angle(),
            angleInterval: angle(), radius: Double.random(in: 0.5...600, using: &generator))
        return (geometry, LayoutDiscs(button: size(), item: size()))
    }

    /// Every layout drawn as circles; a `list` is drawn as rows of text.
    @Test(arguments: LayoutStyle.allCases.filter { $0 != .list })
    func noTwoCirclesOverlapForEveryCountUpToTheLimit(_ style: LayoutStyle) {
        var generator = SeededGenerator(seed: 34 + UInt64(LayoutStyle.allCases.firstIndex(of: style)!))
        for count in 1...Limits.menuItems {
            for _ in 0..<24 {
                let (geometry, discs) = Self.random(style, using: &generator)
                let points = geometry.positions(count: count, discs: discs)
                #expect(points.count == count)
                if let overlap = Self.overlap(in: points, discs: discs) {
                    Issue.record("\(count) items of \(geometry), \(discs): \(overlap)")
                    return
                }
            }
        }
    }

    @Test(arguments: [LayoutStyle.linear, .stack])
    func wrappedRowsNeitherOverlapNorLeaveAnOutputThatHoldsOneItem(_ style: LayoutStyle) {
        var generator = SeededGenerator(seed: 3434 + UInt64(LayoutStyle.allCases.firstIndex(of: style)!))
        for count in 1...Limits.menuItems {
            for _ in 0..<24 {
                let (geometry, discs) = Self.random(style, using: &generator)
                let room = LayoutRoom(
                    width: Double.random(in: 160...3840, using: &generator),
                    height: Double.random(in: 160...2160, using: &generator), rowsGoUp: Bool.random(using: &generator),
                    columnsGoLeft: Bool.random(using: &generator))
                let points = geometry.positions(count: count, discs: discs, room: room)
                if let overlap = Self.overlap(in: points, discs: discs) {
                    Issue.record("\(count) items of \(geometry), \(discs) in \(room): \(overlap)")
                    return
                }
                // Along the row, from the button's far edge to an item's: no more than the output, when one item fits.
                let reach = discs.button / 2 + discs.item / 2
                let along = style == .linear ? points.map { abs($0.x) } : points.map { abs($0.y) }
                let extent = style == .linear ? room.width : room.height
                guard along[0] + reach <= extent else { continue }
                #expect(along.allSatisfy { $0 + reach <= extent }, "\(count) items of \(geometry) in \(room)")
            }
        }
    }

    // MARK: Radial

    @Test func thirtyItemsSpreadEvenlyOverTheWholeCircleAndTheRadiusGrows() {
        let geometry = MenuGeometry(style: .radial, firstAngle: 100, angleInterval: 40, radius: 100)
        let spread = geometry.radialSpread(count: 30, discs: LayoutDiscs())
        #expect(spread.interval == 12)
        // Neighbours 12° apart are 2r·sin 6° apart: 68 = itemSize + 8.
        #expect(abs(spread.radius - 68 / (2 * sin(6 * Double.pi / 180))) < 1e-9)
        let points = geometry.positions(count: 30, discs: LayoutDiscs())
        #expect(abs(points[0].distance(to: points[1]) - 68) < 1e-9)
        #expect(abs(points[29].distance(to: points[0]) - 68) < 1e-9, "the last is as far from the first")
    }

    @Test func aClockwiseIntervalSpreadsClockwise() {
        let spread = MenuGeometry(angleInterval: -90).radialSpread(count: 5, discs: LayoutDiscs())
        #expect(spread.interval == -72)
    }

    @Test func anIntervalThatFitsIsKeptAndOnlyTheRadiusGrows() {
        let geometry = MenuGeometry(style: .radial, firstAngle: 0, angleInterval: 10, radius: 100)
        let spread = geometry.radialSpread(count: 3, discs: LayoutDiscs())
        #expect(spread.interval == 10)
        #expect(abs(spread.radius - 68 / (2 * sin(5 * Double.pi / 180))) < 1e-9)
    }

    @Test func noIntervalAtAllIsTakenAsASixtyFourthOfACircle() {
        let spread = MenuGeometry(angleInterval: 0).radialSpread(count: 2, discs: LayoutDiscs())
        #expect(spread.interval == 5.625)
        #expect(spread.radius.isFinite && spread.radius > 600)
    }

    @Test func aSmallRadiusGrowsToClearTheButton() {
        let geometry = MenuGeometry(style: .radial, firstAngle: 90, angleInterval: 40, radius: 10)
        let one = geometry.positions(count: 1, discs: LayoutDiscs(button: 80, item: 60))
        #expect(one == [Point(x: 0, y: -78)], "(80 + 60)/2 and the gap")
    }

    // MARK: Linear and stack

    @Test func aSpacingUnderTheItemSizeIsTheItemSizeAndTheFirstItemClearsTheButton() {
        let row = MenuGeometry(style: .linear, spacing: 30).positions(
            count: 3, discs: LayoutDiscs(button: 140, item: 40))
        #expect(row == [Point(x: 90, y: 0), Point(x: 130, y: 0), Point(x: 170, y: 0)])
        let column = MenuGeometry(style: .stack, spacing: 30).positions(
            count: 2, discs: LayoutDiscs(button: 20, item: 50))
        #expect(column == [Point(x: 0, y: -50), Point(x: 0, y: -100)])
    }

    @Test func thirtyItemsInARowWrapIntoASecondRowAboveOnA1280PixelOutput() {
        let geometry = MenuGeometry(style: .linear, spacing: 80)
        let room = LayoutRoom(width: 1280, height: 720, anchor: .bottomRight)
        let points = geometry.positions(count: 30, discs: LayoutDiscs(), room: room)
        // 80·15 + 30 + 30 = 1260 fits in 1280; a sixteenth would not.
        #expect(points[14] == Point(x: 1200, y: 0))
        #expect(points[15] == Point(x: 80, y: -80), "the second row starts above the first")
        #expect(points[29] == Point(x: 1200, y: -80))
        let below = geometry.positions(
            count: 30, discs: LayoutDiscs(), room: LayoutRoom(width: 1280, height: 720, anchor: .topLeft))
        #expect(below[15] == Point(x: 80, y: 80), "from a top corner rows go down")
    }

    @Test func twelveStackedItemsWrapIntoAColumnTowardsTheMiddle() {
        let geometry = MenuGeometry(style: .stack, spacing: 72)
        let room = LayoutRoom(width: 1280, height: 720, centre: Point(x: 1234, y: 658))
        let points = geometry.positions(count: 12, discs: LayoutDiscs(), room: room)
        // 72·9 + 30 + 30 = 708 fits in 720; a tenth would not.
        #expect(points[8] == Point(x: 0, y: -648))
        #expect(points[9] == Point(x: -72, y: -72))
        #expect(points[11] == Point(x: -72, y: -216))
        let right = LayoutRoom(width: 1280, height: 720, centre: Point(x: 40, y: 658))
        #expect(geometry.positions(count: 12, discs: LayoutDiscs(), room: right)[9] == Point(x: 72, y: -72))
    }

    @Test func aRowThatFitsIsNotWrappedAndAnOutputNarrowerThanOneItemGetsOneARow() {
        let geometry = MenuGeometry(style: .linear, spacing: 80)
        let wide = LayoutRoom(width: 1280, height: 720)
        #expect(
            geometry.positions(count: 3, discs: LayoutDiscs(), room: wide) == [0, 1, 2].map(geometry.position(at:)))
        let narrow = LayoutRoom(width: 100, height: 720)
        #expect(
            geometry.positions(count: 3, discs: LayoutDiscs(), room: narrow) == [
                Point(x: 80, y: 0), Point(x: 80, y: -80), Point(x: 80, y: -160),
            ])
    }

    @Test func placesThatAreNoRowAreLeftAsTheyAre() {
        let made = [Point(x: 80, y: 5), Point(x: 160, y: 0), Point(x: 2000, y: 0)]
        let room = LayoutRoom(width: 400, height: 400)
        #expect(RowWrapping.wrapped(made, style: .linear, discs: LayoutDiscs(), room: room) == made)
        let backwards = [Point(x: 160, y: 0), Point(x: 80, y: 0), Point(x: 2000, y: 0)]
        #expect(RowWrapping.wrapped(backwards, style: .linear, discs: LayoutDiscs(), room: room) == backwards)
        #expect(RowWrapping.wrapped(made, style: .radial, discs: LayoutDiscs(), room: room) == made)
    }

    @Test func wrappedRowsLeaveTheLabelsRoomBetweenThem() {
        let column = MenuGeometry(style: .stack, spacing: 80).positions(count: 4, discs: LayoutDiscs())
        let room = LayoutRoom(width: 1024, height: 240, columnsGoLeft: true)
        // Two a column; the second column an item and 100 px of labels to the left.
        let wrapped = RowWrapping.wrapped(column, style: .stack, discs: LayoutDiscs(), room: room, labels: 100)
        #expect(wrapped.map(\.x) == [0, 0, -160, -160])
        #expect(wrapped.map(\.y) == [-80, -160, -80, -160])
        // Labels narrower than the spacing leave it as it is; none, or a bad number, count as none.
        for labels in [0, 10, -50, .nan, .infinity] {
            let plain = RowWrapping.wrapped(column, style: .stack, discs: LayoutDiscs(), room: room, labels: labels)
            #expect(plain.map(\.x) == [0, 0, -80, -80], "labels \(labels)")
        }
    }
}
