import DBus

/// The D-Bus action providers registered now, the registrations under way
/// (waiting for the provider's properties), and the activatable providers
/// declared by drop-in files. Confined to the event loop.
struct ProviderDirectory {
    private var endpoints: [String: ProviderEndpoint] = [:]
    private var registering: Set<String> = []
    private var dropIns: [String: ProviderDropIn] = [:]

    /// The drop-in that declares `name`, if any.
    func dropIn(named name: String) -> ProviderDropIn? { dropIns[name] }

    /// Every drop-in known, in file order.
    var allDropIns: [ProviderDropIn] { dropIns.values.sorted { $0.file < $1.file } }

    /// Adds `dropIn`, replacing the one of the same name.
    mutating func addDropIn(_ dropIn: ProviderDropIn) {
        dropIns[dropIn.description.name] = dropIn
    }

    /// Forgets the drop-in that declares `name`.
    mutating func removeDropIn(named name: String) {
        dropIns[name] = nil
    }

    /// The provider called `name`, if one is registered.
    func endpoint(named name: String) -> ProviderEndpoint? { endpoints[name] }

    /// The name of the provider `sender` registered at `path`, if any.
    func name(registeredBy sender: String, at path: ObjectPath) -> String? {
        endpoints.values.first { $0.busName == sender && $0.path == path }?.name
    }

    /// The names of every provider `sender` registered.
    func names(registeredBy sender: String) -> [String] {
        endpoints.values.filter { $0.busName == sender }.map(\.name).sorted()
    }

    /// Whether `sender` is registering, or has registered, a provider at `path`.
    func isKnown(_ sender: String, at path: ObjectPath) -> Bool {
        registering.contains(Self.key(sender, path)) || name(registeredBy: sender, at: path) != nil
    }

    /// Notes that `sender` is registering `path` until ``finishRegistering(_:at:)``.
    mutating func startRegistering(_ sender: String, at path: ObjectPath) {
        registering.insert(Self.key(sender, path))
    }

    mutating func finishRegistering(_ sender: String, at path: ObjectPath) {
        registering.remove(Self.key(sender, path))
    }

    mutating func add(_ endpoint: ProviderEndpoint) {
        endpoints[endpoint.name] = endpoint
    }

    /// Removes the provider called `name`; returns it.
    @discardableResult
    mutating func remove(_ name: String) -> ProviderEndpoint? {
        endpoints.removeValue(forKey: name)
    }

    /// How many providers are registered.
    var count: Int { endpoints.count }

    private static func key(_ sender: String, _ path: ObjectPath) -> String { sender + " " + path.rawValue }
}
