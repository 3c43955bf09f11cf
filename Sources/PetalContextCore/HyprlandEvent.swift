import PetalCore

/// The events of Hyprland's event socket (`.socket2.sock`) that say what has
/// focus: one line each, `EVENT>>DATA`.
public enum HyprlandEvent: Equatable, Sendable {
    /// `activewindow>>CLASS,TITLE`: a window has focus, or its title changed.
    /// The class holds no comma; the title may hold any number.
    case activeWindow(app: String, title: String)
    /// `activewindow>>,`: no window has focus.
    case noActiveWindow
    /// `focusedmon>>NAME,WORKSPACE`: the output `NAME` has focus.
    case focusedMonitor(name: String, workspace: String)

    /// The event one line (without its newline) says; nil for every other
    /// event, the `…v2` ones included, and for a line that is no event.
    public init?(line: Substring) {
        guard let separator = line.firstRange(of: ">>") else { return nil }
        let data = line[separator.upperBound...]
        switch line[..<separator.lowerBound] {
        case "activewindow":
            guard let comma = data.firstIndex(of: ",") else { return nil }
            let app = data[..<comma]
            let title = data[data.index(after: comma)...]
            self =
                app.isEmpty && title.isEmpty ? .noActiveWindow : .activeWindow(app: String(app), title: String(title))
        case "focusedmon":
            guard let comma = data.firstIndex(of: ",") else { return nil }
            self = .focusedMonitor(name: String(data[..<comma]), workspace: String(data[data.index(after: comma)...]))
        default:
            return nil
        }
    }
}

/// Lines out of the bytes read from Hyprland's event socket, however the
/// reads split them.
///
/// A line longer than ``maximumLineBytes`` (a title of megabytes) is kept
/// to its first ``maximumLineBytes`` and the rest dropped, so memory stays
/// bounded whatever a window calls itself.
public struct HyprlandLineReader: Sendable {
    /// The most bytes of one line kept: the context's limit for a title, and room for the rest.
    public static let maximumLineBytes = DesktopContext.maximumValueBytes + 1024

    private var partial: [UInt8] = []

    /// Nothing read yet.
    public init() {}

    /// The complete lines `bytes` finish, as text (invalid UTF-8 replaced), in order.
    public mutating func lines(in bytes: some Collection<UInt8>) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(String(decoding: partial, as: UTF8.self))
                partial.removeAll(keepingCapacity: true)
            } else if partial.count < Self.maximumLineBytes {
                partial.append(byte)
            }
        }
        return lines
    }
}
