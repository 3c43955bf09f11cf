import DBus
import PetalAPI
import PetalCore

/// How `petalctl watch` says what happened, one line per event a person
/// cares about (petalctl(1)): `opened apps`, `highlight apps web`,
/// `chose apps web`, `action started camera.open (item camera)`,
/// `action finished camera.open ok`, `context firefox "Title"`,
/// `reload ok (2 warnings)`. Everything else petald says is left out:
/// `--signals` prints every signal as it came.
enum EventLine {
    /// The line for `message`, a signal of petald's or the bus's; nil for one that says nothing new.
    static func text(_ message: Message) -> String? {
        typealias Menu = PetalBus.Menu
        if let (state, _) = Menu.stateChanged.decode(message) {
            // A menu passes through four states; a person hears of two: it opens, it closes.
            switch state {
            case .expanding: return "opened \(menuName(of: message))"
            case .collapsing: return "closed \(menuName(of: message))"
            default: return nil
            }
        }
        if let (item) = Menu.chosen.decode(message) { return "chose \(menuName(of: message)) \(item)" }
        if let (_, action, item) = Menu.actionStarted.decode(message) {
            return "action started \(action)" + (item.isEmpty ? "" : " (item \(item))")
        }
        if let (_, action, success, error, text) = Menu.actionFinished.decode(message) {
            guard !success else { return "action finished \(action) ok" }
            return "action finished \(action) failed: \(error)" + (text.isEmpty ? "" : ": \(text)")
        }
        if let (_, old, new) = BusDaemonInterface.nameOwnerChanged.decode(message) {
            if new.isEmpty { return "petald left the bus" }
            return old.isEmpty ? "petald is on the bus" : "petald was replaced"
        }
        if let (interface, changed, _) = PropertiesInterface.propertiesChanged.decode(message) {
            return propertiesLine(interface, DBusPropertyValues(changed, from: PetalBus.name.rawValue), message)
        }
        if let (path, interfaces) = ObjectManagerInterface.interfacesAdded.decode(message),
            interfaces.entries.contains(where: { $0.key == PetalBus.Menu.interface.rawValue }),
            let name = PetalBus.menuName(at: path)
        {
            return "added menu \(name)"
        }
        if let (path, interfaces) = ObjectManagerInterface.interfacesRemoved.decode(message),
            interfaces.contains(PetalBus.Menu.interface.rawValue), let name = PetalBus.menuName(at: path)
        {
            return "removed menu \(name)"
        }
        return nil
    }

    /// What a `PropertiesChanged` says a person cares about: a highlight, the
    /// context, a configuration put in force.
    private static func propertiesLine(_ interface: String, _ values: DBusPropertyValues, _ message: Message)
        -> String?
    {
        if interface == PetalBus.Menu.interface.rawValue {
            guard let item = try? values.valueIfPresent(PetalBus.Menu.highlighted), !item.isEmpty else { return nil }
            return "highlight \(menuName(of: message)) \(item)"
        }
        guard interface == PetalBus.Menus.interface.rawValue else { return nil }
        if let warnings = try? values.valueIfPresent(PetalBus.Menus.configWarnings) {
            return "reload ok (\(warnings.count) warning\(warnings.count == 1 ? "" : "s"))"
        }
        if let dictionary = try? values.valueIfPresent(PetalBus.Menus.context) {
            let context = DesktopContext(lenient: dictionary)
            let (app, title) = (context[.app] ?? "", context[.title] ?? "")
            guard !(app.isEmpty && title.isEmpty) else { return "context (no window)" }
            return "context \(app.isEmpty ? "-" : app) \(quoted(title))"
        }
        return nil
    }

    /// The menu whose object sent `message` (the root is `main`'s).
    private static func menuName(of message: Message) -> String {
        message.path.flatMap { try? ObjectPath($0) }.flatMap(PetalBus.menuName(at:)) ?? "?"
    }

    /// `text` in double quotes, its quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\x" + String(scalar.value, radix: 16, uppercase: false).leftPadded(to: 2)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension String {
    /// The string with `0`s before it up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
