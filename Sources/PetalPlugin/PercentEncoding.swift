/// Percent-encoding (RFC 3986 §2.1) for building URIs from parts.
public enum PercentEncoding {
    /// The unreserved characters, which never need encoding: `A-Z a-z 0-9 - . _ ~`.
    public static let unreserved: Set<UInt8> = Set(
        Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
            + Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + Array("-._~".utf8))

    /// `text` as UTF-8 with every byte outside `allowed` written as `%XX`
    /// (upper-case hex, as RFC 3986 recommends).
    public static func encode(_ text: String, allowing allowed: Set<UInt8> = unreserved) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0xf)])
            }
        }
        return encoded
    }

    /// The `file://` URI of an absolute `path`, e.g. `/tmp/a b.png` → `file:///tmp/a%20b.png`.
    public static func fileURI(path: String) -> String {
        "file://" + encode(path, allowing: unreserved.union([UInt8(ascii: "/")]))
    }

    private static let hexDigits = Array("0123456789ABCDEF")
}
