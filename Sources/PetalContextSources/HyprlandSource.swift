import Glibc
import Linux
import PetalContextCore
import PetalCore

/// Hyprland, through the two sockets in its instance's folder: requests
/// on `.socket.sock` (one connection each, closed by Hyprland after its
/// answer) and events on `.socket2.sock`, a line each.
final class HyprlandSource: DesktopSource {
    let backend = ContextBackend.hyprland
    /// The instance's folder the sockets are in.
    let folder: String
    private let events: UnixSocket

    /// The most bytes of a request's answer: `j/monitors` of a dozen outputs is a few KiB.
    static let maximumAnswer = 4 << 20

    /// Connects to the event socket of the first of `folders` that has one.
    ///
    /// The event socket is connected before the starting state is asked
    /// for, so that no change in between is missed: events that come before
    /// the answers only repeat what the answers say.
    init(folders: [String]) throws(SourceFailure) {
        folder = folders.first { access("\($0)/.socket2.sock", F_OK) == 0 } ?? folders[0]
        do {
            events = try UnixSocket(connectingTo: "\(folder)/.socket2.sock")
        } catch {
            throw SourceFailure(
                "cannot connect to Hyprland's event socket (looked in \(folders.joined(separator: " and ")), from HYPRLAND_INSTANCE_SIGNATURE and XDG_RUNTIME_DIR): \(error). Is HYPRLAND_INSTANCE_SIGNATURE from the running Hyprland?"
            )
        }
    }

    var location: String { folder }

    func follow(report: (DesktopContext) -> Void) throws(SourceFailure) -> Never {
        var reader = HyprlandContextReader()
        var reported: DesktopContext
        do {
            reported = try reader.start(
                activeWindow: try ask(HyprlandContextReader.activeWindowRequest),
                monitors: try ask(HyprlandContextReader.monitorsRequest))
        } catch {
            throw SourceFailure("\(error)")
        }
        report(reported)
        var lines = HyprlandLineReader()
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count: Int
            do {
                count = try events.read(into: &buffer)
            } catch {
                throw SourceFailure("cannot read Hyprland's event socket: \(error)")
            }
            guard count > 0 else {
                throw SourceFailure("Hyprland closed its event socket \(events.path): the session has ended")
            }
            // Told once per read, with where the lines read end: a burst costs one report.
            for line in lines.lines(in: buffer[..<count]) { _ = reader.take(line: line) }
            if reader.needsInstance, let answer = try? ask(HyprlandContextReader.activeWindowRequest) {
                _ = reader.take(activeWindow: answer)
            }
            if reader.context != reported {
                reported = reader.context
                report(reported)
            }
        }
    }

    /// Hyprland's answer to `request` on its request socket.
    private func ask(_ request: String) throws(SourceFailure) -> [UInt8] {
        do {
            let socket = try UnixSocket(connectingTo: "\(folder)/.socket.sock")
            try socket.write(Array(request.utf8))
            return try socket.readToEnd(maximumBytes: Self.maximumAnswer)
        } catch {
            throw SourceFailure("cannot ask Hyprland for \(request) on its request socket: \(error)")
        }
    }
}
