import DBus
import Glibc
import Linux
import PetalAPI
import PetalConfiguration
import PetalJSON
import PetalPluginRuntime

/// A file `$XDG_DATA_HOME/petal/providers/NAME.json` that declares a
/// D-Bus-activatable provider (docs/providers.md): its actions are listed from the file
/// at start and on each reload, and calling one sends `Invoke` to its bus name, so that the bus
/// starts the program, as KRunner starts its D-Bus runners.
///
/// ```json
/// {"name": "hello", "busName": "org.petal.Examples.Hello", "path": "/org/petal/Examples/Hello",
///  "actions": [["hello.greet", "Say hello", "face-smile"]]}
/// ```
struct ProviderDropIn: Equatable {
    let file: String
    let description: ProviderDescription
    /// Where `Invoke` goes: the bus name the bus activates, and the object.
    let endpoint: ProviderEndpoint

    /// Drop-in files larger than this are refused unread.
    static let maximumBytes = 256 * 1024

    /// The folder drop-ins are read from: `$XDG_DATA_HOME/petal/providers`.
    static func folder(directories: XDGDirectories = XDGDirectories()) -> String? {
        XDGDirectories.petal(in: directories.dataHome).map { $0 + "/providers" }
    }

    /// A drop-in file that breaks a rule, and which rule.
    struct Refusal: Equatable, CustomStringConvertible {
        let file: String
        /// What is wrong and what would be right, naming the field.
        let reason: String

        /// `provider drop-in FILE: REASON`: the words the start-up log, a
        /// reload's log and `--check-config` all use.
        var description: String { "provider drop-in \(file): \(reason)" }
        /// `FILE: provider drop-in skipped: REASON`: how `ConfigWarnings` lists it, the file first.
        var listed: String { "\(file): provider drop-in skipped: \(reason)" }
    }

    /// Every valid drop-in in `folder`, in file-name order, and every file
    /// refused, with the field and what would be right.
    ///
    /// - Parameter owner: who already has a name (a loaded plugin, a
    ///   provider); nil when it is free to a drop-in.
    static func readAll(in folder: String?, owner: (String) -> String?) -> (
        dropIns: [ProviderDropIn], refused: [Refusal]
    ) {
        guard let folder, let names = folderEntries(folder) else { return ([], []) }
        let files = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { folder + "/" + $0 }
        var found: [ProviderDropIn] = []
        var refused: [Refusal] = []
        for file in files.sorted() {
            do {
                let dropIn = try read(
                    file,
                    owner: { name in
                        found.first { $0.description.name == name }.map { "the drop-in \($0.file)" } ?? owner(name)
                    })
                found.append(dropIn)
            } catch {
                refused.append(Refusal(file: file, reason: error.message))
            }
        }
        return (found, refused)
    }

    /// Reads and checks one drop-in file.
    static func read(_ file: String, owner: (String) -> String?) throws(DBusError) -> ProviderDropIn {
        func invalid(_ why: String) -> DBusError { PetalError.make(.invalidProvider, why) }
        let text: String
        do {
            let fd = try openRegularFile(file, flags: O_RDONLY)
            defer { close(fd) }
            text = String(decoding: try readToEnd(fd, path: file, limit: maximumBytes), as: UTF8.self)
        } catch {
            throw invalid("\(error)")
        }
        guard case .object(let object)? = try? JSONValue.parse(text) else {
            throw invalid(
                "it is not a JSON object like {\"name\": …, \"busName\": …, \"path\": …, \"actions\": [[id, title, icon], …]}"
            )
        }
        guard let busName = object["busName"]?.stringValue, let bus = try? BusName(busName), !busName.hasPrefix(":")
        else {
            throw invalid("\"busName\" must be a well-known bus name, e.g. \"org.example.Weather\"")
        }
        guard let pathText = object["path"]?.stringValue, let path = try? ObjectPath(pathText) else {
            throw invalid("\"path\" must be an object path, e.g. \"/org/example/Weather\"")
        }
        guard case .array(let rows)? = object["actions"] else {
            throw invalid("\"actions\" must be an array of [id, title, icon]")
        }
        var actions: [ProviderActionRow] = []
        for (index, row) in rows.enumerated() {
            guard case .array(let fields) = row, fields.count == 3,
                let id = fields[0].stringValue, let title = fields[1].stringValue, let icon = fields[2].stringValue
            else {
                throw invalid("actions[\(index)] must be [id, title, icon], three strings")
            }
            actions.append(ProviderActionRow(id: id, title: title, icon: icon))
        }
        let stem = String(file.split(separator: "/").last?.dropLast(".json".count) ?? "")
        guard let name = object["name"]?.stringValue else { throw invalid("\"name\" must be a string") }
        guard name == stem else {
            throw invalid("\"name\" is \"\(name)\"; it must match the file's name, \(stem).json")
        }
        let description = try ProviderDescription(name: name, actions: actions, owner: owner)
        return ProviderDropIn(
            file: file, description: description,
            endpoint: ProviderEndpoint(name: name, busName: bus.rawValue, path: path))
    }
}
