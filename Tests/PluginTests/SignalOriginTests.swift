import PetalJSON
import PetalPluginABI
import Synchronization
import Testing

@testable import PetalPlugin

/// The SDK's side of `subscribe_signal_from` (ABI 1.1), on host tables made
/// here: a signal reaches the handler with its origin, a 1.0 host table (too
/// small to have the function) and a refused subscription throw, saying why.
@Suite struct SignalOriginTests {
    /// One fake host's answer to `subscribe_signal_from`, and what it was asked.
    final class Fake: Sendable {
        let id: UInt64
        let asked = Mutex<[String?]>([])
        init(id: UInt64) { self.id = id }
    }

    /// A host table of `size` bytes whose `subscribe_signal_from` records its fields
    /// in `fake`, delivers one signal at once and returns `fake.id`. Never freed.
    static func host(size: Int, _ fake: Fake) -> PluginHost {
        let table = UnsafeMutablePointer<petal_host>.allocate(capacity: 1)
        table.initialize(
            to: petal_host(
                struct_size: UInt32(size), abi_major: 1, abi_minor: size < MemoryLayout<petal_host>.size ? 0 : 1,
                context: Unmanaged.passRetained(fake).toOpaque(), settings_json: nil,
                log: { _, _, _ in }, launch: { _, _, _, _, _ in -1 }, run: { _, _, _, _, _ in },
                call_method: { _, _, _, _, _, _, _, _, _, _ in },
                subscribe_signal: { _, _, _, _, _, _, _ in 0 }, unsubscribe_signal: { _, _ in },
                start_run: nil, stop_run: nil,
                subscribe_signal_from: { context, sender, path, interface, member, handler, signalContext in
                    func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
                    let fake = Unmanaged<Fake>.fromOpaque(context!).takeUnretainedValue()
                    fake.asked.withLock { $0 = [text(sender), text(path), text(interface), text(member)] }
                    let id = fake.id
                    if id != 0 {
                        handler!(
                            signalContext, ":1.9", "/org/example/request/1", "org.example.Request", "Response",
                            #"[0,{"uri":"x"}]"#)
                    }
                    return id
                }))
        return PluginHost(table)
    }

    @Test func aSignalArrivesWithItsSenderAndPath() throws {
        let received = Mutex<[ReceivedSignal]>([])
        let fake = Fake(id: 7)
        _ = try Self.host(size: MemoryLayout<petal_host>.size, fake)
            .subscribeWithOrigin(sender: ":1.9", interface: "org.example.Request") { signal in
                received.withLock { $0.append(signal) }
            }
        #expect(fake.asked.withLock { $0 } == [":1.9", nil, "org.example.Request", nil])
        #expect(
            received.withLock { $0 } == [
                ReceivedSignal(
                    sender: ":1.9", path: "/org/example/request/1", interface: "org.example.Request",
                    member: "Response",
                    arguments: [0, ["uri": "x"]])
            ])
    }

    @Test func aHostOfABI10CannotSubscribeWithOrigin() {
        let size = MemoryLayout<petal_host>.offset(of: \petal_host.start_run)!
        #expect(
            throws: PluginError.failed(
                "petald speaks plugin ABI 1.0, whose host table has no subscribe_signal_from; update petald to 1.1 or later"
            )
        ) {
            _ = try Self.host(size: size, Fake(id: 7)).subscribeWithOrigin { _ in }
        }
    }

    @Test func aRefusedSubscriptionSaysWhichFieldsItHad() {
        #expect(
            throws: PluginError.failed(
                #"petald refused the signal subscription (path "not a path", member "Response"): a field is not a valid bus name, object path, interface or member"#
            )
        ) {
            _ = try Self.host(size: MemoryLayout<petal_host>.size, Fake(id: 0))
                .subscribeWithOrigin(path: "not a path", member: "Response") { _ in }
        }
    }
}
