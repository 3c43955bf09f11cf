/// The actions of the plugins installed with petald, by plugin: what
/// `--check-config` knows of them without loading them, and what petald
/// lists for them before their first invocation loads them
/// (``PluginLoader``). A test checks it against what the built-in plugins'
/// tables declare.
enum BuiltInActions {
    /// One declared action: its id, title and icon, as the plugin's table gives them.
    struct Declared: Equatable {
        let id: String
        let title: String
        let icon: String
    }

    /// Each built-in plugin's actions, in the order its table declares them.
    static let declared: [String: [Declared]] = [
        "camera": [
            Declared(id: "camera.open", title: "Camera", icon: "camera-photo"),
            Declared(id: "camera.screenshot", title: "Screenshot", icon: "applets-screenshooter"),
        ],
        "command": [Declared(id: "command.run", title: "Run a command", icon: "utilities-terminal")],
        "message": [
            Declared(id: "message.notify", title: "Notify", icon: "dialog-information"),
            Declared(id: "message.compose", title: "Message", icon: "mail-message-new"),
        ],
        "open": [Declared(id: "open.uri", title: "Open", icon: "document-open")],
        "phone": [Declared(id: "phone.call", title: "Call", icon: "call-start")],
    ]

    /// Each built-in plugin's action ids.
    static let ids: [String: [String]] = declared.mapValues { $0.map(\.id) }

    /// The names only the plugins installed with petald may have: theirs, and `petal`.
    static let reservedNames = Set(ids.keys).union(["petal"])
}
