/// A method of an interface declared once, with typed in- and out-arguments.
///
/// The server binds a handler to it (``serve(_:)``, ``serveLater(_:)``) and a
/// client calls through it (``DBusProxy/call(_:_:)``), so both ends of the
/// wire take the member's name, its interface and its types from one value,
/// and introspection lists what both use:
///
///     static let activate = DBusMethodDeclaration(
///         menu, "Activate", in: DBusIn("item", String.self), out: DBusOut("result", DBusVariantDictionary.self))
///
/// `Out` is what a call returns: `Void` for nothing, a ``DBusArgumentValue``
/// for one value, a ``DBusArgumentList`` for several.
public struct DBusMethodDeclaration<each In: DBusArgumentValue, Out: Sendable>: Sendable {
    /// The interface the method belongs to.
    public let interface: InterfaceName
    /// The member name.
    public let name: MemberName
    /// The in-arguments, names and types.
    public let inArguments: [DBusArgument]
    /// The out-arguments, names and types.
    public let outArguments: [DBusArgument]
    private(set) var limits: [(index: Int, limit: DBusSizeLimit)]
    /// What refuses a caller before the call's arguments are read; see ``admitting(_:)``.
    private(set) var admission: DBusAdmission?
    private let encodeOut: @Sendable (Out) -> [DBusValue]
    private let decodeOut: @Sendable ([DBusValue]) -> Out?

    private init(
        _ interface: InterfaceName, _ name: MemberName, _ inArguments: repeat DBusIn<each In>,
        out outArguments: [DBusArgument], encode: @escaping @Sendable (Out) -> [DBusValue],
        decode: @escaping @Sendable ([DBusValue]) -> Out?
    ) {
        var described: [DBusArgument] = []
        var limits: [(index: Int, limit: DBusSizeLimit)] = []
        for argument in repeat each inArguments {
            if let limit = argument.limit { limits.append((described.count, limit)) }
            described.append(argument.described)
        }
        self.interface = interface
        self.name = name
        self.inArguments = described
        self.outArguments = outArguments
        self.limits = limits
        self.encodeOut = encode
        self.decodeOut = decode
    }

    /// The signature calls carry, from ``inArguments``.
    public var inSignature: String { signature(of: inArguments.map(\.type)) }

    /// The signature replies carry, from ``outArguments``.
    public var outSignature: String { signature(of: outArguments.map(\.type)) }

    /// This declaration with the array or string argument called `argument`
    /// capped at `maximumBytes` in the message: a larger one is answered with
    /// `refusal(bytes)` before the call is decoded, so its size costs the
    /// loop only the length prefix libdbus has already validated (for a
    /// string, a count of the bytes where they lie, with no copy). A
    /// server's policy, which introspection does not show.
    public func limitingSize(
        of argument: String, to maximumBytes: Int, refusal: @escaping @Sendable (_ bytes: Int) -> DBusError
    ) -> Self {
        guard let index = inArguments.firstIndex(where: { $0.name == argument }),
            Self.canLimit(inArguments[index].type)
        else {
            preconditionFailure("\(interface).\(name) has no array or string argument called \(argument) to limit")
        }
        var limited = self
        limited.limits.append((index, DBusSizeLimit(maximumBytes: maximumBytes, refusal: refusal)))
        return limited
    }

    /// The same method, refusing callers `check` throws for before their
    /// call's arguments are even read: for a caller already at a limit, so
    /// that a large argument costs nothing to refuse. `check` receives the
    /// caller's unique name and runs on the loop thread, after the size
    /// limits and the access check.
    public func admitting(_ check: @escaping @Sendable (_ sender: String) throws(DBusError) -> Void) -> Self {
        var admitted = self
        admitted.admission = DBusAdmission(check: check)
        return admitted
    }

    private static func canLimit(_ type: DBusType) -> Bool {
        switch type {
        case .array, .string: true
        default: false
        }
    }

    /// The in-arguments' values, as a call carries them.
    public func values(_ arguments: repeat each In) -> [DBusValue] {
        var values: [DBusValue] = []
        values.reserveCapacity(inArguments.count)
        for argument in repeat each arguments { values.append(argument.dbusValue) }
        return values
    }

    /// A call of this method to the object at `path` of `destination` (nil on a peer-to-peer connection).
    public func message(to destination: BusName?, at path: ObjectPath, _ arguments: repeat each In) throws(DBusError)
        -> Message
    {
        let message = Message.methodCall(destination: destination, path: path, interface: interface, member: name)
        do {
            try message.append(values(repeat each arguments))
        } catch {
            throw DBusError.invalidArgs("cannot send \(interface).\(name): \(error)")
        }
        return message
    }

    /// What a handler's return value is sent as.
    func replyValues(_ out: Out) -> [DBusValue] { encodeOut(out) }

    /// A reply's values as `Out`.
    ///
    /// - Throws: `org.freedesktop.DBus.Error.InvalidSignature` saying what came and what was declared.
    public func decodeReply(_ values: [DBusValue], from peer: String) throws(DBusError) -> Out {
        guard let out = decodeOut(values) else {
            throw DBusError(
                DBusError.Name.invalidSignature,
                """
                \(peer) answered \(interface).\(name) with "\(signature(of: values))"; \
                it is declared to return "\(signature(of: outArguments.map(\.type)))"
                """)
        }
        return out
    }

    /// The in-arguments of a call whose signature was checked against the declaration.
    func decodeArguments(_ values: [DBusValue]) throws(DBusError) -> (repeat each In) {
        var reader = DBusValueReader(values)
        do {
            return (repeat try reader.take((each In).self))
        } catch {
            // Of the right types, yet unread: a descriptor `dup` refused (EMFILE).
            if signature(of: values) == inSignature, inSignature.contains("h") {
                throw DBusError.failed("\(interface).\(name): a file descriptor of the call could not be kept open")
            }
            // The object server checked the signature first, so only a wrong check reaches here.
            throw DBusError.invalidArgs(
                "\(interface).\(name) takes \"\(signature(of: inArguments.map(\.type)))\", not \"\(signature(of: values))\""
            )
        }
    }
}

extension DBusMethodDeclaration where Out == Void {
    /// A method that returns nothing.
    public init(_ interface: InterfaceName, _ name: MemberName, in inArguments: repeat DBusIn<each In>) {
        self.init(
            interface, name, repeat each inArguments, out: [], encode: { _ in [] },
            decode: { $0.isEmpty ? () : nil })
    }
}

extension DBusMethodDeclaration where Out: DBusArgumentValue {
    /// A method that returns one value.
    public init(
        _ interface: InterfaceName, _ name: MemberName, in inArguments: repeat DBusIn<each In>, out: DBusOut<Out>
    ) {
        self.init(
            interface, name, repeat each inArguments, out: [out.described], encode: { [$0.dbusValue] },
            decode: { $0.count == 1 ? Out(dbusValue: $0[0]) : nil })
    }
}

extension DBusMethodDeclaration where Out: DBusArgumentList {
    /// A method that returns several values, the fields of `Out`.
    public init(
        _ interface: InterfaceName, _ name: MemberName, in inArguments: repeat DBusIn<each In>, returns: Out.Type
    ) {
        self.init(
            interface, name, repeat each inArguments, out: Out.arguments, encode: { $0.dbusValues },
            decode: { Out(dbusValues: $0) })
    }
}

// MARK: - Serving

extension DBusMethodDeclaration {
    /// The method, served by `handler`, which answers at once: with what it
    /// returns, or with the ``DBusError`` it throws (any other error answers
    /// `org.freedesktop.DBus.Error.Failed`).
    ///
    /// The handler runs on the connection's loop thread with the call's
    /// arguments as Swift values, checked against the declaration before it
    /// runs. Unix file descriptors the call carries are open while it runs and
    /// closed when it returns; a ``FileDescriptor`` argument owns a duplicate.
    public func serve(_ handler: @escaping @Sendable (MethodCall, repeat each In) throws -> Out) -> DBusMethod {
        DBusMethod(declaration: self) { call, values in
            let arguments = try decodeArguments(values)
            let out = try handler(call, repeat each arguments)
            // Answered here, while `out` lives: a descriptor it owns (a ``FileDescriptor``)
            // must stay open until libdbus has duplicated it into the reply.
            withExtendedLifetime(out) { _ = call.reply(replyValues(out)) }
            return .later
        }
    }

    /// The method, served by `handler`, which answers through its ``DBusReply``:
    /// at once, or later from any thread. An error it throws answers the
    /// call unless it was answered already.
    public func serveLater(_ handler: @escaping @Sendable (DBusReply<Out>, repeat each In) throws -> Void) -> DBusMethod
    {
        let encode = encodeOut
        return DBusMethod(declaration: self) { call, values in
            let arguments = try decodeArguments(values)
            try handler(DBusReply(call: call, encode: encode), repeat each arguments)
            return .later
        }
    }
}

/// The answer to one call being served, typed by its method's declaration.
///
/// Keep it to answer later, from any thread; answers after the first are
/// ignored. A call sent with NO_REPLY_EXPECTED gets no answer.
public struct DBusReply<Value: Sendable>: Sendable {
    /// The call as it is served.
    public let call: MethodCall
    private let encode: @Sendable (Value) -> [DBusValue]

    init(call: MethodCall, encode: @escaping @Sendable (Value) -> [DBusValue]) {
        self.call = call
        self.encode = encode
    }

    /// The caller's unique bus name.
    public var sender: String { call.sender }

    /// Whether the call has been answered.
    public var isAnswered: Bool { call.isAnswered }

    /// Answers with `value`; false if the call was answered already.
    @discardableResult
    public func reply(_ value: Value) -> Bool { call.reply(encode(value)) }

    /// Answers with `error`; false if the call was answered already.
    @discardableResult
    public func fail(_ error: DBusError) -> Bool { call.fail(error) }

    /// ``reply(_:)`` sent from the calling thread, not through the loop (``MethodCall/reply(_:here:)``).
    @discardableResult
    public func replyHere(_ value: Value) -> Bool { call.reply(encode(value), here: true) }

    /// ``fail(_:)`` sent from the calling thread, not through the loop.
    @discardableResult
    public func failHere(_ error: DBusError) -> Bool { call.fail(error, here: true) }
}
