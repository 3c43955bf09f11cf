import Linux
import PetalContextCore
import PetalCore

/// sway or i3, through its IPC socket: the opening requests (subscribe,
/// GET_TREE, GET_WORKSPACES), then replies and events in the order they come.
final class I3Source: DesktopSource {
    let backend: ContextBackend
    private let socket: UnixSocket

    /// Connects to the IPC socket at `socket`, which `variable` named.
    init(backend: ContextBackend, socket path: String, variable: String) throws(SourceFailure) {
        self.backend = backend
        do {
            socket = try UnixSocket(connectingTo: path)
        } catch {
            throw SourceFailure(
                "cannot connect to \(backend.displayName)'s IPC socket, which \(variable) names: \(error). Is \(variable) from the running \(backend.displayName) session?"
            )
        }
    }

    var location: String { socket.path }

    func follow(report: (DesktopContext) -> Void) throws(SourceFailure) -> Never {
        var decoder = I3IPCDecoder()
        var reader = I3ContextReader()
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        var reported: DesktopContext?
        do {
            for request in I3ContextReader.openingRequests { try socket.write(request.bytes) }
            while true {
                let count = try socket.read(into: &buffer)
                guard count > 0 else {
                    throw SourceFailure(
                        "\(backend.displayName) closed its IPC socket \(socket.path): the session has ended")
                }
                decoder.append(buffer[..<count])
                // Told once per read, with where the messages read end: a burst costs one report.
                var latest: DesktopContext?
                while let message = try decoder.next() {
                    if let context = try reader.take(message) { latest = context }
                }
                if let latest, latest != reported {
                    reported = latest
                    report(latest)
                }
            }
        } catch let failure as SourceFailure {
            throw failure
        } catch {
            throw SourceFailure("cannot read \(backend.displayName)'s IPC socket \(socket.path): \(error)")
        }
    }
}
