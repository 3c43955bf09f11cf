/// A signal of an interface declared once, with typed arguments.
///
/// The server emits through it (``ObjectServer/emit(_:at:_:reusable:)``) and a
/// client subscribes through it (``DBusConnection/subscribe(_:sender:path:handler:)``),
/// so both ends take the signal's name, interface and types from one value:
///
///     static let stateChanged = DBusSignalDeclaration(
///         menu, "StateChanged", DBusOut("state", String.self), DBusOut("previous", String.self))
public struct DBusSignalDeclaration<each Argument: DBusArgumentValue>: Sendable {
    /// The interface the signal belongs to.
    public let interface: InterfaceName
    /// The member name.
    public let name: MemberName
    /// The arguments, names and types.
    public let arguments: [DBusArgument]

    /// Declares a signal with `arguments`.
    public init(_ interface: InterfaceName, _ name: MemberName, _ arguments: repeat DBusOut<each Argument>) {
        var described: [DBusArgument] = []
        for argument in repeat each arguments { described.append(argument.described) }
        self.interface = interface
        self.name = name
        self.arguments = described
    }

    /// The signal as an interface describes it, for ``DBusInterface``.
    public var description: DBusSignal { DBusSignal(name, arguments) }

    /// The arguments' values, as the signal carries them.
    public func values(_ arguments: repeat each Argument) -> [DBusValue] {
        var values: [DBusValue] = []
        values.reserveCapacity(self.arguments.count)
        for argument in repeat each arguments { values.append(argument.dbusValue) }
        return values
    }

    /// Whether `message` is this signal.
    public func matches(_ message: Message) -> Bool {
        message.type == .signal && message.member == name.rawValue && message.interface == interface.rawValue
    }

    /// The arguments `message` carries, or nil when it is another signal or
    /// carries other types than the declaration's.
    public func decode(_ message: Message) -> (repeat each Argument)? {
        guard matches(message), let values = try? message.argumentsWithoutDescriptors() else { return nil }
        var reader = DBusValueReader(values)
        do {
            let decoded = (repeat try reader.take((each Argument).self))
            return reader.isAtEnd ? decoded : nil
        } catch {
            return nil
        }
    }

    /// The match rule for this signal, from `sender` (a bus name) and the
    /// object at `path`, when given, with string arguments matching
    /// `arguments` (by index, as `arg0=…` does).
    public func rule(
        sender: BusName? = nil, path: ObjectPath? = nil, arguments: [Int: String] = [:],
        pathNamespace: ObjectPath? = nil
    ) -> MatchRule {
        MatchRule(
            sender: sender?.rawValue, path: path, interface: interface, member: name, arguments: arguments,
            pathNamespace: pathNamespace)
    }
}
