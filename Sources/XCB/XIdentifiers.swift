/// An X11 window, by its id; ``none`` is the X protocol's `None`.
public struct XWindow: Hashable, Sendable, CustomStringConvertible {
    /// The window's id.
    public let id: UInt32

    /// The window with `id`.
    public init(id: UInt32) { self.id = id }

    /// No window.
    public static let none = XWindow(id: 0)

    /// `0x1a00003`, as xprop and xdotool print ids.
    public var description: String { "0x" + String(id, radix: 16) }
}

/// An X11 atom: the server's number for a name such as `WM_CLASS`.
public struct XAtom: Hashable, Sendable, CustomStringConvertible {
    /// The atom's number.
    public let id: UInt32

    /// The atom numbered `id`.
    public init(id: UInt32) { self.id = id }

    /// `None`: what a property's type is when the window has no such property.
    public static let none = XAtom(id: 0)
    /// `STRING`, ISO Latin-1 text (predefined by the protocol).
    public static let string = XAtom(id: 31)
    /// `WINDOW` (predefined).
    public static let window = XAtom(id: 33)
    /// `WM_NAME`, the ICCCM title (predefined).
    public static let wmName = XAtom(id: 39)
    /// `WM_CLASS`, instance and class (predefined).
    public static let wmClass = XAtom(id: 67)

    public var description: String { "atom \(id)" }
}

/// A window's property as the server holds it.
public struct XProperty: Sendable, Equatable {
    /// Its type, e.g. ``XAtom/string`` or the atom of `UTF8_STRING`.
    public let type: XAtom
    /// 8, 16 or 32: the size of its items in bits.
    public let format: UInt8
    /// Its value, in the client's byte order for 16- and 32-bit items.
    public let bytes: [UInt8]

    /// A property of `type` holding `bytes` in items of `format` bits.
    public init(type: XAtom, format: UInt8, bytes: [UInt8]) {
        self.type = type
        self.format = format
        self.bytes = bytes
    }

    /// The value as 32-bit items (a `WINDOW` or `CARDINAL` property); empty for another format.
    public var values32: [UInt32] {
        guard format == 32 else { return [] }
        return stride(from: 0, to: bytes.count - 3, by: 4).map { offset in
            bytes[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        }
    }
}

/// A RandR output that shows part of the screen: its name and the rectangle
/// of the root window it shows.
public struct XOutput: Sendable, Equatable {
    /// The output's name, e.g. `HDMI-1`.
    public let name: String
    /// The left edge of what it shows, in root-window pixels.
    public let x: Int
    /// The top edge of what it shows, in root-window pixels.
    public let y: Int
    /// The width of what it shows, in pixels.
    public let width: Int
    /// The height of what it shows, in pixels.
    public let height: Int

    /// The output `name` showing `width`×`height` at (`x`, `y`) of the root window.
    public init(name: String, x: Int, y: Int, width: Int, height: Int) {
        self.name = name
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The events a client asks the server for on a window (its event mask).
public struct XEventMask: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// PropertyNotify: a property of the window changed.
    public static let propertyChange = XEventMask(rawValue: 0x40_0000)
    /// UnmapNotify, DestroyNotify and the window's other changes of structure.
    public static let structureNotify = XEventMask(rawValue: 0x2_0000)
}

/// What the server sent, as far as petal-context cares.
public enum XEvent: Sendable, Equatable {
    /// A property of `window` changed or was deleted.
    case propertyChanged(window: XWindow, atom: XAtom)
    /// `window` was unmapped (hidden, iconified, withdrawn).
    case unmapped(window: XWindow)
    /// `window` was destroyed.
    case destroyed(window: XWindow)
    /// An error for an earlier request that had no reply (a window gone before
    /// its event mask was set, say), with the X error code.
    case error(code: UInt8)
    /// Any other event, by its type.
    case other(type: UInt8)
}

/// The X connection could not be made, or was lost.
public struct XConnectionError: Error, Sendable, CustomStringConvertible {
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
