/// Modifier keys held with a key press.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Control.
    public static let control = KeyModifiers(rawValue: 1 << 1)
    /// Alt (X11's Mod1).
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    /// Super (the logo key).
    public static let superKey = KeyModifiers(rawValue: 1 << 3)
    /// Meta.
    public static let meta = KeyModifiers(rawValue: 1 << 4)
    /// Hyper.
    public static let hyper = KeyModifiers(rawValue: 1 << 5)

    /// The modifiers that make a key a shortcut rather than typing: all but Shift.
    public static let shortcut: KeyModifiers = [.control, .alt, .superKey, .meta, .hyper]
}

/// One key press as the display server tells it, in plain values: the
/// key's name as GDK names keys (`a`, `1`, `Return`, `Page_Up`,
/// `BackSpace`), the character it types if any, and the modifiers held.
public struct KeyPress: Equatable, Sendable {
    /// GDK's name of the key (`gdk_keyval_name`).
    public var name: String
    /// The character the key types, nil for none (a function key, a control character).
    public var character: Character?
    /// The modifiers held.
    public var modifiers: KeyModifiers

    /// A key press.
    public init(name: String, character: Character? = nil, modifiers: KeyModifiers = []) {
        self.name = name
        self.character = character
        self.modifiers = modifiers
    }
}

/// A key with modifiers, named in GTK's accelerator syntax as a picker's
/// `keys` take it: `Alt+1`, `Control+Delete`, `Shift+Return`, or GTK's own
/// `<Alt>1`, `<Control><Shift>k`.
///
/// Modifier names are GTK's (`Control`, `Ctrl`, `Primary`, `Alt`, `Mod1`,
/// `Shift`, `Super`, `Meta`, `Hyper`), in any case; the key is a GDK key name,
/// compared without case, so `Alt+a` is pressed with or without Caps Lock.
public struct KeyChord: Equatable, Sendable {
    /// The modifiers that must be held, and no others (Shift aside for a key
    /// that needs it to be typed: see ``matches(_:)``).
    public var modifiers: KeyModifiers
    /// The key's GDK name, lowercased.
    public var key: String

    /// A chord of `key` with `modifiers`.
    public init(key: String, modifiers: KeyModifiers = []) {
        self.key = key.lowercased()
        self.modifiers = modifiers
    }

    /// The chord `name` names; nil for a name that is not one (an unknown
    /// modifier, no key, an empty part).
    public init?(parsing name: String) {
        var rest = Substring(name.trimmingWhitespace)
        var modifiers: KeyModifiers = []
        // GTK's own syntax: <Modifier> prefixes.
        while rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return nil }
            guard let modifier = Self.modifier(named: rest[rest.index(after: rest.startIndex)..<close]) else {
                return nil
            }
            modifiers.insert(modifier)
            rest = rest[rest.index(after: close)...]
        }
        // The `+` syntax: modifiers, then the key; a key of "+" itself is GDK's `plus`.
        var key = "plus"
        var named: [Substring]
        if rest == "+" {
            named = []
        } else if rest.hasSuffix("++") {
            named = rest.dropLast(2).split(separator: "+", omittingEmptySubsequences: false)
        } else {
            named = rest.split(separator: "+", omittingEmptySubsequences: false)
            key = String(named.removeLast())
        }
        guard !key.isEmpty else { return nil }
        for part in named {
            guard let modifier = Self.modifier(named: part) else { return nil }
            modifiers.insert(modifier)
        }
        guard key.allSatisfy({ !$0.isWhitespace && $0 != "<" && $0 != ">" }) else { return nil }
        self.init(key: key, modifiers: modifiers)
    }

    /// Whether `press` is this chord: the same key, and the same modifiers.
    /// Shift is not counted when the chord does not name it and the key is
    /// not a letter, since Shift may be what types it (`Alt+question`).
    public func matches(_ press: KeyPress) -> Bool {
        guard press.name.lowercased() == key else { return false }
        var held = press.modifiers
        if !modifiers.contains(.shift), !Self.isLetter(key) { held.remove(.shift) }
        return held == modifiers
    }

    private static func isLetter(_ key: String) -> Bool {
        key.count == 1 && key.first!.isLetter
    }

    private static func modifier(named name: Substring) -> KeyModifiers? {
        switch name.lowercased() {
        case "control", "ctrl", "ctl", "primary": .control
        case "alt", "mod1": .alt
        case "shift", "shft": .shift
        case "super", "mod4": .superKey
        case "meta": .meta
        case "hyper": .hyper
        default: nil
        }
    }
}

extension String {
    /// The text without whitespace at either end.
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
