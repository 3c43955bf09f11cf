/// The actions of the plugins installed with petald, by plugin: what
/// `--check-config` knows of them without loading them. A test checks it
/// against what the built-in plugins declare when loaded.
enum BuiltInActions {
    /// Each built-in plugin's action ids.
    static let ids: [String: [String]] = [
        "camera": ["camera.open", "camera.screenshot"],
        "command": ["command.run"],
        "message": ["message.notify", "message.compose"],
        "open": ["open.uri"],
        "phone": ["phone.call"],
    ]

    /// The names only the plugins installed with petald may have: theirs, and `petal`.
    static let reservedNames = Set(ids.keys).union(["petal"])
}
