/// What a key (or the wheel) asks of a `list` picker (docs/overlay.md, "The list layout").
public enum ListKey: Equatable, Sendable {
    /// Types a character into the filter.
    case character(Character)
    /// Backspace: deletes the filter's last character.
    case backspace
    /// Ctrl+U: clears the filter.
    case clearFilter
    /// Ctrl+W: deletes the filter's last word.
    case deleteWord
    /// Up, Ctrl+P, Shift+Tab: the row above, from the first to the last.
    case up
    /// Down, Ctrl+N, Tab: the row below, from the last to the first.
    case down
    /// The wheel: a row up or down, stopping at either end.
    case scrollUp, scrollDown
    /// Page Up and Page Down: a screenful of rows.
    case pageUp, pageDown
    /// Home and End: the first and the last row.
    case first, last
    /// Enter: chooses the marked rows, else the highlighted one, else the filter text.
    case enter
    /// Shift+Enter: marks the highlighted row with `multi`, else chooses the filter text.
    case shiftEnter
    /// Ctrl+Space: marks or unmarks the highlighted row (with `multi`).
    case mark
    /// Escape: closes the menu.
    case escape
    /// The picker's custom key N (from 1).
    case custom(Int)

    /// Whether the key edits the filter (and so may need the rows folded).
    public var changesFilter: Bool {
        switch self {
        case .character, .backspace, .clearFilter, .deleteWord: true
        default: false
        }
    }
}

/// What a `list` picker asks its frontend to do after a key.
public enum ListAction: Equatable, Sendable {
    /// `Submit` these rows (indices into the menu's rows, in menu order)
    /// with the filter text and custom key N (0 for Enter or a click).
    case submit(rows: [Int], filter: String, key: Int)
    /// `Submit` the filter text itself as a custom entry.
    case submitCustom(filter: String, key: Int)
    /// `Close` the menu.
    case close
}

/// Which ``ListKey`` a key press is, given a picker's custom keys: those
/// first (a custom key may take Enter or a letter), then the picker's own
/// keys, then a character typed.
public struct ListKeyMap: Sendable {
    /// The picker's `keys`, the N-th choosing with key N + 1; nil where a name did not parse.
    public let customKeys: [KeyChord?]

    /// The map for a picker whose `keys` are `names`.
    public init(customKeys names: [String]) {
        customKeys = names.map { KeyChord(parsing: $0) }
    }

    /// The names of `keys` that are not keys, to log.
    public static func unparsed(_ names: [String]) -> [String] {
        names.filter { KeyChord(parsing: $0) == nil }
    }

    /// The key `press` is; nil for one the picker does not use.
    public func key(for press: KeyPress) -> ListKey? {
        if let index = customKeys.firstIndex(where: { $0?.matches(press) == true }) { return .custom(index + 1) }
        let modifiers = press.modifiers
        let control = modifiers.contains(.control) && modifiers.subtracting([.control, .shift]).isEmpty
        let plain = modifiers.isDisjoint(with: .shortcut)
        switch press.name {
        case "Escape": return .escape
        case "Return", "KP_Enter", "ISO_Enter":
            guard plain else { return nil }
            return modifiers.contains(.shift) ? .shiftEnter : .enter
        case "Up", "KP_Up": return .up
        case "Down", "KP_Down": return .down
        case "Tab", "KP_Tab": return plain ? (modifiers.contains(.shift) ? .up : .down) : nil
        case "ISO_Left_Tab": return plain ? .up : nil
        case "Page_Up", "KP_Page_Up", "Prior", "KP_Prior": return .pageUp
        case "Page_Down", "KP_Page_Down", "Next", "KP_Next": return .pageDown
        case "Home", "KP_Home": return .first
        case "End", "KP_End": return .last
        case "BackSpace": return plain || control ? (control ? .deleteWord : .backspace) : nil
        default: break
        }
        if control {
            switch press.name.lowercased() {
            case "u": return .clearFilter
            case "w": return .deleteWord
            case "n": return .down
            case "p": return .up
            case "space": return .mark
            default: return nil
            }
        }
        guard plain, let character = press.character, !character.isNewline,
            character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && !(0x7f...0x9f).contains($0.value) })
        else { return nil }
        return .character(character)
    }
}
