import CLinux
import Glibc

/// Starts a detached POSIX thread named `name` running `body`.
///
/// Petal avoids Foundation's `Thread` to stay small; this is the only place
/// that touches pthreads. Linux keeps 15 bytes of a thread's name: longer
/// names are cut at a character boundary.
public func startThread(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
    /// Unchecked Sendable: handed once to the new thread, which alone uses it.
    final class Context: @unchecked Sendable {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
    let context = Unmanaged.passRetained(Context(name: threadName(name), body: body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
        &thread, nil,
        { raw in
            let context = Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue()
            _ = clinux_set_thread_name(context.name)
            context.body()
            return nil
        }, context)
    guard result == 0 else {
        Unmanaged<Context>.fromOpaque(context).release()
        throw SystemCallError(call: "pthread_create", errno: result)
    }
    pthread_detach(thread)
}

/// `name` cut to the 15 bytes Linux keeps, never inside a character.
func threadName(_ name: String) -> String {
    var kept = ""
    for character in name {
        guard kept.utf8.count + character.utf8.count <= 15 else { break }
        kept.append(character)
    }
    return kept
}
