/// A fast check that bytes are UTF-8 (as Unicode defines it: shortest forms,
/// no surrogates, nothing above U+10FFFF) and hold no NUL, for text read in
/// place: eight ASCII bytes at a time, the rest byte by byte.
enum UTF8Check {
    /// The offset of the first byte that is not valid UTF-8 or is NUL; nil when all are fine.
    static func firstFault(in bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // ASCII without NUL: no high bit, and no zero byte (the classic has-zero-byte test).
                let zero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if word & 0x8080_8080_8080_8080 == 0 && zero == 0 {
                    index += 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead == 0 { return index }
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let length = sequenceLength(bytes, at: index) else { return index }
            index += length
        }
        return nil
    }

    /// Whether `byte` continues a multi-byte character.
    @inline(__always)
    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// The length of the well-formed multi-byte character at `index`, nil when it is not one.
    private static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return nil }
        for offset in 2..<length where !isContinuation(bytes[index + offset]) { return nil }
        return length
    }
}
