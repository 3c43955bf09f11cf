import PetalCore
import PetalPluginABI
import TextEscaping

/// What a plugin must be to run, in petald and in a `petal-plugin-host`
/// alike: built for this plugin ABI, validly named, its actions in its own
/// namespace (docs/plugins.md, "Where petald looks, and what it accepts").
/// petald's loader adds the rules that depend on what else it loaded.
package enum PluginRules {
    package static let noteSection = PETAL_PLUGIN_NOTE_SECTION

    /// Why a table cannot be used by this daemon's ABI, or nil.
    static func compatibilityProblem(_ table: petal_plugin) -> String? {
        let ours = "\(PETAL_PLUGIN_ABI_MAJOR).\(PETAL_PLUGIN_ABI_MINOR)"
        if let problem = abiProblem(major: UInt(table.abi_major), minor: UInt(table.abi_minor), claim: "it was") {
            return problem
        }
        let minimum =
            MemoryLayout<petal_plugin>.offset(of: \petal_plugin.deinit)! + MemoryLayout<UnsafeRawPointer?>.size
        guard Int(table.struct_size) >= minimum else {
            return "its struct_size is \(table.struct_size) bytes; an ABI \(ours) table has at least \(minimum)"
        }
        return nil
    }

    /// Why a plugin of ABI `major.minor` cannot load into this daemon, or nil.
    /// `claim` begins the sentence: "it was", or "its .note.petal says it was".
    package static func abiProblem(major: UInt, minor: UInt, claim: String) -> String? {
        let ours = "\(PETAL_PLUGIN_ABI_MAJOR).\(PETAL_PLUGIN_ABI_MINOR)"
        guard major == PETAL_PLUGIN_ABI_MAJOR else {
            return
                "\(claim) built for plugin ABI \(major).\(minor); petald speaks \(ours) (rebuild it against this petal_plugin.h)"
        }
        guard minor <= PETAL_PLUGIN_ABI_MINOR else {
            return "\(claim) built for plugin ABI \(major).\(minor), newer than petald's \(ours); update petald"
        }
        return nil
    }

    /// Why a table's actions are refused, whatever else is loaded: an id that
    /// is empty, too long, outside the plugin's namespace, or declared twice.
    static func actionsProblem(name: String, actions: [String]) -> String? {
        var seen = Set<String>()
        for action in actions {
            guard !action.isEmpty, action.utf8.count <= ConfigurationDecoder.maximumIDBytes else {
                return
                    "it declares an action id that is empty or longer than \(ConfigurationDecoder.maximumIDBytes) bytes"
            }
            guard action.hasPrefix(name + "."), action.utf8.count > name.utf8.count + 1 else {
                return
                    "its action \"\(LogText.escaped(action))\" is outside its namespace: plugin \"\(name)\" may declare only actions named \"\(name).<verb>\""
            }
            guard seen.insert(action).inserted else { return "it declares action \"\(action)\" twice" }
        }
        return nil
    }

    private static let nameBytes = Set("abcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Whether `name` is a valid plugin name: `[a-z0-9_-]+`.
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { nameBytes.contains($0) }
    }

    /// The file's name without `.so`: what names a plugin until its note or its table does.
    package static func stem(of path: String) -> String {
        let file = PluginSearchPath.lastComponent(of: path)
        return file.hasSuffix(".so") ? String(file.dropLast(3)) : file
    }
}
