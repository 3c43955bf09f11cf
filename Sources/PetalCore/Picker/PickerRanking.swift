/// The order of sort "score": a higher score first, then a shorter title
/// (fzf's default tiebreak), then the rows' own order.
///
/// Each matched row gets a key, its score (inverted, so that the best is
/// least) and its title's length, and the keys are sorted by a radix sort:
/// a stable counting sort by 11 bits at a time, over only the bits in which
/// the keys differ, two passes as a rule. Stable, it keeps the rows' own
/// order among equal keys.
enum PickerRanking {
    /// Bits of a key: the score, biased to be positive; the title's length.
    private static let scoreBits = 22
    private static let lengthBits = 14
    private static let digitBits = 11

    /// Scratch space kept between calls, so that ranking seldom allocates.
    struct Buffers: Sendable {
        var keys: [UInt64] = []
        var sortedKeys: [UInt64] = []
        var places: [Int] = []
        var sortedPlaces: [Int] = []
        var counts: [Int] = []
    }

    /// Writes `matched` (row indices in their own order) into `ranked`,
    /// ranked by `scores` (one per matched row) and the titles' lengths.
    static func rank(
        _ matched: [Int], scores: [Int32], titleLength: (Int) -> Int, into ranked: inout [Int],
        buffers: inout Buffers
    ) {
        ranked.removeAll(keepingCapacity: true)
        let bias = Int64(1) << (scoreBits - 1)
        buffers.keys.removeAll(keepingCapacity: true)
        buffers.places.removeAll(keepingCapacity: true)
        var least = UInt64.max
        var most = UInt64.min
        for (place, row) in matched.enumerated() {
            let score = min(max(Int64(scores[place]), -bias), bias - 1)
            let length = UInt64(min(titleLength(row), (1 << lengthBits) - 1))
            let key = UInt64(bias - 1 - score) << lengthBits | length
            least = min(least, key)
            most = max(most, key)
            buffers.keys.append(key)
            buffers.places.append(place)
        }
        let spread = most &- least
        var shift = 0
        while shift < scoreBits + lengthBits && spread >> shift != 0 {
            countingSort(by: shift, from: least, &buffers)
            shift += digitBits
        }
        for place in buffers.places { ranked.append(matched[place]) }
    }

    /// One stable pass of the radix sort: keys and places by the digit at `shift` of key − `least`.
    private static func countingSort(by shift: Int, from least: UInt64, _ buffers: inout Buffers) {
        let digits = 1 << digitBits
        let mask = UInt64(digits - 1)
        let count = buffers.keys.count
        buffers.counts.removeAll(keepingCapacity: true)
        buffers.counts.append(contentsOf: repeatElement(0, count: digits + 1))
        buffers.sortedKeys.removeAll(keepingCapacity: true)
        buffers.sortedKeys.append(contentsOf: repeatElement(0, count: count))
        buffers.sortedPlaces.removeAll(keepingCapacity: true)
        buffers.sortedPlaces.append(contentsOf: repeatElement(0, count: count))
        buffers.keys.withUnsafeBufferPointer { keys in
            buffers.places.withUnsafeBufferPointer { places in
                buffers.counts.withUnsafeMutableBufferPointer { counts in
                    for key in keys { counts[Int((key &- least) >> shift & mask) &+ 1] &+= 1 }
                    for digit in 0..<digits { counts[digit &+ 1] &+= counts[digit] }
                    buffers.sortedKeys.withUnsafeMutableBufferPointer { sortedKeys in
                        buffers.sortedPlaces.withUnsafeMutableBufferPointer { sortedPlaces in
                            for index in 0..<count {
                                let digit = Int((keys[index] &- least) >> shift & mask)
                                let target = counts[digit]
                                counts[digit] = target &+ 1
                                sortedKeys[target] = keys[index]
                                sortedPlaces[target] = places[index]
                            }
                        }
                    }
                }
            }
        }
        swap(&buffers.keys, &buffers.sortedKeys)
        swap(&buffers.places, &buffers.sortedPlaces)
    }
}
