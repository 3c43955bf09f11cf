import PetalCore

/// Which context to send petald, and when: only changes, at most one
/// `SetContext` in flight, then the latest.
///
/// The desktop may change focus far faster than petald answers (a burst of
/// workspace switches, a script); what is sent meanwhile is not queued but
/// replaced, so a burst costs one call in flight and one more with where it
/// ended. petald forgets a context when its setter leaves, and a new petald
/// knows none: each time petald appears on the bus the context is sent again.
///
/// Pure state, driven by one thread (petal-context's D-Bus loop): each
/// method returns what to send now, if anything, and to whom.
public struct ContextPublication: Sendable {
    /// A `SetContext` to make: `context`, to petald's unique bus name `petald`.
    public struct Send: Equatable, Sendable {
        public let context: DesktopContext
        public let petald: String

        /// A call setting `context` on the petald at `petald`.
        public init(context: DesktopContext, petald: String) {
            self.context = context
            self.petald = petald
        }
    }

    /// What the desktop shows now; nil until the backend has read it.
    public private(set) var latest: DesktopContext?
    /// petald's unique bus name while it is on the bus.
    public private(set) var petald: String?
    /// What petald has accepted from us; nil when it has nothing of ours.
    public private(set) var delivered: DesktopContext?
    /// The call in flight, if any.
    public private(set) var inFlight: Send?
    /// What petald refused last: not sent again until the desktop or petald changes.
    private var refused: DesktopContext?

    /// Nothing read, no petald seen.
    public init() {}

    /// The desktop now shows `context`.
    public mutating func desktopChanged(to context: DesktopContext) -> Send? {
        latest = context.capped()
        return next()
    }

    /// petald owns its name now, as `uniqueName`: it has no context of ours.
    public mutating func petaldAppeared(as uniqueName: String) -> Send? {
        petald = uniqueName
        delivered = nil
        refused = nil
        return next()
    }

    /// petald left the bus, and its context with it.
    public mutating func petaldLeft() {
        petald = nil
        delivered = nil
        refused = nil
    }

    /// The call in flight was answered: with success when `accepted`.
    ///
    /// An answer from a petald that has left since counts for nothing.
    public mutating func callFinished(accepted: Bool) -> Send? {
        guard let call = inFlight else { return next() }
        inFlight = nil
        if call.petald == petald {
            if accepted {
                delivered = call.context
            } else {
                refused = call.context
            }
        }
        return next()
    }

    private mutating func next() -> Send? {
        guard inFlight == nil, let petald, let latest, latest != delivered, latest != refused else { return nil }
        let send = Send(context: latest, petald: petald)
        inFlight = send
        return send
    }
}
