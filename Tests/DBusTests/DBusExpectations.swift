import DBus
import Testing

/// Expects `body` to fail with a ``DBusError`` named `name`, whose message contains
/// every one of `fragments`; returns the error for further checks.
@discardableResult
func expectDBusError(
    _ name: String, containing fragments: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> DBusError? {
    do {
        try await body()
        Issue.record("expected the error \(name), but the call succeeded", sourceLocation: sourceLocation)
    } catch let error as DBusError {
        #expect(error.name == name, "message: \(error.message)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(error.message.contains(fragment), "message: \(error.message)", sourceLocation: sourceLocation)
        }
        return error
    } catch {
        Issue.record("expected the DBusError \(name), got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Expects `body` to be refused with a ``DBusValueError`` whose message contains `fragment`.
func expectValueError(
    containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected a DBusValueError, but the values were accepted", sourceLocation: sourceLocation)
    } catch let error as DBusValueError {
        #expect(error.message.contains(fragment), "message: \(error.message)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a DBusValueError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
}

/// The first element of `stream`, or nil when the stream ends first.
func firstElement<Element>(of stream: AsyncStream<Element>) async -> Element? {
    var iterator = stream.makeAsyncIterator()
    return await iterator.next()
}
