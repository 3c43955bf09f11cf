import PetalJSON
import PetalPluginABI

/// Signals: a plugin follows D-Bus signals on the daemon's connection,
/// with or without each signal's origin.
extension PluginHost {
    /// Delivers matching signals' arguments to `handler` until the returned subscription is cancelled.
    ///
    /// To know which object a signal is about, or which connection sent it,
    /// use ``subscribeWithOrigin(sender:path:interface:member:handler:)``.
    public func subscribe(
        sender: String? = nil, path: String? = nil, interface: String? = nil, member: String? = nil,
        handler: @escaping @Sendable ([JSONValue]) -> Void
    ) -> SignalSubscription {
        let box = Unmanaged.passRetained(SignalBox(handler)).toOpaque()
        let id = table.pointee.subscribe_signal(
            table.pointee.context, sender, path, interface, member,
            { context, args in
                let box = Unmanaged<SignalBox>.fromOpaque(context!).takeUnretainedValue()
                box.handler((try? JSONValue.parse(args.map { String(cString: $0) } ?? "[]"))?.arrayValue ?? [])
            }, box)
        return SignalSubscription(host: self, id: id, box: box)
    }

    /// Delivers matching signals to `handler`, each with its sender (a unique
    /// name), object path, interface and member, until the returned
    /// subscription is cancelled (ABI 1.1, `subscribe_signal_from`).
    ///
    /// `nil` fields match anything. A signal addressed to petald itself is
    /// delivered whoever sent it when `sender` is a well-known name: pass the
    /// owner's unique name, or compare ``ReceivedSignal/sender``, to accept one
    /// connection only.
    ///
    /// - Throws: ``PluginError/failed(_:)`` when petald is older than ABI 1.1,
    ///   or refused the subscription (a field is not a valid name or path).
    public func subscribeWithOrigin(
        sender: String? = nil, path: String? = nil, interface: String? = nil, member: String? = nil,
        handler: @escaping @Sendable (ReceivedSignal) -> Void
    ) throws(PluginError) -> SignalSubscription {
        let end =
            MemoryLayout<petal_host>.offset(of: \petal_host.subscribe_signal_from)!
            + MemoryLayout<UnsafeRawPointer?>.size
        guard Int(table.pointee.struct_size) >= end, let subscribeFrom = table.pointee.subscribe_signal_from else {
            throw .failed(
                "petald speaks plugin ABI \(table.pointee.abi_major).\(table.pointee.abi_minor), whose host table has no subscribe_signal_from; update petald to 1.1 or later"
            )
        }
        let box = Unmanaged.passRetained(OriginSignalBox(handler)).toOpaque()
        let id = subscribeFrom(
            table.pointee.context, sender, path, interface, member,
            { context, sender, path, interface, member, args in
                let box = Unmanaged<OriginSignalBox>.fromOpaque(context!).takeUnretainedValue()
                func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
                box.handler(
                    ReceivedSignal(
                        sender: text(sender), path: text(path), interface: text(interface), member: text(member),
                        arguments: (try? JSONValue.parse(args.map { String(cString: $0) } ?? "[]"))?.arrayValue ?? []))
            }, box)
        guard id != 0 else {
            Unmanaged<OriginSignalBox>.fromOpaque(box).release()
            let fields = [("sender", sender), ("path", path), ("interface", interface), ("member", member)]
                .compactMap { name, value in value.map { "\(name) \"\($0)\"" } }
            throw .failed(
                "petald refused the signal subscription (\(fields.joined(separator: ", "))): a field is not a valid bus name, object path, interface or member"
            )
        }
        return SignalSubscription(host: self, id: id, box: box)
    }

    func unsubscribe(_ id: UInt64) {
        table.pointee.unsubscribe_signal(table.pointee.context, id)
    }
}

/// A live signal subscription; ``cancel()`` ends it.
///
/// Unchecked Sendable: its box is released once, by cancel or deinit, which the daemon's table serialises.
public final class SignalSubscription: @unchecked Sendable {
    private let host: PluginHost
    private let id: UInt64
    private var box: UnsafeMutableRawPointer?

    fileprivate init(host: PluginHost, id: UInt64, box: UnsafeMutableRawPointer) {
        self.host = host
        self.id = id
        self.box = box
    }

    /// Stops delivery. The handler's storage is kept: a signal already on its
    /// way may still arrive, and must find it.
    public func cancel() {
        host.unsubscribe(id)
    }
}

/// Unchecked Sendable: immutable; it only carries a Sendable handler through a C context pointer.
private final class SignalBox: @unchecked Sendable {
    let handler: @Sendable ([JSONValue]) -> Void
    init(_ handler: @escaping @Sendable ([JSONValue]) -> Void) { self.handler = handler }
}

private final class OriginSignalBox: Sendable {
    let handler: @Sendable (ReceivedSignal) -> Void
    init(_ handler: @escaping @Sendable (ReceivedSignal) -> Void) { self.handler = handler }
}

/// A signal as ``PluginHost/subscribeWithOrigin(sender:path:interface:member:handler:)`` delivers it.
public struct ReceivedSignal: Equatable, Sendable {
    /// The unique bus name of the connection that sent it, e.g. `":1.42"`.
    public let sender: String
    /// The object it is about.
    public let path: String
    /// Its interface.
    public let interface: String
    /// Its name.
    public let member: String
    /// Its arguments, as JSON (variants unwrapped, dictionaries as objects).
    public let arguments: [JSONValue]

    /// A signal from `sender` about `path`; for tests of a plugin's signal handling.
    public init(sender: String, path: String, interface: String, member: String, arguments: [JSONValue]) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}
