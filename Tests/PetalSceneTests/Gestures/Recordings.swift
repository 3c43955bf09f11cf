import PetalCore

/// Pointer paths as a mouse reports them: integer logical pixels, 125
/// samples a second, a hand's tremble of a pixel or so.
enum Recordings {
    /// A fast mark through three menus from the centre of ``GestureFixtures/main``
    /// at (600, 400): up to `apps`, right to `web`, down to `firefox`,
    /// slowing at each corner without stopping (x, y, ms).
    static let upRightDown: [(Double, Double, Double)] = [
        (600, 398, 8), (600, 397, 16), (601, 392, 24), (600, 386, 32), (600, 378, 40), (600, 370, 48),
        (599, 360, 56), (601, 350, 64), (601, 341, 72), (601, 327, 80), (599, 315, 88), (600, 304, 96),
        (601, 292, 104), (600, 279, 112), (599, 267, 120), (599, 255, 128), (599, 245, 136), (601, 233, 144),
        (600, 224, 152), (600, 216, 160), (601, 210, 168), (601, 202, 176), (601, 199, 184), (600, 197, 192),
        (600, 194, 200), (601, 195, 208), (603, 195, 216), (607, 195, 224), (614, 194, 232), (622, 194, 240),
        (630, 195, 248), (638, 196, 256), (648, 194, 264), (661, 194, 272), (672, 195, 280), (684, 195, 288),
        (696, 194, 296), (709, 195, 304), (721, 196, 312), (732, 194, 320), (745, 194, 328), (756, 195, 336),
        (765, 194, 344), (776, 194, 352), (784, 195, 360), (792, 195, 368), (796, 195, 376), (802, 194, 384),
        (805, 195, 392), (804, 196, 400), (805, 195, 408), (804, 199, 416), (804, 204, 424), (805, 210, 432),
        (806, 218, 440), (806, 228, 448), (806, 238, 456), (806, 248, 464), (804, 259, 472), (805, 273, 480),
        (805, 284, 488), (804, 297, 496), (804, 308, 504), (804, 321, 512), (806, 332, 520), (804, 343, 528),
        (804, 353, 536), (805, 363, 544), (804, 369, 552), (805, 375, 560), (806, 381, 568), (804, 384, 576),
        (804, 386, 584),
    ]

    /// `samples` as motion, pressed at (600, 400) first and released at the last sample.
    static func pressed(_ samples: [(Double, Double, Double)]) -> [RecordedInput] {
        guard let last = samples.last else { return [] }
        return [.press(600, 400, ms: 0)] + samples.map { .motion($0.0, $0.1, ms: $0.2) }
            + [.release(last.0, last.1, ms: last.2 + 8)]
    }
}

extension Recordings {
    /// One leg of a made-up path.
    enum Leg {
        /// A straight move by (dx, dy) over `ms`, fast in the middle, slow at both ends.
        case line(Double, Double, ms: Double)
        /// A rest of `ms`: a tremble of up to `tremble` px for the first 40 ms, then no samples at all.
        case rest(ms: Double, tremble: Double)
    }

    /// The samples of `legs` from (600, 400) at time 0, every 8 ms.
    static func path(_ legs: [Leg]) -> [(Double, Double, Double)] {
        var (x, y, ms) = (600.0, 400.0, 0.0)
        var samples: [(Double, Double, Double)] = []
        let tremble = [(1.0, -1.0), (-1.0, 0.5), (0.5, 1.0), (0.0, -0.5), (-0.5, 0.0)]
        for leg in legs {
            switch leg {
            case .line(let dx, let dy, let duration):
                let steps = max(1, Int(duration / 8))
                for step in 1...steps {
                    let u = Double(step) / Double(steps)
                    let eased = u * u * (3 - 2 * u)
                    samples.append((x + dx * eased, y + dy * eased, ms + 8 * Double(step)))
                }
                (x, y, ms) = (x + dx, y + dy, ms + 8 * Double(steps))
            case .rest(let duration, let size):
                for (index, offset) in tremble.enumerated() where 8 * Double(index + 1) < min(40, duration) {
                    samples.append((x + offset.0 * size, y + offset.1 * size, ms + 8 * Double(index + 1)))
                }
                ms += duration
            }
        }
        return samples
    }
}
