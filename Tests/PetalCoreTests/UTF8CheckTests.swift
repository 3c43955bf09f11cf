import Testing

@testable import PetalCore

/// The row table's UTF-8 check agrees with the standard library's on every
/// kind of byte sequence, and finds NUL.
@Suite struct UTF8CheckTests {
    static func fault(_ bytes: [UInt8]) -> Int? { bytes.withUnsafeBytes { UTF8Check.firstFault(in: $0) } }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        // Bytes drawn mostly from the ranges where UTF-8's rules are subtle.
        let pool: [UInt8] =
            Array(0x01...0x7F) + Array(0x80...0xBF) + [
                0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
            ]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                pool.randomElement(using: &generator)!
            }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((Self.fault(bytes) == nil) == valid, "\(bytes)")
        }
    }

    @Test func findsTheFirstFaultAfterLongASCII() {
        let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: 37)
        #expect(Self.fault(ascii) == nil)
        #expect(Self.fault(ascii + [0] + ascii) == 37)
        #expect(Self.fault(ascii + [0xE2, 0x9C]) == 37)
        #expect(Self.fault(ascii + Array("✓é😀".utf8) + ascii) == nil)
        #expect(Self.fault(Array("😀".utf8) + [0xF4, 0x90, 0x80, 0x80]) == 4)
    }
}
