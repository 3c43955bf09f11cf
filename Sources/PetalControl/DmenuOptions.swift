import PetalCore

/// What `choose --lines` and `dmenu` take besides where the menu opens:
/// rofi -dmenu's flags (docs/dmenu.md), as the `picker` section, the layout
/// and the output they ask for.
public struct DmenuOptions: Equatable, Sendable {
    /// Which layout the menu has.
    public enum Layout: Equatable, Sendable {
        /// `radial` for up to ``DmenuOptions/radialRows`` rows, `list` beyond.
        case auto
        /// This one, whatever the number of rows.
        case style(LayoutStyle)
    }

    /// `-p`: shown before the filter text.
    public var prompt = ""
    /// `-mesg`: a line under the prompt.
    public var message = ""
    /// `-filter`: the filter text it starts with.
    public var filter = ""
    /// `-selected-row`: the input line (from 0) highlighted first.
    public var selectedRow: Int?
    /// `-multi-select`: several rows may be chosen, one line printed for each.
    public var multiSelect = false
    /// `-no-custom`: the filter text itself may not be chosen.
    public var noCustom = false
    /// `--case-sensitive` (rofi's `-case-sensitive`); `-i` keeps the default, false.
    public var caseSensitive = false
    /// `-sort`: rows ranked by a fuzzy score rather than kept in order.
    public var sort = false
    /// `-format`: what is printed for each choice.
    public var format = DmenuFormat.row
    /// `-kb-custom-N KEY`, by N (1 to 19).
    public var customKeys: [Int: String] = [:]
    /// `-l N`: how many rows a list shows.
    public var lines: Int?
    /// `--width PX`: a list's width, logical pixels.
    public var width: Int?
    /// `--layout`.
    public var layout = Layout.auto
    /// `--tab-icon`: a TAB splits TITLE from ICON, as v3 did.
    public var tabIcon = false

    /// Options at their defaults: what `choose --lines` alone means.
    public init() {}

    /// The most rows `--layout auto` draws radially; more make a list.
    public static let radialRows = 8

    /// The layout for `rows` rows.
    public func style(forRows rows: Int) -> LayoutStyle {
        switch layout {
        case .style(let style): style
        case .auto: rows <= Self.radialRows ? .radial : .list
        }
    }

    /// The custom keys in the order the `picker` section lists them, each
    /// with its N: rofi's numbers may leave gaps (`-kb-custom-3` alone), the
    /// section's may not.
    public var orderedKeys: [(number: Int, key: String)] {
        customKeys.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

/// rofi's `-format`: letters that stand for a part of the choice, any other
/// character printed as it is (`i:s` prints `3:Lock`).
public struct DmenuFormat: Equatable, Sendable {
    /// One part of the format.
    public enum Part: Equatable, Sendable {
        /// `s` (and rofi's `p`): the row's text as read, without its row options.
        case row
        /// `i`: the row's line in the input, from 0; −1 for a custom entry.
        case index
        /// `d`: the row's line in the input, from 1; −1 for a custom entry.
        case number
        /// `q`: the row's text quoted for a POSIX shell.
        case quotedRow
        /// `f`: the filter text.
        case filter
        /// `F`: the filter text quoted for a POSIX shell.
        case quotedFilter
        /// Any other character, as it is.
        case literal(String)
    }

    /// The parts, in order.
    public let parts: [Part]

    /// `s`: the row's text, rofi's default.
    public static let row = DmenuFormat(parts: [.row])

    private init(parts: [Part]) { self.parts = parts }

    /// The format `text` spells.
    public init(_ text: String) {
        var parts: [Part] = []
        for character in text {
            switch character {
            case "s", "p": parts.append(.row)
            case "i": parts.append(.index)
            case "d": parts.append(.number)
            case "q": parts.append(.quotedRow)
            case "f": parts.append(.filter)
            case "F": parts.append(.quotedFilter)
            default:
                if case .literal(let previous)? = parts.last {
                    parts[parts.count - 1] = .literal(previous + String(character))
                } else {
                    parts.append(.literal(String(character)))
                }
            }
        }
        self.parts = parts
    }

    /// The line printed for one choice: `row`'s text (nil for a custom
    /// entry, whose text is the filter) and its input line from 0.
    public func line(row: [UInt8]?, index: Int, filter: String) -> [UInt8] {
        var line: [UInt8] = []
        for part in parts {
            switch part {
            case .row: line += row ?? Array(filter.utf8)
            case .index: line += Array(String(row == nil ? -1 : index).utf8)
            case .number: line += Array(String(row == nil ? -1 : index + 1).utf8)
            case .quotedRow: line += Self.shellQuoted(row ?? Array(filter.utf8))
            case .filter: line += Array(filter.utf8)
            case .quotedFilter: line += Self.shellQuoted(Array(filter.utf8))
            case .literal(let text): line += Array(text.utf8)
            }
        }
        return line
    }

    /// `bytes` in single quotes for a POSIX shell, each `'` written `'\''` (as rofi's `q`).
    static func shellQuoted(_ bytes: [UInt8]) -> [UInt8] {
        var quoted: [UInt8] = [UInt8(ascii: "'")]
        for byte in bytes {
            if byte == UInt8(ascii: "'") {
                quoted += Array(#"'\''"#.utf8)
            } else {
                quoted.append(byte)
            }
        }
        quoted.append(UInt8(ascii: "'"))
        return quoted
    }
}
