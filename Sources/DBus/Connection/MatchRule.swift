/// A D-Bus match rule for signals: which sender, path, interface, member and
/// string arguments a subscription wants.
///
/// The bus uses the rule's text (``text``) to route signals to us; the
/// connection uses ``matches(_:)`` to hand each arriving signal to the
/// subscriptions that asked for it.
public struct MatchRule: Sendable, Equatable {
    /// The sender's bus name; a well-known name matches only the bus's own
    /// signals when the bus is the sender, so prefer unique names for peers.
    public var sender: String?
    /// The emitting object's path.
    public var path: ObjectPath?
    /// A path the emitting object's is, or lies below (`path_namespace`).
    public var pathNamespace: ObjectPath?
    /// The signal's interface.
    public var interface: InterfaceName?
    /// The signal's name.
    public var member: MemberName?
    /// Required values of string arguments, by index (0–63).
    public var arguments: [Int: String]

    /// A rule for signals; every field left nil matches anything.
    public init(
        sender: String? = nil, path: ObjectPath? = nil, interface: InterfaceName? = nil,
        member: MemberName? = nil, arguments: [Int: String] = [:], pathNamespace: ObjectPath? = nil
    ) {
        self.sender = sender
        self.path = path
        self.pathNamespace = pathNamespace
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }

    /// The rule as the bus's `AddMatch` takes it, values quoted and escaped.
    public var text: String {
        var parts = ["type='signal'"]
        if let sender { parts.append("sender=\(Self.quote(sender))") }
        if let path { parts.append("path=\(Self.quote(path.rawValue))") }
        if let pathNamespace { parts.append("path_namespace=\(Self.quote(pathNamespace.rawValue))") }
        if let interface { parts.append("interface=\(Self.quote(interface.rawValue))") }
        if let member { parts.append("member=\(Self.quote(member.rawValue))") }
        for (index, value) in arguments.sorted(by: { $0.key < $1.key }) {
            parts.append("arg\(index)=\(Self.quote(value))")
        }
        return parts.joined(separator: ",")
    }

    /// Whether a signal satisfies every field of the rule.
    ///
    /// A well-known `sender` is compared with the message's unique sender only
    /// when they are equal; the bus already filtered by owner, so a rule with a
    /// well-known sender accepts any sender here.
    public func matches(_ message: Message) -> Bool {
        guard message.type == .signal else { return false }
        if let sender, sender.hasPrefix(":"), message.sender != sender { return false }
        if let path, message.path != path.rawValue { return false }
        if let pathNamespace, let path = message.path, !Self.path(path, isIn: pathNamespace) { return false }
        if let interface, message.interface != interface.rawValue { return false }
        if let member, message.member != member.rawValue { return false }
        if !arguments.isEmpty {
            guard let values = try? message.argumentsWithoutDescriptors() else { return false }
            for (index, expected) in arguments {
                guard index < values.count, case .string(let actual) = values[index], actual == expected
                else { return false }
            }
        }
        return true
    }

    /// Whether `path` is `namespace` or lies below it.
    static func path(_ path: String, isIn namespace: ObjectPath) -> Bool {
        let root = namespace.rawValue
        guard root != "/" else { return true }
        return path == root || (path.hasPrefix(root) && path.utf8.dropFirst(root.utf8.count).first == UInt8(ascii: "/"))
    }

    /// Match-rule quoting: apostrophes cannot be escaped inside quotes, so each
    /// one closes the quote, is written as `\'`, and reopens it.
    /// (A scalar at a time: splitting on a string separator, through the
    /// generic string algorithms, cost ~25,000 instructions a value.)
    static func quote(_ value: String) -> String {
        var quoted = "'"
        for scalar in value.unicodeScalars {
            if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }
}
