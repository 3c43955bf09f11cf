import PetalJSON
import Spelling

/// Turns the JSON text of a configuration (docs/configuration.md) into a ``MenuConfiguration``,
/// checking every rule and collecting every problem rather than stopping at the first.
///
/// Every key is optional; a missing key keeps the value of
/// ``MenuConfiguration/embeddedDefault`` (with no `items` key, the embedded
/// items). Values must have exactly the types of docs/configuration.md. Unknown
/// keys are warnings; everything else is an error. No I/O: reading the file,
/// and its size and type limits, are the daemon's. ``AdHocMenuDecoder`` uses the
/// same rules for a menu made over D-Bus.
public struct ConfigurationDecoder {
    /// The most items a menu may have.
    public static let maximumItems = Limits.menuItems
    /// The most problems reported for one text; past this, one last error says
    /// that more were left out.
    public static let maximumProblems = 100
    /// The longest item id or action id, in UTF-8 bytes.
    public static let maximumIDBytes = Limits.idBytes
    /// The longest `spacing` or `radius`, in pixels.
    public static let maximumDistance = 10_000.0
    /// The largest magnitude of `firstAngle` and `angleInterval`, in degrees.
    public static let maximumAngle = 360.0
    /// The longest `openDuration` or `closeDuration`, in seconds.
    public static let maximumAnimationSeconds = 60.0
    /// The longest `actions.timeout`, in seconds.
    public static let maximumTimeoutSeconds = 600.0
    /// The range of `actions.maxConcurrent`.
    public static let concurrencyRange: ClosedRange<Int64> = 1...1024

    /// The positions of the values, for problems' lines and columns.
    let positions: JSONSourceMap
    private(set) var problems: [ConfigurationProblem] = []
    private(set) var hasErrors = false
    /// The errors that are limits exceeded (items, chains), which a menu made
    /// over D-Bus is refused for with `LimitExceeded` rather than `InvalidMenu`.
    private(set) var exceededLimits: [ConfigurationProblem] = []
    /// The menus decoded so far, in configuration order.
    var sections: [MenuSection] = []
    /// Every submenu an item opens, for the check of cycles and chains.
    var links: [SubmenuLink] = []
    /// Where each item names its action, for the check of actions nobody provides.
    var actionSites: [ActionSite] = []
    /// Where each menu writes its items, for the check of menus too large for a small screen.
    var menuSites: [MenuSite] = []
    private var leftOut = 0
    private var leftOutErrors = false

    init(positions: JSONSourceMap) {
        self.positions = positions
    }

    /// Decodes and checks the UTF-8 JSON `bytes`.
    public static func decode(_ bytes: [UInt8]) -> ConfigurationDecoding {
        let parsed: (value: JSONValue, positions: JSONSourceMap)
        do {
            parsed = try JSONValue.parseWithPositions(bytes, maximumPathDepth: Self.positionDepth)
        } catch {
            let position = SourcePosition(line: error.line, column: error.column, offset: error.offset)
            let problem = ConfigurationProblem(.error, path: "", "invalid JSON: \(error.message)", at: position)
            return ConfigurationDecoding(configuration: nil, problems: [problem])
        }
        var decoder = ConfigurationDecoder(positions: parsed.positions)
        let configuration = decoder.configuration(from: parsed.value)
        return decoder.finish(configuration)
    }

    /// Decodes and checks the JSON `text`.
    public static func decode(_ text: String) -> ConfigurationDecoding {
        decode(Array(text.utf8))
    }

    /// How deep values have their positions recorded: problems are reported
    /// down to the values of a menu section's items and appearance, and a
    /// section is at most 2 deep (`menus.apps`) plus 3 for each menu written in
    /// place (`items[0].submenu`), 9 of them to report a chain that is too long.
    static let positionDepth = 2 + 3 * (Limits.menuChain + 1) + 1

    // MARK: - The document

    /// The top-level keys.
    static let topLevelKeys = ["menu", "items", "menus", "plugins", "actions", "appearance"]

    mutating func configuration(from root: JSONValue) -> MenuConfiguration {
        var configuration = MenuConfiguration()
        guard let top = root.objectValue else {
            report(.error, "", "expected a JSON object at the top level, found \(Self.describe(root))")
            return configuration
        }
        warnAboutUnknownKeys(in: top, at: "", known: Self.topLevelKeys)
        var defaults = MenuDefaults()
        if let menu = section("menu", of: top, at: "", known: Self.menuKeys) {
            defaults.settings = menuSettings(menu, at: "menu")
        }
        if let appearance = section("appearance", of: top, at: "", known: Self.appearanceKeys) {
            defaults.appearance = appearanceSettings(appearance, at: "appearance")
        }
        configuration.defaults = defaults
        (configuration.main, configuration.otherMenus) = menus(of: top, defaults: defaults)
        if let plugins = section("plugins", of: top, at: "", known: Self.pluginKeys) {
            configuration.plugins = pluginSettings(plugins, at: "plugins")
        }
        if let actions = section("actions", of: top, at: "", known: Self.actionKeys) {
            configuration.actions = actionSettings(actions, at: "actions")
        }
        return configuration
    }

    func finish(_ configuration: MenuConfiguration) -> ConfigurationDecoding {
        // Stable: problems at one place keep the order they were found in.
        var sorted = problems.enumerated().sorted { a, b in
            let (left, right) = (a.element.position?.offset ?? -1, b.element.position?.offset ?? -1)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
        if leftOut > 0 {
            sorted.append(
                ConfigurationProblem(
                    leftOutErrors ? .error : .warning, path: "",
                    "\(leftOut) more problems were found; only the first \(Self.maximumProblems) are shown"))
        }
        return ConfigurationDecoding(
            configuration: hasErrors ? nil : configuration, problems: sorted, actionSites: actionSites,
            menuSites: menuSites)
    }

    // MARK: - Reporting

    /// Records a problem with the value at `path`, positioned at that value or,
    /// for a missing one, at `positionPath`'s.
    mutating func report(
        _ severity: ConfigurationProblem.Severity, _ path: String, _ message: String,
        positionOf positionPath: String? = nil
    ) {
        if severity == .error { hasErrors = true }
        guard problems.count < Self.maximumProblems else {
            leftOut += 1
            leftOutErrors = leftOutErrors || severity == .error
            return
        }
        problems.append(ConfigurationProblem(severity, path: path, message, at: positions[positionPath ?? path]))
    }

    /// Records the error that a limit is exceeded at `path`: an error, which a
    /// menu made over D-Bus is refused for with `LimitExceeded`.
    mutating func reportExceeded(_ path: String, _ message: String) {
        if exceededLimits.count < Self.maximumProblems {
            exceededLimits.append(ConfigurationProblem(.error, path: path, message, at: positions[path]))
        }
        report(.error, path, message)
    }

    /// The value as a message shows what was found: `"red"`, `42`, `true`,
    /// `null`, `an array`, `an object`; a long string is cut, with its length.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .array: return "an array"
        case .object: return "an object"
        case .string(let text) where text.utf8.count > 48:
            return "\(JSONPath.quoted(prefix(text, 32)).dropLast())…\" (\(text.utf8.count) bytes)"
        case .string(let text): return JSONPath.quoted(text)
        default: return value.jsonText
        }
    }

    // MARK: - Reading members

    /// The member `key` of `object` (at `parent`) converted by `convert`; nil when
    /// it is absent, or when `convert` refuses it, after reporting that `expected`
    /// was expected. (`expected` is worked out only then: a list of choices
    /// costs more to write than the member costs to read.)
    mutating func member<T>(
        _ key: String, of object: JSONObject, at parent: String, expected: @autoclosure () -> String,
        _ convert: (JSONValue) -> T?
    ) -> T? {
        guard let value = object[key] else { return nil }
        if let converted = convert(value) { return converted }
        report(.error, JSONPath.member(key, of: parent), "expected \(expected()), found \(Self.describe(value))")
        return nil
    }

    /// The boolean member `key`, if present and a boolean.
    mutating func flag(_ key: String, of object: JSONObject, at parent: String) -> Bool? {
        member(key, of: object, at: parent, expected: "true or false") { $0.boolValue }
    }

    /// The number member `key`, if present and within `range`.
    mutating func number(
        _ key: String, of object: JSONObject, at parent: String, in range: ClosedRange<Double>,
        excludingLowerBound: Bool = false, expected: @autoclosure () -> String
    ) -> Double? {
        member(key, of: object, at: parent, expected: expected()) { value in
            value.doubleValue.flatMap { number in
                range.contains(number) && !(excludingLowerBound && number == range.lowerBound) ? number : nil
            }
        }
    }

    /// The object member `key` with its unknown keys warned about, if present
    /// and an object.
    mutating func section(_ key: String, of object: JSONObject, at parent: String, known: [String]) -> JSONObject? {
        guard let section = member(key, of: object, at: parent, expected: "an object", { $0.objectValue }) else {
            return nil
        }
        warnAboutUnknownKeys(in: section, at: JSONPath.member(key, of: parent), known: known)
        return section
    }

    /// Warns about each key of `object` (at `path`) that is not in `known`.
    mutating func warnAboutUnknownKeys(in object: JSONObject, at path: String, known: [String]) {
        for key in object.keys where !known.contains(key) {
            let place = path.isEmpty ? "at the top level" : "in \(path)"
            var message = "unknown key, ignored"
            if let guess = Self.closest(to: key, among: known) { message += " (did you mean \"\(guess)\"?)" }
            message += "; the keys known \(place) are \(known.joined(separator: ", "))"
            report(.warning, Self.shownPath(key, of: path), message, positionOf: JSONPath.member(key, of: path))
        }
    }

    /// The path of member `key` of `parent` as a message shows it: a key of more
    /// than 64 bytes is cut to its first 32 characters and "…".
    static func shownPath(_ key: String, of parent: String) -> String {
        guard key.utf8.count > 64 else { return JSONPath.member(key, of: parent) }
        return JSONPath.member(prefix(key, 32) + "…", of: parent)
    }

    /// The known key that `key` is most likely a misspelling of: ignoring case,
    /// one edit away, or two for keys of five or more characters.
    static func closest(to key: String, among known: [String]) -> String? {
        Spelling.closest(to: key, among: known)
    }

    /// `"a", "b" or "c"`: the words a value may be, for messages.
    static func quotedChoices(_ words: [String]) -> String {
        let quoted = words.map { JSONPath.quoted($0) }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.joined() }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The first `count` Unicode scalars of `text`.
    static func prefix(_ text: String, _ count: Int) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: text.unicodeScalars.prefix(count))
        return result
    }
}

extension Duration {
    /// `seconds` rounded to whole nanoseconds, so that 0.3 is exactly 300 ms.
    static func configured(seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * 1e9).rounded()))
    }
}
