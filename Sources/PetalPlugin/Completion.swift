import PetalJSON
import PetalPluginABI
import Synchronization

/// Bridges a C call that finishes through a `petal_complete_fn` to `async`.
func withCompletion(
    _ start: (petal_complete_fn, UnsafeMutableRawPointer) -> Void
) async throws -> JSONObject {
    let box = CompletionBox()
    return try await withCheckedThrowingContinuation { continuation in
        box.continuation.withLock { $0 = continuation }
        start(
            { context, result, errorName, message in
                let box = Unmanaged<CompletionBox>.fromOpaque(context!).takeRetainedValue()
                guard let continuation = box.continuation.withLock({ $0.take() }) else { return }
                if let errorName {
                    let text = message.map { String(cString: $0) } ?? ""
                    continuation.resume(
                        throwing: String(cString: errorName) == "InvalidParams"
                            ? PluginError.invalidParams(text) : PluginError.failed(text))
                } else if let result, case .object(let object)? = try? JSONValue.parse(String(cString: result)) {
                    continuation.resume(returning: object)
                } else {
                    continuation.resume(returning: [:])
                }
            }, Unmanaged.passRetained(box).toOpaque())
    }
}

private final class CompletionBox: Sendable {
    let continuation = Mutex<CheckedContinuation<JSONObject, any Error>?>(nil)
}
