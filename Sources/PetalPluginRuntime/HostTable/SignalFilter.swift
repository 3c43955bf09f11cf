import DBus

/// The fields of `petal_host.subscribe_signal`, checked: nil matches anything.
package struct SignalFilter {
    package let rule: MatchRule

    /// Throws when a field is not a valid bus name, path, interface or member.
    package init(sender: String?, path: String?, interface: String?, member: String?) throws {
        rule = try MatchRule(
            sender: sender.map { try BusName($0).rawValue }, path: path.map { try ObjectPath($0) },
            interface: interface.map { try InterfaceName($0) }, member: member.map { try MemberName($0) })
    }
}
