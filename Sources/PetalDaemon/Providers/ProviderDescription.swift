import DBus
import PetalAPI

/// What an action provider says of itself — its `Name` and `Actions`
/// properties — checked against SPEC §3's rules before any of its actions
/// is listed.
struct ProviderDescription: Equatable {
    /// One action the provider declares.
    struct Declared: Equatable {
        let id: String
        let title: String
        let icon: String
    }

    /// The provider's name, which is also its actions' namespace.
    let name: String
    let actions: [Declared]

    /// A provider may declare at most this many actions.
    static let maximumActions = 256
    /// Titles and icon names longer than this are refused.
    static let maximumTextBytes = 1024
    /// A `GetAll` reply larger than this in the message is refused without being decoded.
    static let maximumReplyBytes = 256 * 1024
    private static let nameBytes = Set("abcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Reads and checks the provider's properties, as its `GetAll` returned them.
    ///
    /// - Parameter owner: who already has a name: a loaded plugin's file, or
    ///   another provider; nil when the name is free.
    /// - Throws: `InvalidProvider` saying what is wrong and what would be right.
    init(properties: [(key: String, value: DBusValue)], owner: (String) -> String?) throws(DBusError) {
        func invalid(_ why: String) -> DBusError { PetalError.make(.invalidProvider, why) }
        let values = Dictionary(properties.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        guard let name = values["Name"]?.unwrapped.stringValue else {
            throw invalid("its Name property is missing or not a string (s); it must be the provider's name, e.g. \"weather\"")
        }
        guard !name.isEmpty, name.utf8.count <= 64, name.utf8.allSatisfy({ Self.nameBytes.contains($0) }) else {
            throw invalid("its Name \"\(name.prefix(80))\" must be 1 to 64 of a-z, 0-9, \"-\" and \"_\"")
        }
        if PluginLoader.reservedNames.contains(name) {
            throw invalid("its Name \"\(name)\" is reserved for the plugins installed with petald (\(PluginLoader.reservedNames.sorted().joined(separator: ", "))); choose another")
        }
        if let holder = owner(name) {
            throw invalid("its Name \"\(name)\" is taken by \(holder); choose another")
        }
        guard case .array(.structure([.string, .string, .string]), let rows)? = values["Actions"]?.unwrapped else {
            throw invalid("its Actions property is missing or not an a(sss) of action id, title and icon")
        }
        guard rows.count <= Self.maximumActions else {
            throw invalid("it declares \(rows.count) actions; at most \(Self.maximumActions) are allowed")
        }
        var seen = Set<String>()
        var actions: [Declared] = []
        for row in rows {
            guard case .structure(let fields) = row, fields.count == 3, let id = fields[0].stringValue,
                  let title = fields[1].stringValue, let icon = fields[2].stringValue else { continue }
            let verb = id.hasPrefix(name + ".") ? id.dropFirst(name.count + 1) : ""
            guard !verb.isEmpty, id.utf8.count <= MenuService.maximumIDBytes else {
                throw invalid("its action \"\(id.prefix(80))\" is outside its namespace; its ids must be \"\(name).<verb>\", at most \(MenuService.maximumIDBytes) bytes")
            }
            guard seen.insert(id).inserted else { throw invalid("it declares action \"\(id)\" twice") }
            guard title.utf8.count <= Self.maximumTextBytes, icon.utf8.count <= Self.maximumTextBytes else {
                throw invalid("the title or icon of its action \"\(id)\" is over \(Self.maximumTextBytes) bytes")
            }
            actions.append(Declared(id: id, title: title, icon: icon))
        }
        self.name = name
        self.actions = actions
    }
}
