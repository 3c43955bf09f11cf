import DBus

extension PetalBus {
    /// The D-Bus types of petald's API that are more than one letter (SPEC §2),
    /// declared once: petald declares its properties with them and builds their
    /// values from them, and clients check what they read against them.
    public enum Types {
        /// `Items`: `a(ssssbb)`, one row per item: id, title, icon, action, enabled, selected.
        public static let items: DBusType = .array(.structure([.string, .string, .string, .string, .boolean, .boolean]))
        /// `Actions`: `a(sss)`, one row per action: id, plugin, title.
        public static let actions: DBusType = .array(.structure([.string, .string, .string]))
        /// `Plugins`: `a(sssss)`, one row per plugin: name, version, path, status, reason.
        public static let plugins: DBusType = .array(.structure([.string, .string, .string, .string, .string]))
        /// `Layout`: `a(sdd)`, one row per item: id, x, y.
        public static let layout: DBusType = .array(.structure([.string, .double, .double]))
        /// `Appearance`: `a{sv}`.
        public static let appearance: DBusType = .dictionary(.string, .variant)
        /// The result of `Activate` and `Trigger`: `a{sv}`.
        public static let result: DBusType = .dictionary(.string, .variant)
    }
}
