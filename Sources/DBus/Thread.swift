import CLinux
import Glibc

/// Starts a detached POSIX thread named `name` running `body`.
///
/// The DBus module avoids Foundation's `Thread` to stay small; this is the
/// only place that touches pthreads.
public func startThread(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
    final class Context: @unchecked Sendable {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
    }
    let context = Unmanaged.passRetained(Context(name: name, body: body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { raw in
        let context = Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue()
        _ = clinux_set_thread_name(String(context.name.utf8.prefix(15))!)
        context.body()
        return nil
    }, context)
    guard result == 0 else {
        Unmanaged<Context>.fromOpaque(context).release()
        throw SystemCallError(call: "pthread_create", errno: result)
    }
    pthread_detach(thread)
}
