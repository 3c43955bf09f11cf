import Testing

@testable import PetalDaemon
@testable import PetalPluginRuntime

/// The ELF note parser petald reads a plugin's description with before
/// loading it (docs/plugins.md, "Describing the plugin before its code runs"): on bytes in memory, valid,
/// and malformed in every field the file controls.
@Suite struct PluginNoteTests {
    static let host = ELFNotes.Host(bigEndian: false, machine: 62)

    /// Parses `bytes` as the whole file.
    static func parse(_ bytes: [UInt8], host: ELFNotes.Host = host) throws -> PluginNote? {
        let elf = try ELFNotes.read(fileSize: UInt64(bytes.count), host: host, reader(bytes))
        return try PluginNote.find(in: elf)
    }

    static func reader(_ bytes: [UInt8]) -> ELFNotes.Reader {
        { offset, count in
            guard offset < UInt64(bytes.count) else { return [] }
            return Array(bytes[Int(offset)...].prefix(count))
        }
    }

    // MARK: Valid files

    @Test func findsTheDescriptionAmongOtherNotes() throws {
        let image = ELFImage(notes: ELFImage.buildID, ELFImage.petal("hello", "1.0.0"))
        #expect(try Self.parse(image.bytes) == PluginNote(abiMajor: 1, abiMinor: 1, name: "hello", version: "1.0.0"))
    }

    @Test func findsItInAnEightByteAlignedSegmentAfterOthers() throws {
        let property = ELFImage.note(
            owner: "GNU", type: 5, descriptor: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], align: 8)
        let petal = ELFImage.note(
            owner: "Petal", type: 1, descriptor: ELFImage.description(name: "w", version: ""), align: 8)
        var image = ELFImage(segments: [
            .init(type: 1, bytes: [0, 0, 0, 0]),  // a PT_LOAD, skipped
            .init(bytes: ELFImage.buildID),
            .init(bytes: property + petal, align: 8),
        ])
        image.machine = 62
        #expect(try Self.parse(image.bytes)?.name == "w")
        #expect(try Self.parse(image.bytes)?.version == "")
    }

    @Test func readsABigEndianFileOnABigEndianHost() throws {
        var image = ELFImage(notes: ELFImage.petal("be", "2", major: 1, minor: 0, bigEndian: true), bigEndian: true)
        image.machine = 22
        let note = try Self.parse(image.bytes, host: .init(bigEndian: true, machine: 22))
        #expect(note == PluginNote(abiMajor: 1, abiMinor: 0, name: "be", version: "2"))
    }

    @Test func aFileWithoutTheDescriptionHasNoNote() throws {
        #expect(try Self.parse(ELFImage(segments: [.init(type: 1, bytes: [])]).bytes) == nil)
        #expect(try Self.parse(ELFImage(notes: ELFImage.buildID).bytes) == nil)
        // A Petal note of another type is for a later minor, not a description.
        let later = ELFImage.note(owner: "Petal", type: 2, descriptor: [1, 2, 3])
        #expect(try Self.parse(ELFImage(notes: later).bytes) == nil)
        // An owner that merely starts like Petal's is someone else's.
        let other = ELFImage.note(owner: "Petals", type: 1, descriptor: ELFImage.description(name: "x", version: "1"))
        #expect(try Self.parse(ELFImage(notes: other).bytes) == nil)
    }

    // MARK: Malformed ELF

    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let bytes: [UInt8]
        /// Text the reason must contain.
        let reason: String
        var testDescription: String { label }
    }

    static func image(_ change: (inout ELFImage) -> Void) -> [UInt8] {
        var image = ELFImage(notes: ELFImage.petal("x", "1"))
        change(&image)
        return image.bytes
    }

    static let malformedFiles: [Case] = [
        Case(label: "empty", bytes: [], reason: "0 bytes long, shorter than an ELF header (64 bytes)"),
        Case(label: "truncated header", bytes: Array(image { _ in }.prefix(40)), reason: "shorter than an ELF header"),
        Case(
            label: "not ELF", bytes: Array("#!/bin/sh\n".utf8) + [UInt8](repeating: 0, count: 60),
            reason: "does not start with the ELF magic"),
        Case(label: "32-bit", bytes: image { $0.elfClass = 1 }, reason: "32-bit library (EI_CLASS is ELFCLASS32, 1)"),
        Case(
            label: "unknown class", bytes: image { $0.elfClass = 9 },
            reason: "its class (EI_CLASS) is 9; ELFCLASS64 (2) is expected"),
        Case(
            label: "big-endian", bytes: image { $0.bigEndian = true },
            reason: "byte order (EI_DATA) is big-endian (ELFDATA2MSB, 2); petald runs little-endian (ELFDATA2LSB, 1)"),
        Case(label: "unknown byte order", bytes: image { $0.dataByte = 0 }, reason: "byte order (EI_DATA) is 0"),
        Case(
            label: "unknown ELF version", bytes: image { $0.version = 2 },
            reason: "ELF version (EI_VERSION) is 2; 1 is expected"),
        Case(
            label: "an executable", bytes: image { $0.type = 2 },
            reason:
                "its type (e_type) is 2, an executable; a plugin is a shared object, ET_DYN (3), linked with -shared"),
        Case(
            label: "another machine", bytes: image { $0.machine = 183 },
            reason: "built for another machine (e_machine is 183); petald runs on machine 62"),
        Case(
            label: "wrong program header size", bytes: image { $0.headerSize = 32 },
            reason: "program header size (e_phentsize) is 32; ELF64 program headers are 56 bytes"),
        Case(
            label: "no program headers", bytes: image { $0.headerCount = 0 },
            reason: "no program headers (e_phnum is 0)"),
        Case(
            label: "huge program header count", bytes: image { $0.headerCount = 0xffff },
            reason: "claims 65535 program headers (e_phnum); petald reads at most 512"),
        Case(
            label: "program headers past the end", bytes: image { $0.headerCount = 300 },
            reason: "program headers (e_phoff 64, 300 of 56 bytes) run past the end of the file"),
        Case(
            label: "program header offset past the end", bytes: image { $0.headerOffset = UInt64.max - 10 },
            reason: "run past the end of the file"),
        Case(
            label: "note segment past the end", bytes: image { $0.segments[0].offset = 1 << 40 },
            reason:
                "PT_NOTE segment at offset 1099511627776 of 32 bytes (p_offset, p_filesz) runs past the end of the file"
        ),
        Case(
            label: "note segment size past the end", bytes: image { $0.segments[0].size = UInt64.max },
            reason: "runs past the end of the file"),
        Case(
            label: "note segment over the limit",
            bytes: image {
                $0.segments[0].bytes += [UInt8](repeating: 0, count: 70_000)
            }, reason: "is 70032 bytes (p_filesz); petald reads at most 65536"),
        Case(
            label: "note segments over the limit together",
            bytes: image {
                let half = [UInt8](repeating: 0, count: 40_000)
                $0.segments = [.init(bytes: half), .init(bytes: half)]
            }, reason: "PT_NOTE segments hold more than 65536 bytes"),
        Case(
            label: "odd alignment", bytes: image { $0.segments[0].align = 16 },
            reason: "aligned to 16 (p_align); notes are aligned to 4 or 8"),
        Case(
            label: "owner runs past the segment",
            bytes: image {
                $0.segments[0].bytes = ELFImage.note(owner: "GNU", type: 3, descriptor: [], nameSize: 0xffff_fff0)
            }, reason: "(namesz 4294967280, descsz 0) runs past the segment's end"),
        Case(
            label: "descriptor runs past the segment",
            bytes: image {
                $0.segments[0].bytes = ELFImage.note(
                    owner: "Petal", type: 1, descriptor: [1, 0, 0, 0], descriptorSize: 0xffff_ffff)
            }, reason: "(namesz 6, descsz 4294967295) runs past the segment's end"),
        Case(
            label: "second note cut short",
            bytes: image {
                $0.segments[0].bytes = ELFImage.buildID + Array(ELFImage.petal("x", "1").prefix(20))
            }, reason: "a note at byte 36 of its PT_NOTE segment"),
    ]

    @Test(arguments: malformedFiles)
    func malformedFileIsRefusedWithTheReason(_ bad: Case) {
        do {
            let note = try ELFNotes.read(fileSize: UInt64(bad.bytes.count), host: Self.host, Self.reader(bad.bytes))
            Issue.record("read \(note) from a malformed file")
        } catch {
            #expect(error.description.contains(bad.reason), "\(error)")
        }
    }

    @Test func aFileShorterThanItsSizeSaysItEnded() {
        let bytes = ELFImage(notes: ELFImage.petal("x", "1")).bytes
        let short: ELFNotes.Reader = { offset, count in Array(Self.reader(bytes)(offset, count).prefix(count / 2)) }
        #expect(throws: ELFNotes.Problem("the file ended within its ELF header")) {
            try ELFNotes.read(fileSize: UInt64(bytes.count), host: Self.host, short)
        }
        // The file shrank after fstat: the size says more than there is.
        #expect(throws: ELFNotes.Problem("the file ended within its PT_NOTE segment at offset 120")) {
            try ELFNotes.read(fileSize: UInt64(bytes.count), host: Self.host, Self.reader(Array(bytes.prefix(130))))
        }
    }

    // MARK: Malformed descriptions

    static func described(_ descriptor: [UInt8]) -> [UInt8] {
        ELFImage(notes: ELFImage.note(owner: "Petal", type: 1, descriptor: descriptor)).bytes
    }

    static let malformedNotes: [Case] = [
        Case(
            label: "too short", bytes: described([1, 0, 0, 0, 1, 0, 0, 0, 0]),
            reason: "its descriptor is 9 bytes; it needs at least 10"),
        Case(
            label: "name without NUL", bytes: described([1, 0, 0, 0, 1, 0, 0, 0] + Array("hello".utf8)),
            reason: "its name does not end in NUL within the descriptor (13 bytes)"),
        Case(
            label: "version without NUL",
            bytes: described([1, 0, 0, 0, 1, 0, 0, 0] + Array("hello".utf8) + [0, 0x31]),
            reason: "its version does not end in NUL"),
        Case(
            label: "bytes after the version",
            bytes: described(ELFImage.description(name: "x", version: "1") + [0x41, 0, 0x42]),
            reason: "2 bytes other than NUL follow its version; only NUL padding may"),
        Case(
            label: "an invalid name", bytes: described(ELFImage.description(name: "Hello World", version: "1")),
            reason: #"its name "Hello World" is not valid; names are lowercase letters, digits, "-" and "_""#),
        Case(
            label: "an empty name", bytes: described(ELFImage.description(name: "", version: "1")),
            reason: #"its name "" is not valid"#),
        Case(
            label: "a name with an escape", bytes: described(ELFImage.description(name: "a\u{1B}[2J", version: "1")),
            reason: #"its name "a\e[2J" contains control characters"#),
        Case(
            label: "a name too long",
            bytes: described(ELFImage.description(name: String(repeating: "a", count: 300), version: "1")),
            reason: "its name is 300 bytes long; at most 255 are allowed"),
        Case(
            label: "a version that is not UTF-8", bytes: described([1, 0, 0, 0, 1, 0, 0, 0, 0x78, 0, 0xff, 0xfe, 0]),
            reason: "its version \"\u{FFFD}\u{FFFD}\" is not valid UTF-8"),
        Case(
            label: "a version with a newline", bytes: described(ELFImage.description(name: "x", version: "1\nforged")),
            reason: #"its version "1\nforged" contains control characters"#),
        Case(
            label: "two descriptions", bytes: ELFImage(notes: ELFImage.petal("x", "1"), ELFImage.petal("y", "1")).bytes,
            reason:
                "it holds 2 plugin descriptions (notes of owner Petal, type 1); use PETAL_PLUGIN_DESCRIBE once per plugin"
        ),
    ]

    @Test(arguments: malformedNotes)
    func malformedDescriptionIsRefusedWithTheReason(_ bad: Case) {
        do {
            let note = try Self.parse(bad.bytes)
            Issue.record("read \(String(describing: note)) from a malformed note")
        } catch {
            #expect("\(error)".contains(bad.reason), "\(error)")
        }
    }

    // MARK: Robustness

    /// Every prefix of a valid file, and every byte of it set to 0xff, is read
    /// or refused: never a trap, and never a read beyond the limits.
    @Test func noCutOrCorruptionTrapsOrReadsPastTheLimits() {
        let valid = ELFImage(notes: ELFImage.buildID, ELFImage.petal("hello", "1.0.0")).bytes
        var largest = 0
        func attempt(_ bytes: [UInt8]) {
            let reader = Self.reader(bytes)
            _ = try? Self.parseCounting(
                bytes,
                reader: { offset, count in
                    largest = max(largest, count)
                    return reader(offset, count)
                })
        }
        for length in 0...valid.count { attempt(Array(valid.prefix(length))) }
        for index in valid.indices {
            var corrupt = valid
            corrupt[index] = 0xff
            attempt(corrupt)
        }
        #expect(largest <= ELFNotes.maximumNoteBytes)
    }

    static func parseCounting(_ bytes: [UInt8], reader: ELFNotes.Reader) throws -> PluginNote? {
        try PluginNote.find(in: ELFNotes.read(fileSize: UInt64(bytes.count), host: host, reader))
    }
}
