/// Numbers and strings: the scalar productions of the JSON grammar.
extension JSONParser {
    // MARK: - Numbers

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var isInteger = true
        if peek == UInt8(ascii: "-") { index += 1 }
        switch peek {
        case UInt8(ascii: "0"):
            index += 1
            if let next = peek, isDigit(next) {
                throw error("a number must not have leading zeros")
            }
        case let byte? where isDigit(byte):
            skipDigits()
        default:
            throw error("expected a digit after \"-\", found \(found)")
        }
        if peek == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let byte = peek, isDigit(byte) else {
                throw error("expected a digit after \".\" in a number, found \(found)")
            }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let byte = peek, isDigit(byte) else {
                throw error("expected a digit in the exponent of a number, found \(found)")
            }
            skipDigits()
        }
        let literal = bytes[start..<index]
        if isInteger, let value = exactInteger(literal) { return .int(value) }
        guard let value = Double(String(decoding: literal, as: UTF8.self)), value.isFinite else {
            throw error("number \(String(decoding: literal, as: UTF8.self)) is out of range", at: start)
        }
        return .double(value)
    }

    /// The value of an optionally negative run of digits, or nil if it overflows `Int64`.
    func exactInteger(_ literal: ArraySlice<UInt8>) -> Int64? {
        let negative = literal.first == UInt8(ascii: "-")
        var value: Int64 = 0
        for byte in literal.dropFirst(negative ? 1 : 0) {
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            // Accumulate negatively so Int64.min is representable.
            let (next, overflow2) = shifted.subtractingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    mutating func skipDigits() {
        while let byte = peek, isDigit(byte) { index += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Strings

    mutating func parseString() throws(JSONParseError) -> String {
        if let plain = plainString() { return plain }
        let start = index
        index += 1  // "
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek else { throw error("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                if trustedUTF8 { return String(decoding: utf8, as: UTF8.self) }
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw error("invalid UTF-8 in a string", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw error("control character \(scalarName(UInt32(byte))) must be escaped in a string")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    /// The string starting at ``index`` when it has no escape and no control
    /// character (most strings), made from its bytes in place, and ``index``
    /// past it; nil, with ``index`` unmoved, for any other, which
    /// ``parseString()`` reads byte by byte and words the faults of.
    private mutating func plainString() -> String? {
        let start = index + 1
        let found: (text: String, end: Int)? = bytes.withUnsafeBufferPointer { buffer in
            var end = start
            while end < buffer.count {
                let byte = buffer[end]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                end += 1
            }
            guard end < buffer.count else { return nil }
            let utf8 = UnsafeBufferPointer(rebasing: buffer[start..<end])
            if trustedUTF8 { return (String(decoding: utf8, as: UTF8.self), end) }
            return String(validating: utf8, as: UTF8.self).map { ($0, end) }
        }
        guard let found else { return nil }
        index = found.end + 1
        return found.text
    }

    mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
        let start = index
        index += 1  // backslash
        guard let letter = peek else { throw error("unterminated string") }
        index += 1
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "\""): UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): UInt8(ascii: "\\")
            case UInt8(ascii: "/"): UInt8(ascii: "/")
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            utf8.append(simple)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            index -= 1
            throw error("invalid escape \"\\\(describe(at: index, quoting: false))\" in a string", at: start)
        }
        let unit = try hexQuad()
        let scalarValue: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            guard peek == UInt8(ascii: "\\"), byte(at: index + 1) == UInt8(ascii: "u") else {
                throw error("unpaired high surrogate \\u\(hex(unit)) in a string", at: start)
            }
            index += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("unpaired high surrogate \\u\(hex(unit)) in a string", at: start)
            }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        case 0xDC00...0xDFFF:
            throw error("unpaired low surrogate \\u\(hex(unit)) in a string", at: start)
        default:
            scalarValue = unit
        }
        // Surrogates were handled above, so the scalar is valid.
        utf8.append(contentsOf: String(Character(Unicode.Scalar(scalarValue)!)).utf8)
    }

    /// Reads the four hex digits of a `\u` escape.
    mutating func hexQuad() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch peek {
            case let byte? where isDigit(byte): digit = UInt32(byte - UInt8(ascii: "0"))
            case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte):
                digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case let byte? where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte):
                digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                throw error("expected 4 hex digits after \"\\u\", found \(found)")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
