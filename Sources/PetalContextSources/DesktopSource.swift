import Linux
import PetalContextCore
import PetalCore

/// One desktop's way of saying which window has focus, followed on the
/// thread that calls ``follow(report:)``.
///
/// # Implementation requirements
/// `follow` reads the starting state, reports it, then waits for the
/// desktop's events without polling (a blocking read of its socket) and
/// reports each context that differs from the last one reported. It
/// returns only by throwing, when the desktop can no longer be read.
public protocol DesktopSource: AnyObject {
    /// Which desktop this reads.
    var backend: ContextBackend { get }
    /// Where it reads it, for the log: a socket's path, a display.
    var location: String { get }
    /// Reads and follows the desktop; calls `report` on this thread with the
    /// starting context and each change.
    func follow(report: (DesktopContext) -> Void) throws(SourceFailure) -> Never
}

/// The desktop cannot be read (any more): what went wrong, said for a person.
public struct SourceFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    /// A failure saying `description`.
    public init(_ description: String) { self.description = description }
}

/// Opening the source a ``BackendChoice`` names.
public enum DesktopSources {
    /// Connects to the desktop `choice` names: its socket or its X server,
    /// so that a desktop that cannot be reached is known before anything else starts.
    ///
    /// - Throws: ``SourceFailure`` naming what could not be reached, and the variable that named it.
    public static func open(_ choice: BackendChoice) throws(SourceFailure) -> any DesktopSource {
        switch choice {
        case .sway(let socket): try I3Source(backend: .sway, socket: socket, variable: "SWAYSOCK")
        case .i3(let socket): try I3Source(backend: .i3, socket: socket, variable: "I3SOCK")
        case .hyprland(let folders): try HyprlandSource(folders: folders)
        case .x11(let display): try X11Source(display: display)
        }
    }
}
