extension DBusProxy {
    /// Calls `method` on the proxy's object and returns its reply.
    public func call<each In: DBusArgumentValue, Out: Sendable>(
        _ method: DBusMethodDeclaration<repeat each In, Out>, _ arguments: repeat each In
    ) async throws -> Out {
        try await connection.call(method, on: destination, at: path, repeat each arguments, timeout: timeout)
    }

    /// Calls `method` on the proxy's object, from any thread; `completion`
    /// runs on the connection's loop thread.
    public func call<each In: DBusArgumentValue, Out: Sendable>(
        _ method: DBusMethodDeclaration<repeat each In, Out>, _ arguments: repeat each In,
        then completion: @escaping @Sendable (Result<Out, DBusError>) -> Void
    ) {
        connection.call(method, on: destination, at: path, repeat each arguments, timeout: timeout, then: completion)
    }

    /// The value of `property` of the proxy's object.
    public func get<Value>(_ property: DBusPropertyDeclaration<Value>) async throws -> Value {
        let variant = try await call(PropertiesInterface.get, property.interface.rawValue, property.name.rawValue)
        return try property.decode(variant.value, from: peerName)
    }

    /// Reads `property`, from any thread; `completion` runs on the connection's loop thread.
    public func get<Value>(
        _ property: DBusPropertyDeclaration<Value>,
        then completion: @escaping @Sendable (Result<Value, DBusError>) -> Void
    ) {
        let peer = peerName
        call(PropertiesInterface.get, property.interface.rawValue, property.name.rawValue) { result in
            completion(
                result.flatMap { variant in
                    Result { () throws(DBusError) in try property.decode(variant.value, from: peer) }
                })
        }
    }

    /// Sets `property` of the proxy's object to `value`.
    public func set<Value>(_ property: DBusPropertyDeclaration<Value>, _ value: Value) async throws {
        try await call(
            PropertiesInterface.set, property.interface.rawValue, property.name.rawValue,
            DBusVariant(value.dbusValue))
    }

    /// Sets `property` to `value`, from any thread; `completion` runs on the connection's loop thread.
    public func set<Value>(
        _ property: DBusPropertyDeclaration<Value>, _ value: Value,
        then completion: @escaping @Sendable (Result<Void, DBusError>) -> Void
    ) {
        call(
            PropertiesInterface.set, property.interface.rawValue, property.name.rawValue,
            DBusVariant(value.dbusValue), then: completion)
    }

    /// Every property of `interface` of the proxy's object, read with one `GetAll`.
    public func getAll(_ interface: InterfaceName) async throws -> DBusPropertyValues {
        DBusPropertyValues(try await call(PropertiesInterface.getAll, interface.rawValue), from: peerName)
    }

    /// Reads every property of `interface`, from any thread; `completion` runs on the connection's loop thread.
    public func getAll(
        _ interface: InterfaceName, then completion: @escaping @Sendable (Result<DBusPropertyValues, DBusError>) -> Void
    ) {
        let peer = peerName
        call(PropertiesInterface.getAll, interface.rawValue) { result in
            completion(result.map { DBusPropertyValues($0, from: peer) })
        }
    }

    private var peerName: String { destination?.rawValue ?? "the peer" }
}
