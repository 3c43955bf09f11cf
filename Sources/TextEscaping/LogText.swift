/// Text from outside (a plugin's log message, its name) made safe to put on one log line.
public enum LogText {
    /// The most bytes of outside text one log line carries.
    public static let maximumBytes = 4096

    /// `text` with every control character written as an escape (`\n`, `\t`,
    /// `\r`, `\e`, `\u{7f}`…), so it can neither start a line of its own nor
    /// move a terminal's cursor, and cut at ``maximumBytes`` with "… (N bytes
    /// cut)" said where it was cut; `alreadyCut` counts bytes the caller left
    /// out of `text` (read no further than needed).
    public static func escaped(_ text: String, maximumBytes: Int = maximumBytes, alreadyCut: Int = 0) -> String {
        var out = ""
        var kept = 0
        var total = alreadyCut
        for scalar in text.unicodeScalars {
            let piece = escape(scalar)
            total += piece.utf8.count
            guard kept + piece.utf8.count <= maximumBytes else { continue }
            kept += piece.utf8.count
            out += piece
        }
        if total > kept { out += "… (\(total - kept) bytes cut)" }
        return out
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{1B}": return "\\e"
        case "\\": return "\\\\"
        default:
            // C0 and C1 controls, DEL, and the line and paragraph separators.
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                return "\\u{" + String(value, radix: 16) + "}"
            }
            return String(scalar)
        }
    }
}
