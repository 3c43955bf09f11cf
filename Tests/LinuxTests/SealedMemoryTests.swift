import CLinux
import Glibc
import Testing

@testable import Linux

@Suite struct SealedMemoryTests {
    @Test func aSealedFileIsMappedWithItsBytes() throws {
        let bytes: [UInt8] = Array("PETALROW rows".utf8)
        let file = try SealedMemory.make(name: "petal-test-rows", bytes: bytes)
        #expect(clinux_get_seals(file.rawValue) == SealedMemory.seals)
        let mapping = try SealedMapping(file, maximumSize: 64)
        #expect(Array(mapping.bytes) == bytes)
        #expect(mapping.descriptor === file)
    }

    @Test func nobodyCanChangeASealedFile() throws {
        let file = try SealedMemory.make(name: "petal-test-sealed", bytes: [1, 2, 3])
        var byte: UInt8 = 9
        #expect(pwrite(file.rawValue, &byte, 1, 0) == -1 && errno == EPERM, "a write went through the seal")
        #expect(ftruncate(file.rawValue, 1) == -1 && errno == EPERM, "the file shrank through the seal")
        #expect(ftruncate(file.rawValue, 4096) == -1 && errno == EPERM, "the file grew through the seal")
        #expect(mmap(nil, 3, PROT_READ | PROT_WRITE, MAP_SHARED, file.rawValue, 0) == MAP_FAILED)
        #expect(clinux_add_seals(file.rawValue, CLINUX_SEAL_WRITE) == -1, "the seals could still change")
    }

    @Test func anUnsealedFileIsRefusedNamingTheSealsItLacks() throws {
        let file = try SealedMemory.memoryFile(name: "petal-test-unsealed")
        try [UInt8](repeating: 7, count: 10).withUnsafeBytes { try SealedMemory.write($0, to: file, name: "x") }
        let error = #expect(throws: SealedMappingError.self) {
            try SealedMapping(file, maximumSize: 64, subject: "the rows' file descriptor")
        }
        #expect(error?.problem == .notSealed(missing: [.write, .shrink, .grow]))
        #expect(
            error?.description
                == """
                the rows' file descriptor is not sealed against writing (F_SEAL_WRITE), shrinking (F_SEAL_SHRINK) \
                and growing (F_SEAL_GROW); seal it with fcntl(F_ADD_SEALS)
                """)

        try SealedMemory.addSeals(CLINUX_SEAL_SHRINK | CLINUX_SEAL_GROW, to: file, name: "x")
        let writable = #expect(throws: SealedMappingError.self) {
            try SealedMapping(file, maximumSize: 64, subject: "the rows' file descriptor")
        }
        #expect(
            writable?.description
                == "the rows' file descriptor is not sealed against writing (F_SEAL_WRITE); seal it with fcntl(F_ADD_SEALS)"
        )
    }

    @Test func aFileOverTheMaximumIsRefusedWithBothSizes() throws {
        let file = try SealedMemory.make(name: "petal-test-large", bytes: [UInt8](repeating: 1, count: 1001))
        #expect(throws: Never.self) { try SealedMapping(file, maximumSize: 1001) }
        let error = #expect(throws: SealedMappingError.self) { try SealedMapping(file, maximumSize: 1000) }
        #expect(error?.problem == .tooLarge(size: 1001, maximum: 1000))
        #expect(error?.description == "the file descriptor is 1,001 bytes; at most 1,000")
        #expect(SealedMappingError.grouped(17_000_000) == "17,000,000")
        #expect(SealedMappingError.grouped(16_777_216) == "16,777,216")
        #expect(SealedMappingError.grouped(999) == "999" && SealedMappingError.grouped(0) == "0")
    }

    @Test func anEmptyFileIsRefused() throws {
        let file = try SealedMemory.make(name: "petal-test-empty", bytes: [])
        let error = #expect(throws: SealedMappingError.self) { try SealedMapping(file, maximumSize: 1000) }
        #expect(error?.problem == .empty)
        #expect(error?.description == "the file descriptor is empty; it must hold at least one byte")
    }

    @Test func aRegularFileOrAPipeIsRefused() throws {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(folder)/petal-sealed-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        try #require(fd >= 0)
        unlink(template)
        let regular = FileDescriptor(adopting: fd)
        #expect(write(fd, "rows", 4) == 4)
        let error = #expect(throws: SealedMappingError.self) { try SealedMapping(regular, maximumSize: 64) }
        // On disk a file cannot carry seals; on tmpfs it can, and has none of them.
        #expect(error?.problem == .notSealable || error?.problem == .notSealed(missing: [.write, .shrink, .grow]))

        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let reading = FileDescriptor(adopting: ends[0])
        close(ends[1])
        let pipeError = #expect(throws: SealedMappingError.self) { try SealedMapping(reading, maximumSize: 64) }
        #expect(pipeError?.problem == .notSealable)
        #expect(pipeError?.description.contains("send a memfd_create(MFD_ALLOW_SEALING) file sealed") == true)
    }

    @Test func theFileAndItsMappingGoWithTheirLastOwner() throws {
        let name = "petal-test-owned-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        do {
            let mapping = try SealedMapping(try SealedMemory.make(name: name, bytes: [1, 2]), maximumSize: 2)
            #expect(openDescriptors(naming: name) == 1)
            #expect(mappedFiles(naming: name) == 1)
            let copy = try mapping.descriptor.duplicate()
            #expect(copy.rawValue != mapping.descriptor.rawValue)
            #expect(openDescriptors(naming: name) == 2)
        }
        #expect(openDescriptors(naming: name) == 0, "a descriptor outlived its owner")
        #expect(mappedFiles(naming: name) == 0, "a mapping outlived its owner")
    }
}

/// How many of this process's descriptors are open on the memfd called `name`.
func openDescriptors(naming name: String) -> Int {
    guard let folder = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(folder) }
    var count = 0
    while let entry = readdir(folder) {
        let number = withUnsafeBytes(of: entry.pointee.d_name) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/fd/\(number)", &target, target.count - 1)
        guard length > 0 else { continue }
        if String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            == "/memfd:\(name) (deleted)"
        {
            count += 1
        }
    }
    return count
}

/// How many of this process's mappings are of the memfd called `name`.
func mappedFiles(naming name: String) -> Int {
    guard let maps = try? readFile("/proc/self/maps") else { return -1 }
    return maps.split(separator: "\n").filter { $0.hasSuffix("/memfd:\(name) (deleted)") }.count
}

private func readFile(_ path: String) throws -> String {
    let fd = try systemCall("open", path: path) { open(path, O_RDONLY | O_CLOEXEC) }
    defer { close(fd) }
    return String(decoding: try readToEnd(fd, path: path, limit: 1 << 24), as: UTF8.self)
}

extension SealedMemoryTests {
    @Test func aTemporaryMappingLivesWhileItsBytesAreRead() throws {
        let file = try SealedMemory.make(name: "petal-test-temporary", bytes: Array("rows".utf8))
        #expect(try SealedMapping(file, maximumSize: 4).withBytes { Array($0) } == Array("rows".utf8))
    }
}
