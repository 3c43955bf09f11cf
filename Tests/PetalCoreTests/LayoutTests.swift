import PetalCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

private let tolerance = 1e-9

private func close(_ a: [Point], _ b: [Point]) -> Bool {
    a.count == b.count
        && zip(a, b).allSatisfy {
            abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance
        }
}

/// The radial formula of docs/configuration.md computed with libm, as an independent reference.
private func radialReference(_ g: MenuGeometry, count: Int) -> [Point] {
    (0..<count).map { i in
        let theta = (g.firstAngle + g.angleInterval * Double(i)) * Double.pi / 180
        return Point(x: g.radius * cos(theta), y: -g.radius * sin(theta))
    }
}

struct LayoutTests {
    @Test func defaultsAreTheSpecValues() {
        let g = MenuGeometry()
        #expect(g == MenuGeometry(style: .radial, spacing: 80, firstAngle: 100, angleInterval: 40, radius: 100))
        #expect(LayoutStyle.allCases.map(\.rawValue) == ["linear", "stack", "radial", "list"])
    }

    @Test func listIsRowsBelowTheButton() {
        let g = MenuGeometry(style: .list, spacing: 500, firstAngle: 10, angleInterval: 10, radius: 900)
        #expect((0..<3).map(g.position(at:)) == [Point(x: 0, y: 32), Point(x: 0, y: 64), Point(x: 0, y: 96)])
    }

    @Test func linearIsARowToTheRight() {
        let g = MenuGeometry(style: .linear)
        #expect(
            g.positions(count: 3, discs: LayoutDiscs())
                == [Point(x: 80, y: 0), Point(x: 160, y: 0), Point(x: 240, y: 0)])
        let tight = MenuGeometry(style: .linear, spacing: 12.5)
        #expect([0, 1].map(tight.position(at:)) == [Point(x: 12.5, y: 0), Point(x: 25, y: 0)], "the formula")
        let small = LayoutDiscs(button: 10, item: 10)
        #expect(tight.positions(count: 2, discs: small) == [Point(x: 12.5, y: 0), Point(x: 25, y: 0)])
    }

    @Test func stackIsAColumnAbove() {
        let g = MenuGeometry(style: .stack)
        #expect(
            g.positions(count: 3, discs: LayoutDiscs())
                == [Point(x: 0, y: -80), Point(x: 0, y: -160), Point(x: 0, y: -240)])
        let tight = MenuGeometry(style: .stack, spacing: 48)
        #expect(tight.positions(count: 1, discs: LayoutDiscs(button: 48, item: 48)) == [Point(x: 0, y: -48)])
    }

    @Test func noItemsNoPositions() {
        for style in LayoutStyle.allCases {
            #expect(MenuGeometry(style: style).positions(count: 0, discs: LayoutDiscs()).isEmpty)
            #expect(MenuGeometry(style: style).positions(count: -3, discs: LayoutDiscs()).isEmpty)
        }
    }

    @Test func radialQuarterTurnsAreExact() {
        let g = MenuGeometry(style: .radial, firstAngle: 0, angleInterval: 90, radius: 50)
        // Counter-clockwise from +x with y downwards: right, up, left, down.
        #expect(
            g.positions(count: 4, discs: LayoutDiscs(button: 20, item: 20)) == [
                Point(x: 50, y: 0), Point(x: 0, y: -50), Point(x: -50, y: 0), Point(x: 0, y: 50),
            ])
    }

    @Test func radialDefaultsMatchHandComputedValues() {
        // θ = 100°, 140°, 180°.
        let expected = [
            Point(x: -17.364817766693033, y: -98.48077530122080),
            Point(x: -76.604444311897800, y: -64.27876096865394),
            Point(x: -100, y: 0),
        ]
        #expect(close(MenuGeometry().positions(count: 3, discs: LayoutDiscs()), expected))
    }

    @Test(arguments: [
        MenuGeometry(),
        MenuGeometry(firstAngle: 90, angleInterval: 45, radius: 120),
        MenuGeometry(firstAngle: -30, angleInterval: -15, radius: 64.5),
        MenuGeometry(firstAngle: 720.5, angleInterval: 33.3, radius: 1),
        MenuGeometry(firstAngle: 1e6 + 0.25, angleInterval: 7, radius: 300),
    ])
    func radialMatchesTheFormula(_ g: MenuGeometry) {
        #expect(close((0..<12).map(g.position(at:)), radialReference(g, count: 12)))
    }

    @Test func nineItemsAtFortyDegreesMakeAFullCircle() {
        let g = MenuGeometry()
        let points = g.positions(count: 9, discs: LayoutDiscs())
        #expect(close(points, radialReference(g, count: 9)))
        for p in points {
            #expect(abs((p.x * p.x + p.y * p.y).squareRoot() - 100) <= tolerance)
        }
        // Consecutive items, and the last and the first, are 40° apart: chord 2r·sin 20°.
        let chord = 2 * 100 * sin(20 * Double.pi / 180)
        for i in 0..<9 {
            let a = points[i]
            let b = points[(i + 1) % 9]
            let distance = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
            #expect(abs(distance - chord) <= tolerance)
        }
        // By the formula a tenth item lands on the first; laid out, ten spread evenly instead.
        #expect(close([g.position(at: 9)], [points[0]]))
        let ten = g.positions(count: 10, discs: LayoutDiscs())
        #expect(abs(ten[1].distance(to: ten[0]) - ten[0].distance(to: ten[9])) <= tolerance)
    }

    @Test func positionAtMatchesPositions() {
        for style in LayoutStyle.allCases {
            let g = MenuGeometry(style: style)
            #expect(g.positions(count: 5, discs: LayoutDiscs()) == (0..<5).map(g.position(at:)))
        }
    }
}
