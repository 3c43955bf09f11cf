/// Text made safe to put inside XML: element content and attribute values
/// alike, quoted with `"` or `'`.
///
/// The one escaping of XML in Petal: D-Bus introspection data, petalctl's SVG
/// preview, and the text and tooltip petalctl gives waybar, which reads them
/// as Pango markup (GMarkup, which knows the same five entities).
public enum XMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as `&amp;`, `&lt;`,
    /// `&gt;`, `&quot;` and `&apos;`; everything else as it is.
    ///
    /// Works on Unicode scalars, not characters, so a quote that a combining
    /// mark follows (one character, `"` + U+0301) is escaped all the same.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
        var out = String.UnicodeScalarView()
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&apos;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "&" || scalar == "<" || scalar == ">" || scalar == "\"" || scalar == "'"
    }
}
