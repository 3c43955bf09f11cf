import PetalCore
import Testing

@testable import PetalScene

/// Where a `list` picker's rows go, and its window (docs/overlay.md, "The list layout").
@Suite struct ListMetricsTests {
    @Test func theDefaultsAreSixHundredFortyPixelsAndFifteenRows() {
        let metrics = ListMetrics(rowHeight: 32)
        #expect(metrics.width == 640)
        #expect(metrics.lines == 15)
        #expect(metrics.size.height == metrics.rowsTop + 15 * 32 + ListMetrics.padding)
    }

    @Test func aMessageRowPushesTheRowsDown() {
        let without = ListMetrics(rowHeight: 30)
        let with = ListMetrics(rowHeight: 30, hasMessage: true)
        #expect(with.rowsTop == without.rowsTop + 30)
        #expect(with.size.height == without.size.height + 30)
        #expect(without.message.height == 0)
    }

    @Test func rowsAreFoundUnderThePointer() {
        let metrics = ListMetrics(width: 400, lines: 3, rowHeight: 30)
        #expect(metrics.rowOffset(at: Point(x: 50, y: metrics.rowsTop + 1)) == 0)
        #expect(metrics.rowOffset(at: Point(x: 50, y: metrics.rowsTop + 65)) == 2)
        #expect(metrics.rowOffset(at: Point(x: 50, y: metrics.rowsTop + 95)) == nil)
        #expect(metrics.rowOffset(at: Point(x: 50, y: metrics.prompt.y + 5)) == nil)
        #expect(metrics.rowOffset(at: Point(x: 2, y: metrics.rowsTop + 1)) == nil)
    }

    @Test func rowsAreAtLeastAsHighAsAnIconAndItsMargin() {
        #expect(ListMetrics.rowHeight(forTextHeight: 10) == 32)
        #expect(ListMetrics.rowHeight(forTextHeight: 30.2) == 41)
        #expect(ListMetrics(rowHeight: 3).rowHeight == ListMetrics.iconSize)
        #expect(ListMetrics(width: 20, rowHeight: 30).width == ListMetrics.minimumWidth)
    }

    @Test func itIsCentredByDefaultAndAtTheAnchorsOtherwise() {
        let metrics = ListMetrics(width: 600, lines: 2, rowHeight: 30)
        let output = Size(width: 1000, height: 800)
        let size = metrics.size
        let margin = Margin(x: 16, y: 32)
        #expect(
            metrics.origin(on: output, anchor: .center, margin: margin, at: nil, pointer: nil)
                == Point(x: 200, y: ((800 - size.height) / 2).rounded()))
        #expect(
            metrics.origin(on: output, anchor: .topLeft, margin: margin, at: nil, pointer: nil)
                == Point(x: 16, y: 32))
        #expect(
            metrics.origin(on: output, anchor: .bottomRight, margin: margin, at: nil, pointer: nil)
                == Point(x: 1000 - 600 - 16, y: (800 - size.height - 32).rounded()))
    }

    @Test func atAndThePointerCentreItThereKeptOnTheOutput() {
        let metrics = ListMetrics(width: 600, lines: 2, rowHeight: 30)
        let output = Size(width: 1000, height: 800)
        let size = metrics.size
        let atMiddle = metrics.origin(
            on: output, anchor: .center, margin: Margin(x: 0, y: 0), at: Point(x: 500, y: 400), pointer: nil)
        #expect(atMiddle == Point(x: 200, y: (400 - size.height / 2).rounded()))
        let atCorner = metrics.origin(
            on: output, anchor: .pointer, margin: Margin(x: 0, y: 0), at: nil, pointer: Point(x: 990, y: 5))
        #expect(atCorner == Point(x: 400, y: 0))
        let tooWide = ListMetrics(width: 1200, lines: 2, rowHeight: 30)
        #expect(
            tooWide.origin(on: output, anchor: .center, margin: Margin(x: 0, y: 0), at: nil, pointer: nil).x == 0)
    }

    @Test func aListOpensInTheMiddleUnlessShowNamedAnAnchor() {
        #expect(ListMetrics.anchor(placed: .bottomRight, configured: .bottomRight) == .center)
        #expect(ListMetrics.anchor(placed: .topLeft, configured: .bottomRight) == .topLeft)
        #expect(ListMetrics.anchor(placed: .pointer, configured: .pointer) == .pointer)
        #expect(ListMetrics.anchor(placed: .center, configured: .topLeft) == .center)
    }

    @Test func fewRowsMakeAShorterList() {
        #expect(ListMetrics.lines(forRows: 5) == 5)
        #expect(ListMetrics.lines(forRows: 500) == 15)
        #expect(ListMetrics.lines(forRows: 0) == 1)
        #expect(ListMetrics.lines(3, forRows: 5) == 3)
    }
}
