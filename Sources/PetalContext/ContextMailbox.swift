import DBus
import PetalContextCore
import PetalCore
import Synchronization

/// Hands contexts from the desktop's thread to the D-Bus loop, keeping only
/// the latest: however fast focus changes, at most one hand-over waits on
/// the loop, and it carries where the burst ended.
final class ContextMailbox: Sendable {
    private let slot = Mutex<(context: DesktopContext?, posted: Bool)>((nil, false))
    private let loop: EventLoop
    private let deliver: @Sendable (DesktopContext) -> Void

    /// A mailbox whose contexts `deliver` takes on `loop`'s thread.
    init(loop: EventLoop, deliver: @escaping @Sendable (DesktopContext) -> Void) {
        self.loop = loop
        self.deliver = deliver
    }

    /// Leaves `context` for the loop, replacing any it has not taken yet; from any thread.
    func post(_ context: DesktopContext) {
        let wake = slot.withLock { slot in
            slot.context = context
            defer { slot.posted = true }
            return !slot.posted
        }
        guard wake else { return }
        loop.execute { [self] in
            let latest = slot.withLock { slot in
                defer { slot = (nil, false) }
                return slot.context
            }
            if let latest { deliver(latest) }
        }
    }
}
