import PetalCore

/// What an X11 window's properties say, decoded as the ICCCM and EWMH
/// specify them: the context's app and instance from `WM_CLASS`, its title from
/// `_NET_WM_NAME` or `WM_NAME`, and its output from where its centre is.
public enum X11Window {
    /// How a text property's bytes are encoded, from its type.
    public enum Encoding: Sendable {
        /// `UTF8_STRING` (what `_NET_WM_NAME` must be).
        case utf8
        /// `STRING`: ISO Latin-1. `COMPOUND_TEXT` is read so too, its
        /// escape sequences (rare in titles) as they are.
        case latin1
    }

    /// The most bytes of a property read: the context's limit, and room for
    /// a character cut at the end, which ``DesktopContext`` then drops.
    public static let maximumPropertyBytes = DesktopContext.maximumValueBytes + 64

    /// The class in a `WM_CLASS` value: the second of its two NUL-terminated
    /// Latin-1 strings (instance, then class); "" when there is no second.
    public static func windowClass(fromWMClass bytes: [UInt8]) -> String {
        let strings = bytes.split(separator: 0, omittingEmptySubsequences: false)
        guard strings.count >= 2 else { return "" }
        return text(Array(strings[1]), encoding: .latin1)
    }

    /// The instance in a `WM_CLASS` value: the first of its strings; "" when it has none.
    public static func instance(fromWMClass bytes: [UInt8]) -> String {
        guard let first = bytes.split(separator: 0, omittingEmptySubsequences: false).first else { return "" }
        return text(Array(first), encoding: .latin1)
    }

    /// A text property's value as a string: up to its first NUL (text
    /// properties may end in one), invalid UTF-8 replaced.
    public static func text(_ bytes: [UInt8], encoding: Encoding) -> String {
        let value = bytes.prefix { $0 != 0 }
        switch encoding {
        case .utf8: return String(decoding: value, as: UTF8.self)
        case .latin1: return String(String.UnicodeScalarView(value.map { Unicode.Scalar($0) }))
        }
    }

    /// The title from `_NET_WM_NAME` (UTF-8), when the window has a non-empty
    /// one, else from `WM_NAME` in its own encoding; "" when it has neither.
    public static func title(netWMName: [UInt8]?, wmName: (bytes: [UInt8], encoding: Encoding)?) -> String {
        if let netWMName, !netWMName.isEmpty { return text(netWMName, encoding: .utf8) }
        guard let wmName else { return "" }
        return text(wmName.bytes, encoding: wmName.encoding)
    }

    /// The name of the first output whose rectangle holds `point`; "" when none does.
    public static func output(
        holding point: (x: Int, y: Int), among outputs: [(name: String, x: Int, y: Int, width: Int, height: Int)]
    ) -> String {
        outputs.first { output in
            (output.x..<output.x + output.width).contains(point.x)
                && (output.y..<output.y + output.height).contains(point.y)
        }?.name ?? ""
    }
}
