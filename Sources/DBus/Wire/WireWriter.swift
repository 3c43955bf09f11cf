import Glibc

/// Writes D-Bus messages in the wire format (little-endian) in one pass over
/// their values, where libdbus's iterators take a call, a type check and a
/// signature walk per value. libdbus still reads what this writes before it
/// is sent (``Message/encoded(_:)``), so anything wrong here is refused there.
public struct WireWriter {
    /// The message so far.
    private(set) var bytes: [UInt8] = []

    /// A value with a Unix file descriptor in it: descriptors travel beside
    /// the bytes, so such messages are built with libdbus's iterators.
    struct CarriesDescriptor: Error {}

    /// Whether writing `values` here beats libdbus's iterators: when one of
    /// them is a container, or there are two or more. libdbus rewrites the
    /// header's signature field after every argument it appends, ~23,000
    /// instructions each after the first, while reading a whole message back
    /// costs ~30,000 (callgrind, libdbus 1.14: one string 15,000 through the
    /// iterators against 29,500 written here; two 38,000 against 31,000;
    /// ActionFinished's five 109,000 against 35,000).
    static func pays(for values: [DBusValue]) -> Bool {
        values.count >= 2 || !values.allSatisfy(\.isBasic)
    }

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    // MARK: Header

    /// The fields of a message's header this writer fills in.
    struct Header {
        var type: MessageType
        var flags: UInt8 = 0
        var path: ObjectPath?
        var interface: InterfaceName?
        var member: MemberName?
        var destination: String?
        var replySerial: UInt32?

        /// A signal's header, with the flag libdbus sets on every signal.
        static func signal(path: ObjectPath, interface: InterfaceName, member: MemberName) -> Header {
            Header(type: .signal, flags: noReplyExpected, path: path, interface: interface, member: member)
        }

        /// A method return's header answering `serial` from `destination`.
        static func methodReturn(to destination: String?, answering serial: UInt32) -> Header {
            Header(type: .methodReturn, flags: noReplyExpected, destination: destination, replySerial: serial)
        }

        /// The flag NO_REPLY_EXPECTED, which libdbus sets on every signal and reply.
        private static let noReplyExpected: UInt8 = 0x1
    }

    /// A whole message: `header`, then `values` as its body. Its serial is
    /// 1, a placeholder: ``Message/encoded(_:)`` leaves the real one to libdbus.
    static func message(_ header: Header, _ values: [DBusValue]) throws -> [UInt8] {
        var signature = WireWriter(capacity: 32)
        for value in values { signature.appendSignature(of: value) }
        return try message(header, signature: signature.bytes) { writer in
            for value in values { try writer.append(value, depth: 0) }
        }
    }

    /// A whole message: `header`, then the body `writeBody` writes, which
    /// must be of `signature` (libdbus refuses the message otherwise).
    static func message(
        _ header: Header, signature: [UInt8], writeBody: (inout WireWriter) throws -> Void
    ) throws -> [UInt8] {
        guard signature.count <= DBusSignature.maxLength else {
            throw DBusValueError(message: "the body's signature is over \(DBusSignature.maxLength) bytes")
        }
        var writer = WireWriter(capacity: 512)
        writer.bytes += [UInt8(ascii: "l"), UInt8(header.type.rawValue), header.flags, 1]
        writer.append(UInt32(0))  // the body's length, once known
        writer.append(UInt32(1))
        let fields = writer.beginArray(alignedTo: 8)
        if let path = header.path { writer.field(1, "o", path.rawValue) }
        if let destination = header.destination { writer.field(6, "s", destination) }
        if let interface = header.interface { writer.field(2, "s", interface.rawValue) }
        if let member = header.member { writer.field(3, "s", member.rawValue) }
        if let replySerial = header.replySerial {
            writer.fieldStart(5, "u")
            writer.append(replySerial)
        }
        if !signature.isEmpty {
            writer.fieldStart(8, "g")
            writer.appendSignatureText(signature)
        }
        try writer.endArray(fields)
        writer.pad(to: 8)
        let bodyStart = writer.bytes.count
        try writeBody(&writer)
        writer.patch(UInt32(writer.bytes.count - bodyStart), at: 4)
        return writer.bytes
    }

    private mutating func fieldStart(_ code: UInt8, _ type: Unicode.Scalar) {
        pad(to: 8)
        bytes += [code, 1, UInt8(type.value), 0]
    }

    private mutating func field(_ code: UInt8, _ type: Unicode.Scalar, _ text: String) {
        fieldStart(code, type)
        // Header names are validated names: no NUL can be in them.
        try? appendString(text)
    }

    // MARK: Values

    /// Appends `value` at its alignment; `depth` is the containers around it.
    mutating func append(_ value: DBusValue, depth: Int) throws {
        switch value {
        case .byte(let v): bytes.append(v)
        case .boolean(let v): append(UInt32(v ? 1 : 0))
        case .int16(let v): append(v)
        case .uint16(let v): append(v)
        case .int32(let v): append(v)
        case .uint32(let v): append(v)
        case .int64(let v): append(v)
        case .uint64(let v): append(v)
        case .double(let v): append(v.bitPattern)
        case .unixFD: throw CarriesDescriptor()
        case .string(let text): try appendString(text)
        case .objectPath(let path): try appendString(path.rawValue)
        case .signature(let signature): appendSignatureText(Array(signature.rawValue.utf8))
        case .variant(let inner): try appendVariant(inner, depth: depth)
        case .array(let element, let elements):
            try checkDepth(depth)
            let length = beginArray(alignedTo: element.alignment)
            for item in elements {
                guard item.isOf(element) else {
                    throw DBusValueError(message: "an array of \(element) holds a value of type \(item.type)")
                }
                try append(item, depth: depth + 1)
            }
            try endArray(length)
        case .dictEntry(let key, let value):
            try checkDepth(depth)
            guard key.isBasic else {
                throw DBusValueError(message: "a dictionary key must be a basic type, not \(key.type)")
            }
            pad(to: 8)
            try append(key, depth: depth + 1)
            try append(value, depth: depth + 1)
        case .structure(let fields):
            try checkDepth(depth)
            guard !fields.isEmpty else { throw DBusValueError(message: "a struct needs at least one field") }
            pad(to: 8)
            for field in fields { try append(field, depth: depth + 1) }
        }
    }

    /// A variant holding `inner`: its signature, then the value; `depth` is
    /// the containers around the variant.
    mutating func appendVariant(_ inner: DBusValue, depth: Int) throws {
        try checkDepth(depth)
        if let code = inner.basicTypeCode {
            bytes += [1, code, 0]
        } else {
            var signature = WireWriter(capacity: 16)
            signature.appendSignature(of: inner)
            guard signature.bytes.count <= DBusSignature.maxLength else {
                throw DBusValueError(message: "a variant's signature is over \(DBusSignature.maxLength) bytes")
            }
            appendSignatureText(signature.bytes)
        }
        try append(inner, depth: depth + 1)
    }

    /// A dictionary entry's start: dict entries and structs start at a multiple of 8.
    mutating func beginEntry() {
        pad(to: 8)
    }

    private func checkDepth(_ depth: Int) throws {
        guard depth < maximumMessageDepth else {
            throw DBusValueError(message: "values nest deeper than \(maximumMessageDepth) containers")
        }
    }

    /// A string or an object path: its length, its bytes and a NUL.
    mutating func appendString(_ text: String) throws {
        var text = text
        // Copied whole from the string's own UTF-8 storage, and searched for a NUL there.
        let hasNUL = text.withUTF8 { utf8 in
            append(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
            return utf8.baseAddress.map { memchr($0, 0, utf8.count) != nil } ?? false
        }
        guard !hasNUL else {
            throw DBusValueError(message: "a D-Bus string cannot hold a NUL byte: \(text.debugDescription)")
        }
        bytes.append(0)
    }

    /// A signature's text: one byte of length, the text and a NUL.
    mutating func appendSignatureText(_ text: [UInt8]) {
        bytes.append(UInt8(text.count))
        bytes += text
        bytes.append(0)
    }

    /// The signature of the value's type; a basic value's without making its type.
    /// Appends `value`'s type's signature, from the value itself, not from
    /// its ``DBusValue/type``, which would allocate a container's type.
    private mutating func appendSignature(of value: DBusValue) {
        if let code = value.basicTypeCode { return bytes.append(code) }
        switch value {
        case .array(let element, _):
            bytes.append(UInt8(ascii: "a"))
            element.appendSignature(to: &bytes)
        case .dictEntry(let key, let entryValue):
            bytes.append(UInt8(ascii: "{"))
            appendSignature(of: key)
            appendSignature(of: entryValue)
            bytes.append(UInt8(ascii: "}"))
        case .structure(let fields):
            bytes.append(UInt8(ascii: "("))
            for field in fields { appendSignature(of: field) }
            bytes.append(UInt8(ascii: ")"))
        default: value.type.appendSignature(to: &bytes)
        }
    }

    // MARK: Bytes

    /// Where an array's length is written and where its elements start.
    struct OpenArray {
        let lengthOffset: Int
        let start: Int
    }

    /// Starts an array: its length's place, then padding to its elements'
    /// alignment, which the length does not count.
    mutating func beginArray(alignedTo alignment: Int) -> OpenArray {
        append(UInt32(0))
        let lengthOffset = bytes.count - 4
        pad(to: alignment)
        return OpenArray(lengthOffset: lengthOffset, start: bytes.count)
    }

    mutating func endArray(_ array: OpenArray) throws {
        let length = bytes.count - array.start
        guard length <= Self.maximumArrayBytes else {
            throw DBusValueError(
                message: "an array of \(length) bytes is over the \(Self.maximumArrayBytes) D-Bus allows")
        }
        patch(UInt32(length), at: array.lengthOffset)
    }

    /// 64 MiB, the D-Bus specification's limit on one array.
    static let maximumArrayBytes = 1 << 26

    mutating func append<Value: FixedWidthInteger>(_ value: Value) {
        pad(to: MemoryLayout<Value>.size)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func pad(to alignment: Int) {
        let remainder = bytes.count & (alignment - 1)
        if remainder != 0 { bytes.append(contentsOf: repeatElement(0, count: alignment - remainder)) }
    }

    private mutating func patch(_ value: UInt32, at offset: Int) {
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self) }
    }
}

extension DBusType {
    /// Where a value of this type starts in a message: a multiple of this.
    var alignment: Int {
        switch self {
        case .byte, .signature, .variant: 1
        case .int16, .uint16: 2
        case .boolean, .int32, .uint32, .unixFD, .string, .objectPath, .array: 4
        case .int64, .uint64, .double, .dictEntry, .structure: 8
        }
    }
}

extension DBusValue {
    /// The type code of a value that is not a container, nil for a container.
    fileprivate var basicTypeCode: UInt8? { isBasic ? type.code : nil }
}
