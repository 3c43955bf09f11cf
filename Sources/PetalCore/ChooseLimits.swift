/// Limits of `Choose` (docs/dbus-api.md#the-state-machine) that petald enforces and petalctl checks first.
public enum ChooseLimits {
    /// The longest `timeout` a `Choose` may ask for: a day, in seconds.
    public static let maximumTimeoutSeconds = 86_400.0
    /// How many `Choose` calls may wait at once; one more is `Busy`.
    public static let maximumWaiting = 256
}
