/// Text as the picker matches it, the same for rows and for the words
/// typed: UTF-8, and when case is ignored each scalar replaced by its
/// lowercase mapping (ASCII by arithmetic, the rest by Unicode's
/// `Lowercase_Mapping`, as `String.lowercased()` does); with, when asked,
/// each byte's bonus for the fuzzy score (``FuzzyScore``).
///
/// This is lowercasing, not full case folding and not normalization:
/// "É" finds "é", "ẞ" finds "ß", "Σ" finds "σ" (not "ς"); "ss" does not
/// find "ß", and a precomposed "é" does not find "e" with a combining accent.
struct FoldedText: Sendable {
    /// The folded UTF-8.
    private(set) var bytes: [UInt8] = []
    /// The bonus of a match starting at each byte; empty unless `withBonuses`.
    private(set) var bonuses: [UInt8] = []
    /// Whether case is ignored.
    let lowercased: Bool
    /// Whether `bonuses` is kept.
    let withBonuses: Bool

    init(lowercased: Bool, withBonuses: Bool = false) {
        self.lowercased = lowercased
        self.withBonuses = withBonuses
    }

    /// Reserves room for `count` bytes.
    mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
        if withBonuses { bonuses.reserveCapacity(count) }
    }

    /// Appends `text` folded; its start counts as the start of a word.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(utf8: $0) }
    }

    /// Appends UTF-8 folded, as ``append(_:)`` appends a string's: a row read
    /// in place from a ``RowTable``, without a `String` made for it.
    mutating func append(utf8: UnsafeRawBufferPointer) {
        append(utf8: utf8.assumingMemoryBound(to: UInt8.self))
    }

    private mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
        if !appendASCII(utf8) { appendScalars(utf8) }
    }

    /// Appends a byte that no folded text holds (0xFF is never UTF-8): the
    /// border between a row's title and its meta words, which no match crosses.
    mutating func appendBorder() {
        bytes.append(Self.border)
        if withBonuses { bonuses.append(0) }
    }

    /// The byte ``appendBorder()`` appends.
    static let border: UInt8 = 0xFF

    /// The fast path: appends an all-ASCII text, in bulk; false, having
    /// appended nothing, when a byte is not ASCII.
    private mutating func appendASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for byte in utf8 { any |= byte }
        guard any < 0x80 else { return false }
        let start = bytes.count
        bytes.append(contentsOf: utf8)
        if lowercased {
            bytes.withUnsafeMutableBufferPointer { bytes in
                for index in start..<bytes.count {
                    let byte = bytes[index]
                    bytes[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                }
            }
        }
        if withBonuses {
            bonuses.append(contentsOf: repeatElement(0, count: utf8.count))
            PickerCharacterKind.asciiBonuses.withUnsafeBufferPointer { table in
                bonuses.withUnsafeMutableBufferPointer { bonuses in
                    var previous = UInt8(ascii: " ")
                    for (offset, byte) in utf8.enumerated() {
                        bonuses[start &+ offset] = table[Int(previous) &<< 7 | Int(byte)]
                        previous = byte
                    }
                }
            }
        }
        return true
    }

    /// The general path, one scalar at a time.
    private mutating func appendScalars(_ utf8: UnsafeBufferPointer<UInt8>) {
        var previous = PickerCharacterKind.white
        var decoder = UTF8()
        var input = utf8.makeIterator()
        while true {
            // As `String(decoding:as:)` reads it (an invalid byte is U+FFFD), without making one.
            let scalar: Unicode.Scalar
            switch decoder.decode(&input) {
            case .scalarValue(let value): scalar = value
            case .error: scalar = "\u{FFFD}"
            case .emptyInput: return
            }
            let before = bytes.count
            if scalar.isASCII {
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                bytes.append(lowercased && byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
            } else if lowercased {
                for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                    UTF8.encode(lower) { bytes.append($0) }
                }
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
            guard withBonuses else { continue }
            let kind = PickerCharacterKind(scalar)
            // The first byte carries the scalar's bonus; the rest never start a
            // match, and further scalars its lowercase mapping made add none.
            bonuses.append(FuzzyScore.bonus(after: previous, at: kind))
            bonuses.append(contentsOf: repeatElement(0, count: bytes.count - before - 1))
            previous = kind
        }
    }
}
