/// Serves objects on a connection: each object is a path with interfaces
/// described as data (``DBusInterface``).
///
/// Every object also gets `org.freedesktop.DBus.Introspectable`,
/// `org.freedesktop.DBus.Properties` and `org.freedesktop.DBus.Peer`, built
/// from the same kind of description. Calls are checked in this order, and
/// the first failure answers: unknown object → unknown interface → unknown
/// member → wrong signature → an argument over its size limit → access
/// policy → handler.
///
/// All methods run on the connection's loop thread.
///
/// Unchecked Sendable: confined to the connection's loop thread.
public final class ObjectServer: @unchecked Sendable {
    /// Receives one line for every unexpected error a handler threw; set with ``logErrors(to:)``.
    public private(set) var log: @Sendable (String) -> Void = { _ in }

    /// Sends a line for every unexpected error (a handler's, a signal that
    /// cannot be built) to `log`; call on the loop thread.
    public func logErrors(to log: @escaping @Sendable (String) -> Void) {
        precondition(connection.loop.inEventLoop, "ObjectServer.logErrors called off the loop thread")
        self.log = log
    }

    /// What happens when a reply or a signal does not match its declaration; see ``enforceDeclarations(_:)``.
    private(set) var enforcement = DeclarationEnforcement.buildDefault

    /// Sets what happens when a handler's reply or an emitted signal does not
    /// carry the types its interface declares; call on the loop thread.
    public func enforceDeclarations(_ enforcement: DeclarationEnforcement) {
        precondition(connection.loop.inEventLoop, "ObjectServer.enforceDeclarations called off the loop thread")
        self.enforcement = enforcement
    }

    /// The connection this server answers on.
    public unowned let connection: DBusConnection
    var objects: [String: ServedObject] = [:]
    /// Paths that serve `org.freedesktop.DBus.ObjectManager` for the objects below them.
    var managedRoots: Set<String> = []
    var access: AccessControl?
    /// Signals built once and sent as copies: see ``emit(_:of:at:_:reusable:)``.
    var signalTemplates: [SignalTemplateKey: Message] = [:]
    static let maximumSignalTemplates = 64

    struct SignalTemplateKey: Hashable {
        let path: ObjectPath
        let interface: InterfaceName
        let member: MemberName
        let values: [DBusValue]
    }

    /// What one object costs: its own interfaces (often an array shared by
    /// many objects) and its context; the standard interfaces are shared by all.
    struct ServedObject {
        /// The object's own interfaces, in introspection order.
        let interfaces: [DBusInterface]
        /// The standard interfaces it answers, after its own: ``StandardInterfaces``' arrays.
        let standard: [DBusInterface]
        /// What its handlers are given to tell it from other objects sharing its interfaces.
        let context: (any Sendable)?

        init(
            _ interfaces: [DBusInterface], standard: [DBusInterface] = StandardInterfaces.all, context: (any Sendable)?
        ) {
            self.interfaces = interfaces
            self.standard = standard
            self.context = context
        }

        /// Every interface in introspection order: its own, then the standard ones.
        var allInterfaces: [DBusInterface] { interfaces + standard }

        /// The interface called `name`, if any: a linear search over a handful.
        func interface(named name: String) -> DBusInterface? {
            interfaces.first { $0.name.rawValue == name } ?? standard.first { $0.name.rawValue == name }
        }

        /// The first interface, in introspection order, with a method called `name`.
        func interface(withMethod name: String) -> DBusInterface? {
            interfaces.first { $0.method(named: name) != nil } ?? standard.first { $0.method(named: name) != nil }
        }
    }

    init(connection: DBusConnection) {
        self.connection = connection
    }

    // MARK: Objects

    /// Serves `interfaces` at `path`, replacing whatever was served there.
    ///
    /// Below a path that serves an object manager, a new object is announced with `InterfacesAdded`.
    ///
    /// Objects alike can share one array of interfaces whose handlers tell
    /// them apart by `context`: a property served with
    /// ``DBusPropertyDeclaration/serve(_:get:)`` receives it, and a method
    /// handler finds it with ``MethodCall/object(as:)``. Registering such an
    /// object then stores little more than its path and its context.
    public func register(_ interfaces: [DBusInterface], at path: ObjectPath, context: (any Sendable)? = nil) {
        precondition(connection.loop.inEventLoop, "ObjectServer.register called off the loop thread")
        let object = ServedObject(interfaces, context: context)
        let isNew = objects.updateValue(object, forKey: path.rawValue) == nil
        if isNew, let root = managingRoot(of: path) { announceAdded(object, at: path, below: root) }
    }

    /// Stops serving the object at `path`; below an object manager, announces `InterfacesRemoved`.
    public func unregister(_ path: ObjectPath) {
        precondition(connection.loop.inEventLoop, "ObjectServer.unregister called off the loop thread")
        guard let removed = objects.removeValue(forKey: path.rawValue) else { return }
        if let root = managingRoot(of: path) {
            let names = removed.interfaces.map(\.name).filter { !Self.isStandard($0) }.map(\.rawValue)
            emit(ObjectManagerInterface.interfacesRemoved, at: root, path, names)
        }
    }

    /// The paths of every served object.
    public var paths: [ObjectPath] {
        objects.keys.compactMap { try? ObjectPath($0) }.sorted()
    }

    func object(at path: String) -> ServedObject? { objects[path] }

    /// The object at `path`, or the node a path above served objects is, if either.
    func served(at path: String) -> ServedObject? { objects[path] ?? intermediateNode(at: path) }

    /// The names of the nodes directly below `path` that lead to served objects.
    func children(of path: String) -> [String] {
        let prefix = path == "/" ? "/" : path + "/"
        var names = Set<String>()
        for key in objects.keys where key.hasPrefix(prefix) && key != path {
            let rest = key.dropFirst(prefix.count)
            names.insert(String(rest.prefix { $0 != "/" }))
        }
        return names.sorted()
    }

    // MARK: Dispatch

    func dispatch(_ message: Message) {
        let path = message.path ?? "/"
        let member = message.member ?? ""
        guard let object = served(at: path) else {
            return answer(message, DBusError(DBusError.Name.unknownObject, "No object at path \(path)"))
        }
        let method: DBusMethod
        let interfaceName: String
        if let requested = message.interface {
            guard let interface = object.interface(named: requested) else {
                return answer(
                    message,
                    DBusError(
                        DBusError.Name.unknownInterface,
                        "The object at \(path) has no interface \(requested)"))
            }
            guard let found = interface.method(named: member) else {
                return answer(
                    message,
                    DBusError(
                        DBusError.Name.unknownMethod,
                        "Interface \(requested) has no method \(member)"))
            }
            (method, interfaceName) = (found, requested)
        } else {
            guard let interface = object.interface(withMethod: member) else {
                return answer(
                    message,
                    DBusError(
                        DBusError.Name.unknownMethod,
                        "The object at \(path) has no method \(member)"))
            }
            (method, interfaceName) = (interface.method(named: member)!, interface.name.rawValue)
        }
        guard message.hasSignature(method.inSignature) else {
            return answer(
                message,
                DBusError.invalidArgs(
                    "\(interfaceName).\(member) takes arguments of signature \"\(method.inSignature)\", not \"\(message.signature)\""
                ))
        }
        // Before the access check, which holds the message while it asks the bus: an oversized one goes at once.
        if let refusal = method.sizeRefusal(of: message) { return answer(message, refusal) }
        if let access, !access.isPublic(interfaceName, member) {
            access.authorize(message) { [self] denial in
                if let denial { answer(message, denial) } else { invoke(method, message, context: object.context) }
            }
            return
        }
        invoke(method, message, context: object.context)
    }

    private func invoke(_ method: DBusMethod, _ message: Message, context: (any Sendable)?) {
        let interface = message.interface ?? ""
        let reply = DeclaredTypes(
            subject: .reply(interface: interface, member: method.name), types: method.outTypes,
            enforcement: enforcement, log: log)
        let call = MethodCall(message: message, connection: connection, declaredReply: reply, context: context)
        // Descriptors a call carries are open while its handler runs and closed when it returns.
        var arguments: [DBusValue] = []
        defer { if message.carriesDescriptors { for argument in arguments { _ = argument.closingDescriptors() } } }
        do {
            try method.admission?.check(call.sender)
            arguments = try message.arguments()
            if case .values(let values) = try method.handler(call, arguments) { call.reply(values) }
        } catch let error as DBusError {
            call.fail(error)
        } catch {
            log("\(message.interface ?? "").\(message.member ?? "") failed unexpectedly: \(error)")
            call.fail(.failed("internal error: \(error)"))
        }
    }

    private func answer(_ message: Message, _ error: DBusError) {
        guard !message.noReplyExpected else { return }
        connection.sendOnLoop(message.makeError(error))
    }

    /// A path above served objects answers introspection (so `busctl tree` can walk down) and nothing else.
    private func intermediateNode(at path: String) -> ServedObject? {
        guard ObjectPath.isValid(path), !children(of: path).isEmpty else { return nil }
        return ServedObject([], standard: StandardInterfaces.ofIntermediateNode, context: nil)
    }
}
