import Testing

@testable import PetalCore

/// A row table read back as it was built, and every way bytes can fail to be
/// one, each refused with what is wrong.
@Suite struct RowTableTests {
    static func table(_ build: (inout RowTableBuilder) -> Void) throws -> RowTable {
        var builder = RowTableBuilder()
        build(&builder)
        return try RowTable(RowBytes(builder.encoded()))
    }

    static func failure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try RowTable(RowBytes(bytes))
            return nil
        } catch {
            return error.description
        }
    }

    static let three: [UInt8] = {
        var builder = RowTableBuilder()
        builder.append(title: "Firefox", icon: "firefox", meta: "browser web")
        builder.append(title: "Straße ✓")
        builder.append(title: "— separator —", selectable: false)
        return builder.encoded()
    }()

    @Test func rowsReadBackAsTheyWereBuilt() throws {
        let table = try RowTable(RowBytes(Self.three))
        #expect(table.count == 3)
        #expect((0..<3).map(table.title) == ["Firefox", "Straße ✓", "— separator —"])
        #expect((0..<3).map(table.id) == ["0", "1", "2"])
        #expect(table.icon(0) == "firefox" && table.icon(1) == "")
        #expect(table.meta(0) == "browser web" && table.meta(2) == "")
        #expect((0..<3).map(table.isSelectable) == [true, true, false])
        #expect(table.byteCount == Self.three.count)
        #expect(table.withBytes(of: .title, row: 1) { Array($0) } == Array("Straße ✓".utf8))
    }

    @Test func bytesAsBuilderLaysThemOut() {
        var builder = RowTableBuilder()
        builder.append(id: "a", title: "T")
        let bytes = builder.encoded()
        #expect(bytes.count == 24 + 16 + 4 + 2)
        #expect(Array(bytes[0..<8]) == Array("PETALROW".utf8))
        #expect(Array(bytes[8..<24]) == [1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])
        #expect(Array(bytes[24..<40]) == [1, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0])
        #expect(Array(bytes[40...]) == [0, 0, 0, 0, UInt8(ascii: "a"), UInt8(ascii: "T")])
    }

    @Test func rowsAreFoundByTheirIDsOwnOrIndex() throws {
        let table = try Self.table {
            $0.append(title: "zero")
            $0.append(id: "lock", title: "Lock")
            $0.append(title: "two")
            $0.append(id: "3", title: "three, named by its own index")
        }
        #expect(table.row(forID: "0") == 0)
        #expect(table.row(forID: "lock") == 1)
        #expect(table.row(forID: "1") == nil)
        #expect(table.row(forID: "2") == 2)
        #expect(table.row(forID: "3") == 3)
        #expect(table.row(forID: "02") == nil)
        #expect(table.row(forID: "4") == nil)
        #expect(table.row(forID: "-1") == nil)
        #expect(table.id(1) == "lock" && table.id(2) == "2")
    }

    @Test func twoRowsWithOneIDAreRefused() {
        var builder = RowTableBuilder()
        builder.append(id: "x", title: "a")
        builder.append(id: "x", title: "b")
        #expect(Self.failure(builder.encoded()) == "rows 0 and 1 have the same id \"x\"; ids are unique")
        var clash = RowTableBuilder()
        clash.append(id: "1", title: "a")
        clash.append(title: "b")
        #expect(Self.failure(clash.encoded())?.contains("row 0's id \"1\" is row 1's too") == true)
        var swapped = RowTableBuilder()
        swapped.append(id: "1", title: "a")
        swapped.append(id: "0", title: "b")
        #expect(Self.failure(swapped.encoded()) == nil)
    }

    @Test func theHeaderIsChecked() {
        var bytes = Self.three
        bytes[0] = UInt8(ascii: "X")
        #expect(Self.failure(bytes)?.contains("not a row table") == true)
        #expect(Self.failure(Array(Self.three.prefix(10)))?.contains("not a row table") == true)
        bytes = Self.three
        bytes[8] = 2
        #expect(Self.failure(bytes) == "the row table's version is 2; this petal reads version 1")
        bytes = Self.three
        bytes[12] = 0
        #expect(Self.failure(bytes) == "the row table has 0 rows; from 1 to 100000")
        bytes = Self.three
        withUnsafeBytes(of: UInt32(100_001).littleEndian) { bytes.replaceSubrange(12..<16, with: $0) }
        #expect(Self.failure(bytes) == "the row table has 100001 rows; from 1 to 100000")
        bytes = Self.three
        bytes[20] = 1
        #expect(Self.failure(bytes)?.contains("20–23") == true)
        #expect(Self.failure(Self.three + [0])?.contains("take \(Self.three.count)") == true)
        #expect(Self.failure(Array(Self.three.dropLast()))?.contains("take \(Self.three.count)") == true)
    }

    @Test func aTableOverTheLimitIsRefusedFromItsSize() {
        let bytes = [UInt8](repeating: 0, count: Limits.listMenuBytes + 1)
        #expect(Self.failure(bytes) == "the row table is 16777217 bytes; at most 16777216")
    }

    /// Offset of row `row`'s `field` end in the table's bytes.
    static func slot(_ row: Int, _ field: RowTable.Field) -> Int { 24 + 16 * row + 4 * field.rawValue }

    @Test func fieldsMustLieInTheTextInOrder() {
        var bytes = Self.three
        bytes[Self.slot(0, .title)] = 0  // the title ends before the id
        bytes[Self.slot(0, .id)] = 3
        #expect(Self.failure(bytes)?.contains("row 0's title ends at 0, before 3") == true)
        bytes = Self.three
        bytes[Self.slot(2, .meta)] = 250
        #expect(Self.failure(bytes)?.contains("row 2's meta ends at") == true)
        var builder = RowTableBuilder()
        builder.append(title: "ab")
        bytes = builder.encoded()
        // One byte left after the last row.
        for field in [RowTable.Field.title, .icon, .meta] { bytes[Self.slot(0, field)] -= 1 }
        #expect(Self.failure(bytes) == "the row table's text has 1 bytes after its last row's fields")
    }

    @Test func aFieldMayNotEndInsideACharacter() {
        var builder = RowTableBuilder()
        builder.append(title: "ß")  // two bytes
        var bytes = builder.encoded()
        bytes[Self.slot(0, .title)] = 1
        #expect(Self.failure(bytes) == "row 0's title ends inside a character (byte 1 of the text)")
    }

    @Test func theTextMustBeUTF8WithoutNUL() {
        for (bad, at) in [([UInt8(ascii: "a"), 0xFF], 1), ([0], 0), ([0xC0, 0x80], 0), ([0xED, 0xA0, 0x80], 0)] {
            var builder = RowTableBuilder()
            builder.append(title: "")
            var bytes = builder.encoded()
            bytes += bad
            bytes[16] = UInt8(bad.count)
            bytes[Self.slot(0, .title)] = UInt8(bad.count)
            bytes[Self.slot(0, .icon)] = UInt8(bad.count)
            bytes[Self.slot(0, .meta)] = UInt8(bad.count)
            #expect(Self.failure(bytes) == "the row table's text is not UTF-8 without NUL at byte \(at) of the text")
        }
    }

    @Test func fieldsKeepTheirLimits() {
        var builder = RowTableBuilder()
        builder.append(title: String(repeating: "t", count: 4097))
        #expect(Self.failure(builder.encoded()) == "row 0's title is 4097 bytes; at most 4096")
        var ids = RowTableBuilder()
        ids.append(id: String(repeating: "i", count: 256), title: "t")
        #expect(Self.failure(ids.encoded()) == "row 0's id is 256 bytes; at most 255")
    }

    @Test func flagsAndPaddingHoldOnlyWhatIsDefined() {
        var bytes = Self.three
        bytes[24 + 48] = 2
        #expect(Self.failure(bytes) == "row 0's flags are 2; only bit 0 (cannot be chosen) is defined")
        bytes = Self.three
        bytes[24 + 48 + 3] = 1
        #expect(Self.failure(bytes) == "the row table's padding after the flags is not zero")
    }

    @Test func bytesFromElsewhereAreReleasedOnceWhenTheLastTableGoes() throws {
        final class Counter: @unchecked Sendable { var releases = 0 }
        let counter = Counter()
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.three.count, alignment: 8)
        storage.copyBytes(from: Self.three)
        do {
            let bytes = RowBytes(base: storage.baseAddress!, count: storage.count) { counter.releases += 1 }
            let table = try RowTable(bytes)
            #expect(table.title(0) == "Firefox")
        }
        #expect(counter.releases == 1)
        storage.deallocate()
    }
}
