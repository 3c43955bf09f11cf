import PetalCore
import TextEscaping

/// What petal-context adds to the context it reads off the desktop: values
/// cut to petald's limit before they are sent, and a line for the log.
extension DesktopContext {
    /// The same context, each value cut to ``maximumValueBytes`` of UTF-8
    /// (``ContextText/capped(_:maximumBytes:)``), so that petald takes it whatever a window calls itself.
    public func capped() -> DesktopContext {
        var capped = DesktopContext()
        for (key, value) in values { capped[key] = ContextText.capped(value) }
        return capped
    }

    /// `app="firefox" instance="Navigator" title="Petal" output="HDMI-A-1"`,
    /// for the log: one line, each value cut at 256 bytes, whatever the values hold.
    public var logLine: String {
        func shown(_ value: String) -> String { "\"" + LogText.escaped(value, maximumBytes: 256) + "\"" }
        return "app=\(shown(app)) instance=\(shown(instance)) title=\(shown(title)) output=\(shown(output))"
    }
}

/// The text rules every context value follows.
public enum ContextText {
    /// `text` cut to at most `maximumBytes` of UTF-8, never inside a character
    /// (a user-perceived one: an emoji with its modifiers stays whole or goes).
    public static func capped(_ text: String, maximumBytes: Int = DesktopContext.maximumValueBytes) -> String {
        guard text.utf8.count > maximumBytes else { return text }
        var kept = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            let size = text.utf8.distance(from: index, to: next)
            guard kept + size <= maximumBytes else { break }
            kept += size
            end = next
        }
        return String(text[..<end])
    }
}
