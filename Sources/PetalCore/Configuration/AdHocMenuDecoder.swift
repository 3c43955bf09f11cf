import PetalJSON

/// A menu made over D-Bus (`CreateMenu`, `ChooseFrom`): the menu, and the menus
/// written in place in its items.
public struct AdHocMenu: Equatable, Sendable {
    /// The menu itself, at the top of the chains of its submenus.
    public var top: MenuSection
    /// The menus written in place in its items, each followed by those written
    /// in place in it, depth-first; each named `<parent>/<item id>`.
    public var submenus: [MenuSection]

    /// Creates a menu.
    public init(top: MenuSection, submenus: [MenuSection] = []) {
        self.top = top
        self.submenus = submenus
    }

    /// The menu, then its submenus.
    public var sections: [MenuSection] { [top] + submenus }
}

/// Why a menu made over D-Bus was refused: each problem has the JSON path of
/// the fault (`items[2].submenu.items[0].id`) and what was expected, as the
/// configuration's problems do.
public enum AdHocMenuError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The menu is malformed, or has no items: petald answers `InvalidMenu`.
    case invalid([ConfigurationProblem])
    /// A menu has more than ``MenuLimits/maximumItems`` items, or a chain more
    /// than ``MenuLimits/maximumChain`` menus: petald answers `LimitExceeded`.
    case limitExceeded([ConfigurationProblem])

    /// The errors, at least one.
    public var problems: [ConfigurationProblem] {
        switch self {
        case .invalid(let problems), .limitExceeded(let problems): problems
        }
    }

    /// One problem per line, each `PATH: MESSAGE`.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}

/// Turns the JSON text of a menu made over D-Bus into an ``AdHocMenu``, with
/// the rules of a configuration's menu section (docs/configuration.md) and
/// these differences: `name` is allowed, items may be choices (neither an
/// action nor a submenu), and submenus are written in place only, since a
/// reload may remove a configured menu.
///
/// The text is parsed without recording positions, which would copy a long
/// key once for every value under it (32 KiB times 16 Ki values fits in 64
/// KiB); problems are found by their paths, and a syntax error still has its
/// line and column. Its size is the caller's to check first
/// (``MenuLimits/maximumAdHocBytes``).
public enum AdHocMenuDecoder {
    /// Decodes and checks the UTF-8 JSON `bytes`.
    ///
    /// - Parameters:
    ///   - defaults: what the sections leave out: the configuration's top level.
    ///   - naming: the menu's name, given the valid `name` of the text or nil
    ///     when it has none (`adhoc-<n>`); called once, before the menu is
    ///     known to be valid, so it must spend nothing a refusal would waste.
    ///   - rowsFromTable: whether the menu's rows come from a ``RowTable``:
    ///     then it is a `list` with no `items`.
    /// - Returns: the menu, and its warnings (unknown keys and the like).
    /// - Throws: ``AdHocMenuError/limitExceeded(_:)`` when a limit is exceeded,
    ///   whatever else is wrong; otherwise ``AdHocMenuError/invalid(_:)`` with
    ///   every error.
    public static func decode(
        _ bytes: [UInt8], defaults: MenuDefaults, rowsFromTable: Bool = false, naming: (String?) -> String
    ) throws(AdHocMenuError) -> (menu: AdHocMenu, warnings: [ConfigurationProblem]) {
        try decode(byteCount: bytes.count, defaults: defaults, rowsFromTable: rowsFromTable, naming: naming) {
            () throws(JSONParseError) in
            try JSONValue.parse(bytes)
        }
    }

    /// Decodes and checks the JSON `text`, as ``decode(_:defaults:rowsFromTable:naming:)-([UInt8],_,_,_)`` does.
    public static func decode(
        _ text: String, defaults: MenuDefaults, rowsFromTable: Bool = false, naming: (String?) -> String
    ) throws(AdHocMenuError) -> (menu: AdHocMenu, warnings: [ConfigurationProblem]) {
        // A string's UTF-8 is valid: the parser need not check it again.
        try decode(byteCount: text.utf8.count, defaults: defaults, rowsFromTable: rowsFromTable, naming: naming) {
            () throws(JSONParseError) in
            try JSONValue.parse(text)
        }
    }

    /// Decodes and checks what `parse` parses, `byteCount` bytes of JSON.
    private static func decode(
        byteCount: Int, defaults: MenuDefaults, rowsFromTable: Bool, naming: (String?) -> String,
        parse: () throws(JSONParseError) -> JSONValue
    ) throws(AdHocMenuError) -> (menu: AdHocMenu, warnings: [ConfigurationProblem]) {
        let root: JSONValue
        do {
            root = try parse()
        } catch {
            let position = SourcePosition(line: error.line, column: error.column, offset: error.offset)
            throw .invalid([ConfigurationProblem(.error, path: "", "invalid JSON: \(error.message)", at: position)])
        }
        let decoder = decoded(root, defaults: defaults, rowsFromTable: rowsFromTable, name: naming)
        if !decoder.exceededLimits.isEmpty { throw .limitExceeded(decoder.exceededLimits) }
        let result = decoder.finish(MenuConfiguration())
        guard result.errors.isEmpty else { throw .invalid(result.errors) }
        if let style = decoder.sections.first?.settings.geometry.style, style != .list,
            byteCount > Limits.adHocMenuBytes
        {
            throw .limitExceeded([
                ConfigurationProblem(
                    .error, path: "",
                    "the menu is \(byteCount) bytes of JSON; a \(style.rawValue) menu holds at most \(Limits.adHocMenuBytes) bytes (a menu of layout \"list\" up to \(Limits.listMenuBytes))"
                )
            ])
        }
        let sections = decoder.sections
        return (AdHocMenu(top: sections[0], submenus: Array(sections.dropFirst())), result.warnings)
    }

    /// The decoder that has decoded the menu section `root` under the name that
    /// `name` gives for its valid `name` (or nil).
    private static func decoded(
        _ root: JSONValue, defaults: MenuDefaults, rowsFromTable: Bool, name: (String?) -> String
    ) -> ConfigurationDecoder {
        var decoder = ConfigurationDecoder(positions: JSONSourceMap())
        guard let top = root.objectValue else {
            let found = ConfigurationDecoder.describe(root)
            decoder.report(.error, "", "expected a menu section (a JSON object with items), found \(found)")
            return decoder
        }
        let given = decoder.member(
            "name", of: top, at: "", expected: "\(ConfigurationDecoder.menuNameRule) such as \"apps\""
        ) { value in
            value.stringValue.flatMap { MenuName.isValid($0) ? $0 : nil }
        }
        let context = MenuContext(names: [], defaults: defaults, isAdHoc: true, rowsFromTable: rowsFromTable)
        decoder.menuSection(root, at: "", named: name(given), in: context, extraKeys: ["name"])
        decoder.checkChains()
        return decoder
    }
}
