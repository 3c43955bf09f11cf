/// A minimal ELF64 shared object built in memory for the note parser's tests:
/// a header, program headers, and each segment's bytes after them. Every field
/// a test corrupts can be overridden.
struct ELFImage {
    struct Segment {
        var type: UInt32 = 4  // PT_NOTE
        var bytes: [UInt8]
        var align: UInt64 = 4
        var offset: UInt64?
        var size: UInt64?
    }

    var bigEndian = false
    var elfClass: UInt8 = 2
    var dataByte: UInt8?
    var version: UInt8 = 1
    var type: UInt16 = 3
    var machine: UInt16 = 62
    var headerSize: UInt16 = 56
    var headerCount: UInt16?
    var headerOffset: UInt64?
    var segments: [Segment] = []

    /// A shared object whose one PT_NOTE segment holds `notes`.
    init(notes: [UInt8]..., align: UInt64 = 4, bigEndian: Bool = false) {
        self.bigEndian = bigEndian
        segments = [Segment(bytes: notes.flatMap { $0 }, align: align)]
    }

    init(segments: [Segment]) { self.segments = segments }

    var bytes: [UInt8] {
        var out = [UInt8](repeating: 0, count: 64)
        out[0...3] = [0x7f, 0x45, 0x4c, 0x46]
        out[4] = elfClass
        out[5] = dataByte ?? (bigEndian ? 2 : 1)
        out[6] = version
        put(&out, 16, UInt64(type), 2)
        put(&out, 18, UInt64(machine), 2)
        put(&out, 20, 1, 4)
        put(&out, 32, headerOffset ?? 64, 8)
        put(&out, 52, 64, 2)
        put(&out, 54, UInt64(headerSize), 2)
        put(&out, 56, UInt64(headerCount ?? UInt16(segments.count)), 2)
        var data = 64 + 56 * segments.count
        var table: [UInt8] = []
        var contents: [UInt8] = []
        for segment in segments {
            var entry = [UInt8](repeating: 0, count: 56)
            put(&entry, 0, UInt64(segment.type), 4)
            put(&entry, 8, segment.offset ?? UInt64(data), 8)
            put(&entry, 32, segment.size ?? UInt64(segment.bytes.count), 8)
            put(&entry, 40, UInt64(segment.bytes.count), 8)
            put(&entry, 48, segment.align, 8)
            table += entry
            contents += segment.bytes
            data += segment.bytes.count
        }
        return out + table + contents
    }

    private func put(_ bytes: inout [UInt8], _ at: Int, _ value: UInt64, _ width: Int) {
        for index in 0..<width {
            let shift = UInt64(8 * (bigEndian ? width - 1 - index : index))
            bytes[at + index] = UInt8(truncatingIfNeeded: value >> shift)
        }
    }

    /// One note: the 12-byte header and the owner with its NUL, padded to `align`, then the descriptor, padded too.
    static func note(
        owner: String, type: UInt32, descriptor: [UInt8], align: Int = 4, bigEndian: Bool = false,
        nameSize: UInt32? = nil, descriptorSize: UInt32? = nil
    ) -> [UInt8] {
        let name = Array(owner.utf8) + [0]
        func word(_ value: UInt32) -> [UInt8] {
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return bigEndian ? bytes.reversed() : bytes
        }
        func padded(_ bytes: [UInt8]) -> [UInt8] {
            bytes + [UInt8](repeating: 0, count: (align - bytes.count % align) % align)
        }
        // Padded from the note's start, which is aligned: the owner ends where the header's 12 bytes and it do.
        return padded(
            padded(
                word(nameSize ?? UInt32(name.count)) + word(descriptorSize ?? UInt32(descriptor.count))
                    + word(type) + name) + descriptor)
    }

    /// The descriptor PETAL_PLUGIN_DESCRIBE writes: two u32, then name and version with their NULs.
    static func description(
        major: UInt32 = 1, minor: UInt32 = 1, name: String, version: String,
        bigEndian: Bool = false
    ) -> [UInt8] {
        func word(_ value: UInt32) -> [UInt8] {
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return bigEndian ? bytes.reversed() : bytes
        }
        return word(major) + word(minor) + Array(name.utf8) + [0] + Array(version.utf8) + [0]
    }

    /// A Petal note describing `name` and `version`.
    static func petal(
        _ name: String, _ version: String, major: UInt32 = 1, minor: UInt32 = 1,
        bigEndian: Bool = false
    ) -> [UInt8] {
        note(
            owner: "Petal", type: 1,
            descriptor: description(
                major: major, minor: minor, name: name, version: version,
                bigEndian: bigEndian), bigEndian: bigEndian)
    }

    /// A GNU build-id note, as every linked library has.
    static let buildID = note(owner: "GNU", type: 3, descriptor: Array(repeating: 0xab, count: 20))
}
