/// The notes in the PT_NOTE segments of an ELF shared library, read before
/// the library is loaded.
///
/// Pure parsing over a byte reader: every offset and count comes from the
/// untrusted file, so each is checked against the file's size and a fixed
/// limit before anything is read, and nothing is mapped or allocated from a
/// size the file claims. Tested on bytes in memory.
struct ELFNotes: Equatable {
    /// Reads up to `count` bytes at `offset`; fewer (or none) past the end of the file.
    typealias Reader = (_ offset: UInt64, _ count: Int) -> [UInt8]

    /// One note: its owner (without the NUL), its type, its descriptor.
    struct Note: Equatable {
        let owner: String
        let type: UInt32
        let descriptor: [UInt8]
    }

    /// Why a file cannot be read as an ELF library of this machine: the field, its value, what is expected.
    struct Problem: Error, Equatable, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// What the file must be built for: this process's byte order and machine.
    struct Host: Equatable {
        let bigEndian: Bool
        /// `e_machine`, or nil when petald does not know its own (then any is accepted).
        let machine: UInt16?

        static let current = Host(bigEndian: 1.bigEndian == 1, machine: currentMachine)

        private static var currentMachine: UInt16? {
            #if arch(x86_64)
                return 62  // EM_X86_64
            #elseif arch(arm64)
                return 183  // EM_AARCH64
            #elseif arch(riscv64)
                return 243  // EM_RISCV
            #elseif arch(powerpc64le) || arch(powerpc64)
                return 21  // EM_PPC64
            #elseif arch(s390x)
                return 22  // EM_S390
            #else
                return nil
            #endif
        }
    }

    /// Whether the file's integers are big-endian.
    let bigEndian: Bool
    /// Every note of every PT_NOTE segment, in file order.
    let notes: [Note]

    /// At most this many program headers are read (a linker writes about a dozen).
    static let maximumProgramHeaders = 512
    /// At most this many bytes of notes are read, over all PT_NOTE segments.
    static let maximumNoteBytes = 65_536

    private static let headerSize = 64
    private static let programHeaderSize = 56
    private static let noteType: UInt32 = 4  // PT_NOTE

    /// Reads the notes of the ELF64 shared library of `fileSize` bytes that `read` gives.
    ///
    /// - Throws: ``Problem`` when the file is not an ELF64 shared library for `host`,
    ///   or its program headers or notes are malformed.
    static func read(fileSize: UInt64, host: Host = .current, _ read: Reader) throws(Problem) -> ELFNotes {
        guard fileSize >= UInt64(headerSize) else {
            throw Problem("it is \(fileSize) bytes long, shorter than an ELF header (\(headerSize) bytes)")
        }
        let header = read(0, headerSize)
        guard header.count == headerSize else { throw Problem("the file ended within its ELF header") }
        guard header.prefix(4).elementsEqual([0x7f, 0x45, 0x4c, 0x46]) else {
            throw Problem("it does not start with the ELF magic (7f 45 4c 46)")
        }
        try checkIdentification(header, host: host)
        let fields = Fields(bytes: header, bigEndian: header[5] == 2)
        try checkType(fields, host: host)

        let entrySize = Int(fields.u16(54))
        guard entrySize == programHeaderSize else {
            throw Problem(
                "its program header size (e_phentsize) is \(entrySize); ELF64 program headers are \(programHeaderSize) bytes"
            )
        }
        let count = Int(fields.u16(56))
        guard count > 0 else { throw Problem("it has no program headers (e_phnum is 0); a shared library has some") }
        guard count <= maximumProgramHeaders else {
            throw Problem("it claims \(count) program headers (e_phnum); petald reads at most \(maximumProgramHeaders)")
        }
        let tableOffset = fields.u64(32)
        let tableSize = UInt64(count * programHeaderSize)
        guard tableOffset <= fileSize, tableSize <= fileSize - tableOffset else {
            throw Problem(
                "its program headers (e_phoff \(tableOffset), \(count) of \(programHeaderSize) bytes) run past the end of the file (\(fileSize) bytes)"
            )
        }
        let table = read(tableOffset, Int(tableSize))
        guard table.count == Int(tableSize) else { throw Problem("the file ended within its program headers") }

        var notes: [Note] = []
        var noteBytes = 0
        for index in 0..<count {
            let entry = Fields(
                bytes: Array(table[index * programHeaderSize..<(index + 1) * programHeaderSize]),
                bigEndian: fields.bigEndian)
            guard entry.u32(0) == noteType else { continue }
            let segment = try Segment(entry, fileSize: fileSize)
            noteBytes += segment.size
            guard noteBytes <= maximumNoteBytes else {
                throw Problem(
                    "its PT_NOTE segments hold more than \(maximumNoteBytes) bytes; petald reads at most that much")
            }
            let bytes = read(segment.offset, segment.size)
            guard bytes.count == segment.size else {
                throw Problem("the file ended within its PT_NOTE segment at offset \(segment.offset)")
            }
            notes += try segment.notes(in: bytes, bigEndian: fields.bigEndian)
        }
        return ELFNotes(bigEndian: fields.bigEndian, notes: notes)
    }

    /// `e_ident`: class, byte order and version.
    private static func checkIdentification(_ header: [UInt8], host: Host) throws(Problem) {
        switch header[4] {
        case 2: break
        case 1:
            throw Problem(
                "it is a 32-bit library (EI_CLASS is ELFCLASS32, 1); petald is 64-bit and loads ELFCLASS64 (2) libraries only"
            )
        default: throw Problem("its class (EI_CLASS) is \(header[4]); ELFCLASS64 (2) is expected")
        }
        let order = { (big: Bool) in big ? "big-endian (ELFDATA2MSB, 2)" : "little-endian (ELFDATA2LSB, 1)" }
        guard header[5] == 1 || header[5] == 2 else {
            throw Problem("its byte order (EI_DATA) is \(header[5]); \(order(host.bigEndian)) is expected")
        }
        guard (header[5] == 2) == host.bigEndian else {
            throw Problem("its byte order (EI_DATA) is \(order(header[5] == 2)); petald runs \(order(host.bigEndian))")
        }
        guard header[6] == 1 else { throw Problem("its ELF version (EI_VERSION) is \(header[6]); 1 is expected") }
    }

    /// `e_type` and `e_machine`.
    private static func checkType(_ fields: Fields, host: Host) throws(Problem) {
        let type = fields.u16(16)
        guard type == 3 else {
            let kinds: [UInt16: String] = [1: "a relocatable object file", 2: "an executable", 4: "a core file"]
            throw Problem(
                "its type (e_type) is \(type)\(kinds[type].map { ", \($0)" } ?? ""); a plugin is a shared object, ET_DYN (3), linked with -shared"
            )
        }
        let machine = fields.u16(18)
        if let expected = host.machine, machine != expected {
            throw Problem(
                "it is built for another machine (e_machine is \(machine)); petald runs on machine \(expected)")
        }
    }

    /// One PT_NOTE program header, checked against the file.
    private struct Segment {
        let offset: UInt64
        let size: Int
        let alignment: Int

        init(_ entry: Fields, fileSize: UInt64) throws(Problem) {
            offset = entry.u64(8)
            let size = entry.u64(32)
            guard offset <= fileSize, size <= fileSize - offset else {
                throw Problem(
                    "its PT_NOTE segment at offset \(offset) of \(size) bytes (p_offset, p_filesz) runs past the end of the file (\(fileSize) bytes)"
                )
            }
            guard size <= UInt64(ELFNotes.maximumNoteBytes) else {
                throw Problem(
                    "its PT_NOTE segment at offset \(offset) is \(size) bytes (p_filesz); petald reads at most \(ELFNotes.maximumNoteBytes)"
                )
            }
            self.size = Int(size)
            switch entry.u64(48) {
            case 0, 1, 4: alignment = 4
            case 8: alignment = 8
            case let other:
                throw Problem(
                    "its PT_NOTE segment at offset \(offset) is aligned to \(other) (p_align); notes are aligned to 4 or 8"
                )
            }
        }

        /// The notes in the segment's bytes: each a 12-byte header (namesz, descsz,
        /// type), the owner, the descriptor, the last two padded to `alignment`.
        func notes(in bytes: [UInt8], bigEndian: Bool) throws(Problem) -> [Note] {
            var notes: [Note] = []
            var position = 0
            // Fewer than a header's bytes left over are padding.
            while bytes.count - position >= 12 {
                let fields = Fields(bytes: Array(bytes[position..<position + 12]), bigEndian: bigEndian)
                let (nameSize, descriptorSize) = (Int(fields.u32(0)), Int(fields.u32(4)))
                let nameStart = position + 12
                let descriptorStart = aligned(nameStart + nameSize)
                let end = descriptorStart + descriptorSize
                guard end <= bytes.count else {
                    throw Problem(
                        "a note at byte \(position) of its PT_NOTE segment at offset \(offset) (namesz \(nameSize), descsz \(descriptorSize)) runs past the segment's end (\(bytes.count) bytes)"
                    )
                }
                let owner = bytes[nameStart..<nameStart + nameSize].prefix { $0 != 0 }
                notes.append(
                    Note(
                        owner: String(decoding: owner, as: UTF8.self), type: fields.u32(8),
                        descriptor: Array(bytes[descriptorStart..<end])))
                position = aligned(end)
            }
            return notes
        }

        private func aligned(_ value: Int) -> Int { (value + alignment - 1) / alignment * alignment }
    }

    /// Integers at byte offsets of a buffer, in the file's byte order. The
    /// offsets are the callers' constants, within the buffer by construction.
    struct Fields {
        let bytes: [UInt8]
        let bigEndian: Bool

        func u16(_ at: Int) -> UInt16 { UInt16(truncatingIfNeeded: value(at, 2)) }
        func u32(_ at: Int) -> UInt32 { UInt32(truncatingIfNeeded: value(at, 4)) }
        func u64(_ at: Int) -> UInt64 { value(at, 8) }

        private func value(_ at: Int, _ width: Int) -> UInt64 {
            var result: UInt64 = 0
            for index in 0..<width {
                result = result << 8 | UInt64(bytes[at + (bigEndian ? index : width - 1 - index)])
            }
            return result
        }
    }
}
