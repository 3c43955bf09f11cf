import DBus
import PetalAPI
import PetalCore

/// What an action provider says of itself — its `Name` and `Actions`
/// properties — checked against docs/plugins.md's rules before any of its actions
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
    static let maximumActions = Limits.providerActions
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
    init(properties: DBusPropertyValues, owner: (String) -> String?) throws(DBusError) {
        guard let name = try? properties.value(PetalBus.ActionProvider.name) else {
            throw Self.invalid(
                "its Name property is missing or not a string (s); it must be the provider's name, e.g. \"weather\"")
        }
        guard let rows = try? properties.value(PetalBus.ActionProvider.actions) else {
            throw Self.invalid("its Actions property is missing or not an a(sss) of action id, title and icon")
        }
        try self.init(name: name, actions: rows, owner: owner)
    }

    /// Checks a provider's name and the actions it declares.
    ///
    /// - Throws: `InvalidProvider` saying what is wrong and what would be right.
    init(name: String, actions rows: [ProviderActionRow], owner: (String) -> String?) throws(DBusError) {
        let invalid = Self.invalid
        guard !name.isEmpty, name.utf8.count <= Limits.providerNameBytes,
            name.utf8.allSatisfy({ Self.nameBytes.contains($0) })
        else {
            throw invalid(
                "its Name \"\(name.prefix(80))\" must be 1 to \(Limits.providerNameBytes) of a-z, 0-9, \"-\" and \"_\"")
        }
        if BuiltInActions.reservedNames.contains(name) {
            throw invalid(
                "its Name \"\(name)\" is reserved for the plugins installed with petald (\(BuiltInActions.reservedNames.sorted().joined(separator: ", "))); choose another"
            )
        }
        if let holder = owner(name) {
            throw invalid("its Name \"\(name)\" is taken by \(holder); choose another")
        }
        guard rows.count <= Self.maximumActions else {
            throw invalid("it declares \(rows.count) actions; at most \(Self.maximumActions) are allowed")
        }
        var seen = Set<String>()
        var actions: [Declared] = []
        for row in rows {
            let id = row.id
            let verb = id.hasPrefix(name + ".") ? id.dropFirst(name.count + 1) : ""
            guard !verb.isEmpty, id.utf8.count <= Limits.idBytes else {
                throw invalid(
                    "its action \"\(id.prefix(80))\" is outside its namespace; its ids must be \"\(name).<verb>\", at most \(Limits.idBytes) bytes"
                )
            }
            guard seen.insert(id).inserted else { throw invalid("it declares action \"\(id)\" twice") }
            guard row.title.utf8.count <= Self.maximumTextBytes, row.icon.utf8.count <= Self.maximumTextBytes else {
                throw invalid("the title or icon of its action \"\(id)\" is over \(Self.maximumTextBytes) bytes")
            }
            actions.append(Declared(id: id, title: row.title, icon: row.icon))
        }
        self.name = name
        self.actions = actions
    }

    private static func invalid(_ why: String) -> DBusError { PetalError.make(.invalidProvider, why) }
}
