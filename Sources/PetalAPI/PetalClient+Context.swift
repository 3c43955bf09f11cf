import DBus
import PetalCore

/// The context (docs/context.md): read, set, and the menu it asks for.
extension PetalClient {
    /// `Context`: the context petald holds; empty when no source has set one.
    public func context() async throws -> DesktopContext {
        DesktopContext(lenient: try await root.get(PetalBus.Menus.context))
    }

    /// Calls `SetContext`: replaces the context, owned by this connection
    /// until it closes or someone else sets one.
    ///
    /// - Throws: `org.freedesktop.DBus.Error.InvalidArgs` for a value over 4 KiB.
    public func setContext(_ context: DesktopContext) async throws {
        try await root.call(PetalBus.Menus.setContext, context.dictionary)
    }
}
