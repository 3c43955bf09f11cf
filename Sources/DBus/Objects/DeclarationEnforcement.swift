/// What an ``ObjectServer`` does when a reply or a signal does not carry the
/// types its interface declares: the check that keeps the description, which
/// clients read through introspection, true of what is actually sent.
public enum DeclarationEnforcement: Sendable {
    /// Stop the process, naming the member and both signatures, so the mismatch
    /// is found where it was written. The default of debug builds.
    case trap
    /// Log the mismatch, answer the call with `org.freedesktop.DBus.Error.Failed`
    /// and drop the signal, so no client is sent what the interface does not
    /// promise. The default of release builds.
    case logAndRefuse

    /// `.trap` in a debug build, `.logAndRefuse` in a release build.
    public static var buildDefault: DeclarationEnforcement {
        #if DEBUG
            .trap
        #else
            .logAndRefuse
        #endif
    }
}

/// The types one reply or one signal must carry, and how to enforce them.
struct DeclaredTypes: Sendable {
    /// What the values are; described only when they are wrong.
    enum Subject: Sendable {
        case reply(interface: String, member: MemberName)
        case signal(interface: InterfaceName, member: MemberName, path: ObjectPath, served: Bool)
        case property(interface: String, name: MemberName, path: ObjectPath)

        var description: String {
            switch self {
            case .reply(let interface, let member):
                "the reply of \(interface).\(member)"
            case .signal(let interface, let member, let path, let served):
                "signal \(interface).\(member) from \(path)\(served ? "" : ", whose object does not serve that interface,")"
            case .property(let interface, let name, let path):
                "property \(interface).\(name) of \(path)"
            }
        }
    }

    let subject: Subject
    /// The declared types; nil when nothing is declared, so that nothing may be sent.
    let types: [DBusType]?
    let enforcement: DeclarationEnforcement
    let log: @Sendable (String) -> Void

    /// Nil when `values` carry the declared types; otherwise what is wrong,
    /// after logging it (or stopping the process, under `.trap`).
    func violation(by values: [DBusValue]) -> String? {
        if let types, Self.matches(values, types) { return nil }
        let sent = values.map(\.type.signature).joined()
        let problem =
            if let types {
                "\(subject.description) carries signature \"\(sent)\" but is declared as \"\(types.map(\.signature).joined())\""
            } else {
                "\(subject.description) is not declared"
            }
        switch enforcement {
        case .trap: preconditionFailure(problem)
        case .logAndRefuse: log(problem)
        }
        return problem
    }

    static func matches(_ values: [DBusValue], _ types: [DBusType]) -> Bool {
        guard values.count == types.count else { return false }
        // isOf, not type: a container's type would be built (and allocated) to be compared.
        for (value, type) in zip(values, types) where !value.isOf(type) { return false }
        return true
    }
}
