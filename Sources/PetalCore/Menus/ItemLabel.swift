/// Turns item ids into D-Bus object-path labels and back, as systemd labels its
/// objects (`bus_label_escape`): every UTF-8 byte outside `[A-Za-z0-9]` becomes
/// `_xx` with two lowercase hex digits, and the empty id becomes `_`.
/// So `a.b` → `a_2eb`, `_` → `_5f`, `é` → `_c3_a9`.
public enum ItemLabel: Sendable {
    /// The object-path label for `id`; always a valid, non-empty path element.
    public static func escape(_ id: String) -> String {
        guard !id.isEmpty else { return "_" }
        var label: [UInt8] = []
        label.reserveCapacity(id.utf8.count)
        for byte in id.utf8 {
            if isAlphanumeric(byte) {
                label.append(byte)
            } else {
                label.append(UInt8(ascii: "_"))
                label.append(hexDigit(byte >> 4))
                label.append(hexDigit(byte & 0x0F))
            }
        }
        return String(decoding: label, as: UTF8.self)
    }

    /// The id whose label is `label`, or nil if `label` is not exactly what `escape`
    /// produces for some id: characters outside `[A-Za-z0-9_]`, a bad or uppercase
    /// escape, an escaped alphanumeric, or bytes that are not UTF-8.
    /// So `unescape(escape(id)) == id` for every id, and every label has at most one id.
    public static func unescape(_ label: String) -> String? {
        if label == "_" { return "" }
        guard !label.isEmpty else { return nil }
        var bytes: [UInt8] = []
        var iterator = label.utf8.makeIterator()
        while let byte = iterator.next() {
            if isAlphanumeric(byte) {
                bytes.append(byte)
                continue
            }
            guard byte == UInt8(ascii: "_"),
                let high = iterator.next().flatMap(hexValue),
                let low = iterator.next().flatMap(hexValue)
            else { return nil }
            let decoded = high << 4 | low
            guard !isAlphanumeric(decoded) else { return nil }
            bytes.append(decoded)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The value of a lowercase hex digit; uppercase is not canonical, so nil.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
