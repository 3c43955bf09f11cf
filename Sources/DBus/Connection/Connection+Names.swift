/// Flags for `RequestName`, as the D-Bus specification defines them.
public struct NameRequestFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Let a later requester with ``replaceExisting`` take the name from us.
    public static let allowReplacement = NameRequestFlags(rawValue: 0x1)
    /// Take the name from its owner if that owner allowed replacement.
    public static let replaceExisting = NameRequestFlags(rawValue: 0x2)
    /// Fail rather than wait in the queue when the name is taken.
    public static let doNotQueue = NameRequestFlags(rawValue: 0x4)
}

/// The outcome of `RequestName`.
public enum NameRequestReply: UInt32, Sendable {
    /// We own the name now.
    case primaryOwner = 1
    /// Someone else owns it; we wait in its queue.
    case inQueue = 2
    /// Someone else owns it and we did not queue.
    case exists = 3
    /// We owned it already.
    case alreadyOwner = 4
}

/// The outcome of `ReleaseName`.
public enum NameReleaseReply: UInt32, Sendable {
    case released = 1
    case nonExistent = 2
    case notOwner = 3
}

extension DBusConnection {
    /// Asks the bus for a well-known name.
    public func requestName(_ name: BusName, flags: NameRequestFlags) async throws -> NameRequestReply {
        let code = try await call(BusDaemonInterface.requestName, on: .bus, at: .bus, name.rawValue, flags.rawValue)
        guard let outcome = NameRequestReply(rawValue: code) else {
            throw DBusError.failed("the bus answered RequestName with \(code), which is no RequestName reply")
        }
        return outcome
    }

    /// Gives a well-known name back to the bus.
    @discardableResult
    public func releaseName(_ name: BusName) async throws -> NameReleaseReply {
        let code = try await call(BusDaemonInterface.releaseName, on: .bus, at: .bus, name.rawValue)
        guard let outcome = NameReleaseReply(rawValue: code) else {
            throw DBusError.failed("the bus answered ReleaseName with \(code), which is no ReleaseName reply")
        }
        return outcome
    }

    /// Runs `handler` on the loop thread when the bus takes `name` away from us
    /// (another owner replaced us).
    public func onNameLost(_ name: BusName, handler: @escaping @Sendable () -> Void) {
        onUnicastSignal(BusDaemonInterface.nameLost.rule(sender: .bus, path: .bus, arguments: [0: name.rawValue])) {
            _ in
            handler()
        }
    }

    /// Runs `handler` on the loop thread with the unique name of each
    /// connection that leaves the bus, from the time the bus has read the rule
    /// (see ``subscribeWithoutWaiting(_:handler:)``).
    public func onDeparture(handler: @escaping @Sendable (_ uniqueName: String) -> Void) -> SignalSubscriptionToken {
        subscribeWithoutWaiting(BusDaemonInterface.nameOwnerChanged, sender: .bus, path: .bus, arguments: [2: ""]) {
            name, _, _ in
            if name.hasPrefix(":") { handler(name) }
        }
    }
}
