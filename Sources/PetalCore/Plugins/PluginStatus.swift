/// What became of a plugin file petald found, as the `Plugins` property
/// reports it (docs/plugins.md).
public enum PluginStatus: String, Sendable, CaseIterable {
    /// Its actions are listed (inside petald, in a host of its own, or a provider's).
    case loaded
    /// `plugins.disabled` names it, or `--safe-mode` leaves it out.
    case disabled
    /// Its ABI version or table is not one petald takes.
    case incompatible
    /// It could not be loaded or started; the reason says why.
    case failed
    /// It crashed petald, and is skipped until its file changes or the quarantine is cleared.
    case quarantined
}
