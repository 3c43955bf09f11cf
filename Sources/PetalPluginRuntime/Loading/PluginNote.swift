import PetalPluginABI
import TextEscaping

/// What a plugin says of itself in its ELF note (`PETAL_PLUGIN_DESCRIBE`,
/// ABI 1.1), read before the library is loaded so that a plugin can be
/// refused without any of its code running (docs/plugins.md, "Describing the plugin before its code runs").
///
/// The note's owner is `Petal`, its type `PETAL_PLUGIN_NOTE_TYPE`, and its
/// descriptor `u32 abi_major, u32 abi_minor`, then the name and the version,
/// each ending in NUL (petal_plugin.h documents the layout).
package struct PluginNote: Equatable, Sendable {
    package let abiMajor: UInt32
    package let abiMinor: UInt32
    /// Valid by construction: `[a-z0-9_-]+`, at most ``maximumTextBytes``.
    package let name: String
    /// Valid UTF-8 without control characters, at most ``maximumTextBytes``; may be empty.
    package let version: String

    static let owner = PETAL_PLUGIN_NOTE_OWNER
    static let type = UInt32(PETAL_PLUGIN_NOTE_TYPE)
    static let maximumTextBytes = 255

    /// Why a Petal note cannot be used: the field, its value, what would be right.
    struct Malformed: Error, Equatable, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The plugin's description among `elf`'s notes, or nil when it has none (a 1.0 plugin).
    ///
    /// Petal notes of other types are left for later minors to define, and ignored.
    static func find(in elf: ELFNotes) throws(Malformed) -> PluginNote? {
        let ours = elf.notes.filter { $0.owner == owner && $0.type == type }
        guard ours.count <= 1 else {
            throw Malformed(
                "it holds \(ours.count) plugin descriptions (notes of owner \(owner), type \(type)); use PETAL_PLUGIN_DESCRIBE once per plugin"
            )
        }
        guard let note = ours.first else { return nil }
        return try PluginNote(descriptor: note.descriptor, bigEndian: elf.bigEndian)
    }
}

extension PluginNote {
    /// Decodes a descriptor: two u32, then the name and the version, each ending in NUL,
    /// then nothing but NUL padding.
    init(descriptor bytes: [UInt8], bigEndian: Bool) throws(Malformed) {
        guard bytes.count >= 10 else {
            throw Malformed(
                "its descriptor is \(bytes.count) bytes; it needs at least 10: abi_major and abi_minor (4 bytes each), then the name and the version, each ending in NUL"
            )
        }
        let fields = ELFNotes.Fields(bytes: Array(bytes.prefix(8)), bigEndian: bigEndian)
        abiMajor = fields.u32(0)
        abiMinor = fields.u32(4)
        guard let nameEnd = bytes[8...].firstIndex(of: 0) else {
            throw Malformed("its name does not end in NUL within the descriptor (\(bytes.count) bytes)")
        }
        guard let versionEnd = bytes[(nameEnd + 1)...].firstIndex(of: 0) else {
            throw Malformed("its version does not end in NUL within the descriptor (\(bytes.count) bytes)")
        }
        let trailing = bytes[(versionEnd + 1)...].filter { $0 != 0 }.count
        guard trailing == 0 else {
            throw Malformed("\(trailing) bytes other than NUL follow its version; only NUL padding may")
        }
        name = try Self.text(bytes[8..<nameEnd], field: "name")
        guard !name.isEmpty, PluginRules.isValidName(name) else {
            throw Malformed(
                "its name \"\(LogText.escaped(name))\" is not valid; names are lowercase letters, digits, \"-\" and \"_\""
            )
        }
        version = try Self.text(bytes[(nameEnd + 1)..<versionEnd], field: "version")
    }

    /// UTF-8 text of a field, without control characters, at most ``maximumTextBytes``.
    private static func text(_ bytes: ArraySlice<UInt8>, field: String) throws(Malformed) -> String {
        guard bytes.count <= maximumTextBytes else {
            throw Malformed("its \(field) is \(bytes.count) bytes long; at most \(maximumTextBytes) are allowed")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Malformed(
                "its \(field) \"\(LogText.escaped(String(decoding: bytes, as: UTF8.self)))\" is not valid UTF-8")
        }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
            throw Malformed("its \(field) \"\(LogText.escaped(text))\" contains control characters")
        }
        return text
    }
}
