import DBus
import Dispatch

/// An error that is not a ``DBusError``, as a handler's bug would throw.
struct UnexpectedFailure: Error {}

/// The state behind ``ExampleObject``'s interface, shared with the test.
final class ExampleObject: Sendable {
    static let interfaceName: InterfaceName = "org.example.Calc"

    /// How many times `Bump` ran.
    let bumps = Counter()
    /// The read-write `Name` property.
    let name = Shared("petal")
    /// Calls that `Hang` kept and never answers, so they stay alive while the test runs.
    let hanging = Shared<[MethodCall]>([])

    /// The interface, described as data: methods with in and out arguments,
    /// properties of each kind of access and change emission, and a signal.
    var interface: DBusInterface {
        DBusInterface(
            Self.interfaceName,
            methods: [
                DBusMethod(
                    "Add", in: DBusIn("a", Int32.self), DBusIn("b", Int32.self),
                    out: [DBusArgument("sum", .int32)]
                ) { _, a, b in
                    .values([.int32(a &+ b)])
                },
                DBusMethod(
                    "Describe", in: DBusIn("options", DBusVariantDictionary.self),
                    out: [DBusArgument("keys", .array(.string)), DBusArgument("count", .uint32)]
                ) { _, options in
                    let keys = options.entries.map(\.key)
                    return .values([.strings(keys), .uint32(UInt32(keys.count))])
                },
                DBusMethod("Fail") { _ in throw DBusError("org.example.Error.Custom", "the handler refused") },
                DBusMethod("Crash") { _ in throw UnexpectedFailure() },
                DBusMethod("Later", in: DBusIn("text", String.self), out: [DBusArgument("echo", .string)]) {
                    call, text in
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
                        call.reply([.string(text)])
                    }
                    return .later
                },
                DBusMethod("LaterFail") { call in
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
                        call.fail(DBusError("org.example.Error.Late", "failed later"))
                        call.reply([])  // ignored: the call is answered
                    }
                    return .later
                },
                DBusMethod("Hang") { [hanging] call in
                    hanging.update { $0.append(call) }
                    return .later
                },
                DBusMethod("Bump") { [bumps] _ in
                    bumps.increment()
                    return .values([])
                },
                DBusMethod("Bumps", out: [DBusArgument("count", .int32)]) { [bumps] _ in
                    .values([.int32(Int32(bumps.value))])
                },
            ],
            properties: [
                DBusProperty("Version", .string, emitsChange: .const) { .string("1.0") },
                DBusProperty(
                    "Name", .string, get: { [name] in .string(name.value) },
                    set: { [name] value in
                        guard case .string(let text) = value, !text.isEmpty else {
                            throw DBusError.invalidArgs("Name cannot be empty; give at least one character")
                        }
                        name.value = text
                    }),
                DBusProperty("Size", .uint32, emitsChange: .invalidates) { .uint32(42) },
                DBusProperty("Hidden", .boolean, emitsChange: .false) { .boolean(true) },
            ],
            signals: [
                DBusSignal("Ticked", [DBusArgument("count", .int32), DBusArgument("label", .string)])
            ])
    }
}

/// The example interface's name, as the tests call it.
let calc = ExampleObject.interfaceName

/// Runs `body` with ``ExampleObject`` served at `/org/example`.
func withExample(_ body: (TestService, ExampleObject) async throws -> Void) async throws {
    try await withTestService { service in
        let object = ExampleObject()
        try service.register([object.interface])
        try await body(service, object)
    }
}
