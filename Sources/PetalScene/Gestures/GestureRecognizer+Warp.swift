import PetalCore

/// A pointer warped by the overlay (X11) while the display still holds
/// samples read before the warp.
///
/// The display reports motion in order, but those read before the warp
/// took effect arrive after the overlay warped, in the old place: read as
/// they come, the pointer would jump back by the warp's offset and forth
/// again, highlighting an item behind it or turning a stroke. A sample
/// nearer the pointer's place before the warp than its place after it,
/// soon after the warp, is one of those and is moved by the offset; the
/// first nearer its new place (the warp's own motion event, or the hand
/// moving on) ends the wait.
struct WarpInFlight: Equatable, Sendable {
    /// How far the warp moved the pointer.
    var offset: Point
    /// Where the recognizer's pointer went with the warp.
    var landing: Point
    /// When the first sample after the warp came; samples stop being read
    /// as older than the warp ``GestureRecognizer/warpSettling`` later.
    var firstSample: Double?
}

extension GestureRecognizer {
    /// How long after the first sample that follows a warp a sample can
    /// still be one read before it: the samples a display had queued come
    /// in one burst as the overlay's main loop goes on.
    static let warpSettling = 0.1

    /// Starts waiting out the samples from before a warp of the pointer by
    /// `offset`, which moved the recognizer's pointer to `landing`.
    mutating func startWarp(by offset: Point, to landing: Point?) {
        guard let landing, offset != .zero else { return }
        // A warp on top of one still in flight: the oldest samples need both.
        let total = warpInFlight.map { $0.offset.adding(offset) } ?? offset
        warpInFlight = WarpInFlight(offset: total, landing: landing)
    }

    /// `point` as it would read after the warp in flight, if any: moved by
    /// its offset when it was read before the warp.
    mutating func afterWarp(_ point: Point, time: Double) -> Point {
        guard var warp = warpInFlight else { return point }
        let first = warp.firstSample ?? time
        warp.firstSample = first
        let before = Point(x: warp.landing.x - warp.offset.x, y: warp.landing.y - warp.offset.y)
        guard time - first <= Self.warpSettling, point.distance(to: before) < point.distance(to: warp.landing) else {
            warpInFlight = nil
            return point
        }
        warpInFlight = warp
        return point.adding(warp.offset)
    }
}
