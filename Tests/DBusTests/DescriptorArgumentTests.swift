import DBus
import Glibc
import Linux
import Synchronization
import TestSupport
import Testing

/// A service that takes, keeps and gives out descriptors as declared arguments.
private enum Files {
    static let interface: InterfaceName = "org.example.Files"
    /// Keeps the file it is given and answers its size.
    static let keep = DBusMethodDeclaration(
        interface, "Keep", in: DBusIn("file", FileDescriptor.self), out: DBusOut("bytes", UInt32.self))
    /// Keeps the file of the option `rows` and answers its size; other options are ignored.
    static let keepOption = DBusMethodDeclaration(
        interface, "KeepOption", in: DBusIn("options", DBusVariantDictionary.self), out: DBusOut("bytes", UInt32.self))
    /// Answers a sealed memfd holding `text`.
    static let make = DBusMethodDeclaration(
        interface, "Make", in: DBusIn("name", String.self), DBusIn("text", String.self),
        out: DBusOut("file", FileDescriptor.self))
    /// Takes options and reads none of them.
    static let ignore = DBusMethodDeclaration(interface, "Ignore", in: DBusIn("options", DBusVariantDictionary.self))
}

private final class FilesObject: Sendable {
    let kept = Mutex<[FileDescriptor]>([])

    func size(of file: FileDescriptor) throws -> UInt32 {
        kept.withLock { $0.append(file) }
        do {
            return UInt32(try SealedMapping(file, maximumSize: 1 << 20).bytes.count)
        } catch {
            throw DBusError.invalidArgs("\(error)")
        }
    }

    var interface: DBusInterface {
        DBusInterface(
            Files.interface,
            methods: [
                Files.keep.serve { [self] _, file in try size(of: file) },
                Files.keepOption.serve { [self] _, options in
                    guard let rows = options.descriptor("rows") else { throw DBusError.invalidArgs("no rows") }
                    return try size(of: rows)
                },
                Files.make.serve { _, name, text in try SealedMemory.make(name: name, bytes: Array(text.utf8)) },
                Files.ignore.serve { _, _ in },
            ])
    }
}

@Suite struct DescriptorArgumentTests {
    @Test func aDeclaredDescriptorArgumentIsKeptOpenByTheValueTheHandlerGets() async throws {
        try await withFiles { service, object in
            let name = uniqueMemoryFileName("argument")
            var sent: FileDescriptor? = try SealedMemory.make(name: name, bytes: Array("three".utf8))
            let bytes = try await service.client.call(Files.keep, on: service.name, at: .example, sent!)
            #expect(bytes == 5)
            // The sender's and the one the handler kept; the message's copies are closed.
            #expect(await settledOpenDescriptors(ofMemoryFile: name, expecting: 2) == 2)
            sent = nil
            #expect(await settledOpenDescriptors(ofMemoryFile: name, expecting: 1) == 1)
            object.kept.withLock { $0.removeAll() }
            #expect(openDescriptors(ofMemoryFile: name) == 0, "the kept descriptor outlived its value")
        }
    }

    @Test func aDescriptorInsideOptionsIsKeptOnlyWhenTheHandlerTakesIt() async throws {
        try await withFiles { service, object in
            let rowsName = uniqueMemoryFileName("rows")
            let extraName = uniqueMemoryFileName("extra")
            let rows = try SealedMemory.make(name: rowsName, bytes: Array("rows".utf8))
            let extra = try SealedMemory.make(name: extraName, bytes: Array("extra".utf8))
            let options = DBusVariantDictionary([
                ("rows", rows.dbusValue), ("extra", extra.dbusValue), ("more", .array(.unixFD, [extra.dbusValue])),
            ])
            // The options borrow the descriptors: `rows` and `extra` live to the end.
            let bytes = try await service.client.call(Files.keepOption, on: service.name, at: .example, options)
            #expect(bytes == 4)
            #expect(await settledOpenDescriptors(ofMemoryFile: rowsName, expecting: 2) == 2)
            #expect(
                await settledOpenDescriptors(ofMemoryFile: extraName, expecting: 1) == 1,
                "a descriptor the handler did not take was kept")
            object.kept.withLock { $0.removeAll() }
            #expect(openDescriptors(ofMemoryFile: rowsName) == 1)
            withExtendedLifetime((rows, extra)) {}
        }
    }

    @Test func aDescriptorInAReplyIsOwnedByTheValueTheCallerGets() async throws {
        try await withFiles { service, _ in
            let name = uniqueMemoryFileName("reply")
            do {
                let file = try await service.client.call(Files.make, on: service.name, at: .example, name, "made here")
                let mapping = try SealedMapping(file, maximumSize: 64)
                #expect(String(decoding: mapping.bytes, as: UTF8.self) == "made here")
                // The server's went with its reply; the reply's copy was closed once read.
                #expect(await settledOpenDescriptors(ofMemoryFile: name, expecting: 1) == 1)
            }
            #expect(openDescriptors(ofMemoryFile: name) == 0, "the mapping's descriptor outlived it")
        }
    }

    @Test func descriptorsAMethodDoesNotDeclareAreClosedAtOnce() async throws {
        try await withFiles { service, _ in
            let name = uniqueMemoryFileName("hostile")
            let file = try SealedMemory.make(name: name, bytes: Array("x".utf8))
            // Options the handler never reads, and a call of a signature no method has.
            let options = DBusValue.vardict([("a", file.dbusValue), ("b", .array(.unixFD, [file.dbusValue]))])
            _ = try await service.send(try service.message(Files.interface, "Ignore", [options]))
            await #expect(throws: DBusError.self) {
                _ = try await service.send(
                    try service.message(Files.interface, "Keep", [file.dbusValue, file.dbusValue]))
            }
            #expect(await settledOpenDescriptors(ofMemoryFile: name, expecting: 1) == 1)
            withExtendedLifetime(file) {}
        }
    }

    @Test func aDescriptorThatIsNotOpenIsRefusedBeforeLibdbusSeesIt() throws {
        let message = Message.methodCall(
            destination: nil, path: .example, interface: Files.interface, member: "Keep")
        for closed: Int32 in [-1, 1_000_000] {
            #expect(throws: DBusValueError.self) { try message.append(.unixFD(closed)) }
            #expect(throws: DBusValueError.self) { try message.append(.vardict([("rows", .unixFD(closed))])) }
        }
        #expect(FileDescriptor(dbusValue: .unixFD(-1)) == nil)
        #expect(FileDescriptor(dbusValue: .uint32(3)) == nil)
        #expect(FileDescriptor.dbusType.signature == "h" && Files.keep.inSignature == "h")
    }
}

private func withFiles(_ body: (TestService, FilesObject) async throws -> Void) async throws {
    try await withTestService { service in
        let object = FilesObject()
        try service.register([object.interface])
        try await body(service, object)
    }
}
