import Glibc
import Linux
import PetalAPI
import PetalJSON

/// The state file's format: {"version": 2, "selected": {"<menu>": {"<item id>":
/// true|false, ...}, ...}}. A version 1 file (one flat map, of the main menu's
/// items) is read as the main menu's, and written in the new shape on the next change.
enum SelectionFile {
    /// The largest state file read; anything bigger is not Petal's and is treated as corrupt.
    static let sizeLimit = 1 << 20

    /// The version of the file this petald writes.
    static let version: Int64 = 2

    /// The file's bytes for `selections`: keys sorted, so equal selections give equal files.
    static func encode(_ selections: [String: [String: Bool]]) -> [UInt8] {
        let menus = JSONObject(
            selections.sorted { $0.key < $1.key }.map { menu, items in
                let flags = items.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.bool($0.value)) }
                return (menu, JSONValue.object(JSONObject(flags)))
            })
        let document: JSONValue = ["version": .int(version), "selected": .object(menus)]
        return Array((document.jsonText(pretty: true) + "\n").utf8)
    }

    /// What reading the state file found.
    enum Contents: Equatable {
        case missing
        case loaded([String: [String: Bool]])
        case corrupt(String)
        case unreadable(Int32)
        /// Something else is at the path, e.g. "a FIFO".
        case notAFile(String)
        case unknownVersion(Int64)
    }

    /// Reads and checks the state file at `path`.
    static func load(_ path: String) -> Contents {
        let fd: Int32
        do {
            fd = try openRegularFile(path, flags: O_RDONLY)
        } catch .notRegular(_, let kind) {
            return .notAFile(kind)
        } catch {
            // ENOTDIR: the folder is not one, so no state file can exist; the write probe says why.
            return error.errno == ENOENT || error.errno == ENOTDIR ? .missing : .unreadable(error.errno)
        }
        defer { close(fd) }
        let bytes: [UInt8]
        do {
            bytes = try readToEnd(fd, path: path, limit: sizeLimit)
        } catch {
            return .unreadable(error.errno)
        }
        if bytes.count > sizeLimit { return .corrupt("larger than \(sizeLimit) bytes") }
        return decode(bytes)
    }

    /// Checks the shape {"version": 2, "selected": {"<menu>": {"<id>": <bool>, ...}, ...}}, or version 1's
    /// {"version": 1, "selected": {"<id>": <bool>, ...}} (the main menu's); other top-level keys are ignored.
    static func decode(_ bytes: [UInt8]) -> Contents {
        let document: JSONValue
        do {
            document = try JSONValue.parse(bytes)
        } catch {
            return .corrupt("not JSON: \(error)")
        }
        guard case .object(let root) = document else {
            return .corrupt("expected an object, found \(document.typeName)")
        }
        guard let version = root["version"]?.int64Value else {
            return .corrupt("\"version\" is missing or not an integer")
        }
        guard version == 1 || version == Self.version else { return .unknownVersion(version) }
        guard case .object(let selected)? = root["selected"] else {
            return .corrupt("\"selected\" is missing or not an object")
        }
        guard version == Self.version else {
            return flags(selected, at: "selected").map { .loaded([PetalBus.mainMenu: $0]) }
                ?? .corrupt(problem(selected))
        }
        var selections: [String: [String: Bool]] = [:]
        for (menu, value) in selected {
            guard case .object(let items) = value else {
                return .corrupt("selected.\(menu) is a \(value.typeName), not an object of item ids")
            }
            guard let menuFlags = flags(items, at: "selected.\(menu)") else {
                return .corrupt(problem(items, at: "selected.\(menu)"))
            }
            selections[menu] = menuFlags
        }
        return .loaded(selections)
    }

    /// The booleans of `object`, or nil when one is not a boolean.
    private static func flags(_ object: JSONObject, at path: String) -> [String: Bool]? {
        var flags: [String: Bool] = [:]
        for (id, value) in object {
            guard let flag = value.boolValue else { return nil }
            flags[id] = flag
        }
        return flags
    }

    /// What is wrong with `object`, which ``flags(_:at:)`` refused.
    private static func problem(_ object: JSONObject, at path: String = "selected") -> String {
        guard let (id, value) = object.first(where: { $0.value.boolValue == nil }) else {
            return "\(path) is unreadable"
        }
        return "\(path).\(id) is a \(value.typeName), not a boolean"
    }
}
