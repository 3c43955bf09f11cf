import DBus
import TestSupport
import Testing

/// The prefix of Petal's own error names (docs/dbus-api.md "Errors").
let petalErrorPrefix = "org.petal.Petal1.Error."

/// Expects `body` to fail with the D-Bus error named exactly `name`, carrying a
/// message for a person; returns the error for further checks.
@discardableResult
func expectDBusError<Result>(
    _ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Result
) async -> DBusError? {
    do {
        let result = try await body()
        Issue.record("expected the error \(name), but the call answered \(result)", sourceLocation: sourceLocation)
    } catch let error as DBusError {
        #expect(error.name == name, "\(error)", sourceLocation: sourceLocation)
        #expect(!error.message.isEmpty, "\(error.name) came without a message", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected the D-Bus error \(name), but got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Expects `body` to fail with `org.petal.Petal1.Error.<name>`.
@discardableResult
func expectPetalError<Result>(
    _ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Result
) async -> DBusError? {
    await expectDBusError(petalErrorPrefix + name, sourceLocation: sourceLocation, body)
}

/// Expects `body` to fail with `org.petal.Petal1.Error.<name>` and a message containing `text`.
@discardableResult
func expectPetalError<Result>(
    _ name: String, containing text: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Result
) async -> DBusError? {
    let error = await expectDBusError(petalErrorPrefix + name, sourceLocation: sourceLocation, body)
    if let error { #expect(error.message.contains(text), "\(error.message)", sourceLocation: sourceLocation) }
    return error
}

extension Duration {
    /// How long a test waits for something that should happen at once: generous,
    /// since it only bounds a failure, and the tests share a small machine.
    static let patience: Duration = .seconds(20)
}

/// Polls `condition` until it holds or `limit` passes; returns whether it held.
func eventually(within limit: Duration = .patience, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    repeat {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    } while ContinuousClock.now < deadline
    return try await condition()
}

extension DBusValue {
    /// The entries of an `a{sv}`, keyed by name, with the variants unwrapped.
    var entries: [String: DBusValue] {
        Dictionary(
            (stringKeyedEntries ?? []).map { ($0.key, $0.value.unwrapped) }, uniquingKeysWith: { _, last in last })
    }

    /// The D-Bus signature of this value, e.g. `a{sv}`.
    var signature: String { type.signature }
}
