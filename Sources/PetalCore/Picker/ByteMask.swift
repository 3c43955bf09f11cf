/// Which kinds of byte a stretch of folded text holds, one bit each, so
/// that a row lacking a byte of a word is passed over without being read:
/// a bit per ASCII letter in either case and per digit, one for any other
/// ASCII byte, one (``beyondASCII``) for any byte of a scalar beyond ASCII.
enum ByteMask {
    /// The bit of the bytes of scalars beyond ASCII: a row without it is all ASCII.
    static let beyondASCII: UInt64 = 1 << 63

    /// The mask of one byte.
    @inline(__always)
    static func of(_ byte: UInt8) -> UInt64 {
        let bit: UInt8 =
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): byte &- UInt8(ascii: "a")
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte &- UInt8(ascii: "A") &+ 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0") &+ 52
            case ..<0x80: 62
            default: 63
            }
        return 1 << bit
    }

    /// The mask of every byte, made once; none for the border between a
    /// row's title and its meta words, which is no byte of either.
    static let table: [UInt64] = (0...255).map { UInt8($0) == FoldedText.border ? 0 : of(UInt8($0)) }

    /// The masks of `rows` of `bytes`, row `row` being `bytes[starts[row]..<starts[row + 1]]`.
    static func of(rows: Int, of bytes: [UInt8], startingAt starts: [Int]) -> [UInt64] {
        table.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                (0..<rows).map { row in
                    var mask: UInt64 = 0
                    for index in starts[row]..<starts[row + 1] { mask |= table[Int(bytes[index])] }
                    return mask
                }
            }
        }
    }
}
