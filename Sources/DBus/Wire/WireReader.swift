import CDBus
import Synchronization

/// Reads a received message's body from its wire form (little-endian) in one
/// pass, where libdbus's iterators take a few calls and a type lookup per
/// value: a menu's `InterfacesAdded` of 100,000 rows holds about a million
/// values. libdbus has validated every message it hands over (lengths,
/// alignment, UTF-8, signatures), so this only guards against reading past
/// the end; a message in the other byte order, or carrying Unix file
/// descriptors, is left to the iterators (``Message/arguments()``).
struct WireReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset: Int

    /// The body of `message` as values; nil when the iterators must read it.
    static func arguments(of message: Message) throws -> [DBusValue]? {
        var buffer: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(message.pointer, &buffer, &length) != 0, let buffer else { outOfMemory() }
        defer { dbus_free(buffer) }
        let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(length))
        guard bytes.count >= 16, bytes[0] == UInt8(ascii: "l") else { return nil }
        let fieldsLength = Int(bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self).littleEndian)
        var reader = WireReader(bytes: bytes, offset: 16 + fieldsLength)
        reader.align(8)
        let signature = try parsedSignature(message.signature)
        return try signature.types.map { try reader.read($0) }
    }

    /// The last body signature parsed: a server reads the same few over and over,
    /// and parsing one allocates its types.
    private static let lastSignature = Mutex<DBusSignature?>(nil)

    private static func parsedSignature(_ text: String) throws(DBusSignatureError) -> DBusSignature {
        if let last = lastSignature.withLock({ $0 }), last.rawValue == text { return last }
        let parsed = try DBusSignature(text)
        lastSignature.withLock { $0 = parsed }
        return parsed
    }

    private mutating func read(_ type: DBusType) throws -> DBusValue {
        switch type {
        case .byte: return .byte(try take(UInt8.self))
        case .boolean: return .boolean(try take(UInt32.self) != 0)
        case .int16: return .int16(try take(Int16.self))
        case .uint16: return .uint16(try take(UInt16.self))
        case .int32: return .int32(try take(Int32.self))
        case .uint32: return .uint32(try take(UInt32.self))
        case .int64: return .int64(try take(Int64.self))
        case .uint64: return .uint64(try take(UInt64.self))
        case .double: return .double(Double(bitPattern: try take(UInt64.self)))
        case .string: return .string(try string())
        case .objectPath: return .objectPath(ObjectPath(unchecked: try string()))
        case .signature: return .signature(try DBusSignature(try signatureText()))
        case .unixFD: throw DBusValueError(message: "a Unix file descriptor is read through libdbus")
        case .variant: return .variant(try read(try variantType()))
        case .array(let element):
            let length = Int(try take(UInt32.self))
            align(element.alignment)
            let end = offset + length
            guard end <= bytes.count else { throw Self.truncated }
            var elements: [DBusValue] = []
            while offset < end { elements.append(try read(element)) }
            return .array(element, elements)
        case .dictEntry(let key, let value):
            align(8)
            return .dictEntry(try read(key), try read(value))
        case .structure(let fields):
            align(8)
            return .structure(try fields.map { try read($0) })
        }
    }

    /// A variant's type: most are one basic type's code, found without parsing.
    private mutating func variantType() throws -> DBusType {
        guard offset + 3 <= bytes.count else { throw Self.truncated }
        if bytes[offset] == 1, let basic = DBusType.basic(code: bytes[offset + 1]) {
            offset += 3
            return basic
        }
        return try DBusSignature.parseSingle(try signatureText())
    }

    private mutating func string() throws -> String {
        let length = Int(try take(UInt32.self))
        guard offset + length < bytes.count else { throw Self.truncated }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        offset += length + 1
        return text
    }

    private mutating func signatureText() throws -> String {
        guard offset < bytes.count else { throw Self.truncated }
        let length = Int(bytes[offset])
        guard offset + 1 + length < bytes.count else { throw Self.truncated }
        let text = String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[offset + 1..<offset + 1 + length]), as: UTF8.self)
        offset += length + 2
        return text
    }

    private mutating func take<Value: FixedWidthInteger>(_: Value.Type) throws -> Value {
        align(MemoryLayout<Value>.size)
        guard offset + MemoryLayout<Value>.size <= bytes.count else { throw Self.truncated }
        defer { offset += MemoryLayout<Value>.size }
        return Value(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Value.self))
    }

    private mutating func align(_ alignment: Int) {
        offset = (offset + alignment - 1) & ~(alignment - 1)
    }

    private static let truncated = DBusValueError(message: "a message's body ends before its values do")
}
