/// How a property of a ``DBusWireValue`` type writes its value straight
/// into a message: the signature of its variant, and the getter's value
/// written with no ``DBusValue`` made (``DBusProperty/appendVariant(for:to:)``).
struct DBusPropertyWire: Sendable {
    /// The value's signature, as the variant carries it.
    let signature: [UInt8]
    /// Writes the value for an object's context.
    let write: @Sendable ((any Sendable)?, inout WireWriter) throws -> Void
}

extension DBusProperty {
    /// Writes the property's value for the object registered with `context`
    /// as a variant: straight from its Swift value when its type can
    /// (``DBusWireValue``), else through its ``DBusValue``. `depth` is the
    /// containers around the variant.
    func appendVariant(for context: (any Sendable)?, to writer: inout WireWriter, depth: Int) throws {
        guard let wire else { return try writer.appendVariant(value(for: context), depth: depth) }
        writer.appendSignatureText(wire.signature)
        try wire.write(context, &writer)
    }

    /// This property, written straight into messages by `write`.
    fileprivate func writing<Value: DBusWireValue>(
        _: Value.Type, _ write: @escaping @Sendable ((any Sendable)?) -> Value
    ) -> DBusProperty {
        var property = self
        property.wire = DBusPropertyWire(signature: Array(Value.dbusType.signature.utf8)) { context, writer in
            try write(context).write(to: &writer)
        }
        return property
    }
}

/// The same servings as ``DBusPropertyDeclaration``'s, for values that write
/// themselves into messages (``DBusWireValue``): chosen over those for any
/// such type, they serve the same values and add the direct writer.
extension DBusPropertyDeclaration where Value: DBusWireValue {
    /// The property, served read-only by `get`, which runs on the loop thread.
    public func serve(get: @escaping @Sendable () -> Value) -> DBusProperty {
        let plain: DBusProperty = serveAsValue(get: get)
        return plain.writing(Value.self) { _ in get() }
    }

    /// The property, served read-only by `get` for every object registered
    /// with a context of type `Object`; see ``DBusPropertyDeclaration/serve(_:get:)``.
    public func serve<Object: Sendable>(_: Object.Type, get: @escaping @Sendable (Object) -> Value) -> DBusProperty {
        let plain: DBusProperty = serveAsValue(Object.self, get: get)
        return plain.writing(Value.self, typedReading(Object.self, get))
    }

    /// The property, served by `get` and `set` for every object registered
    /// with a context of type `Object`; see ``DBusPropertyDeclaration/serve(_:get:set:)``.
    public func serve<Object: Sendable>(
        _: Object.Type, get: @escaping @Sendable (Object) -> Value,
        set: @escaping @Sendable (Object, Value) throws -> Void
    ) -> DBusProperty {
        let plain: DBusProperty = serveAsValue(Object.self, get: get, set: set)
        return plain.writing(Value.self, typedReading(Object.self, get))
    }

    /// The property, served by `get` and `set`, which run on the loop thread.
    public func serve(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) throws -> Void)
        -> DBusProperty
    {
        let plain: DBusProperty = serveAsValue(get: get, set: set)
        return plain.writing(Value.self) { _ in get() }
    }

    /// `get` for the object's context, which must be an `Object` (a programming error otherwise).
    private func typedReading<Object: Sendable>(
        _: Object.Type, _ get: @escaping @Sendable (Object) -> Value
    ) -> @Sendable ((any Sendable)?) -> Value {
        let (interface, name) = (interface, name)
        return { context in
            guard let object = context as? Object else {
                preconditionFailure("\(interface).\(name) is served on an object registered without a \(Object.self)")
            }
            return get(object)
        }
    }
}
