import CDBus
import Glibc

/// A value that cannot be put into a message, found before libdbus sees it
/// (libdbus aborts the process on such input rather than returning an error).
public struct DBusValueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the value.
    public let message: String

    public var description: String { message }
}

/// The deepest nesting of containers (arrays, structs, dict entries, variants) a message may hold.
let maximumMessageDepth = 64

extension Message {
    /// Decodes the whole body.
    ///
    /// Each Unix file descriptor (`h`) comes back as a new descriptor that the
    /// caller owns and must close; ``argumentsWithoutDescriptors()`` is for
    /// readers that do not use them. libdbus has validated every incoming
    /// message, so this fails only for a message whose array element signature
    /// we cannot parse.
    public func arguments() throws -> [DBusValue] {
        // Containers are read from the wire form in one pass (`WireReader`); a few basic values cost less through the iterators.
        if signature.utf8.contains(where: { $0 == UInt8(ascii: "a") || $0 == UInt8(ascii: "v") }), !carriesDescriptors,
            let values = try WireReader.arguments(of: self)
        {
            return values
        }
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(pointer, &iter) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            values.append(try Self.read(&iter))
        } while dbus_message_iter_next(&iter) != 0
        return values
    }

    /// Decodes the whole body like ``arguments()`` and hands the values to
    /// `body`, closing every descriptor they carry when it returns: a typed
    /// value `body` makes of one (a ``FileDescriptor``) owns a duplicate.
    public func withArguments<Result>(_ body: ([DBusValue]) throws -> Result) throws -> Result {
        let values = try arguments()
        defer { if carriesDescriptors { for value in values { _ = value.closingDescriptors() } } }
        return try body(values)
    }

    /// Decodes the whole body like ``arguments()``, closing every descriptor it
    /// carries at once; each stays in the values as `.unixFD(-1)`, so that
    /// its type can still be told.
    public func argumentsWithoutDescriptors() throws -> [DBusValue] {
        let values = try arguments()
        guard carriesDescriptors else { return values }
        return values.map { $0.closingDescriptors() }
    }

    /// Whether the message carries Unix file descriptors, in its signature or inside a variant.
    var carriesDescriptors: Bool { dbus_message_contains_unix_fds(pointer) != 0 }

    /// Appends values to the body, after checking them against what libdbus accepts.
    ///
    /// - Throws: ``DBusValueError`` for a string holding NUL, an array element of
    ///   another type than the array's, a signature over 255 bytes or nesting
    ///   deeper than the specification allows. Nothing is appended then.
    public func append(_ values: [DBusValue]) throws {
        do {
            for value in values { try Self.check(value, depth: 0) }
            // The limits apply to the whole body, including what earlier appends wrote. Basic
            // values cannot nest, so for them only the length can be over (the common, hot case).
            let written = strlen(dbus_message_get_signature(pointer))
            let basicOnly = values.allSatisfy(\.isBasic)
            if !values.isEmpty && !(basicOnly && written + values.count <= DBusSignature.maxLength) {
                _ = try DBusSignature(signature + values.map(\.type.signature).joined())
            }
        } catch let error as DBusSignatureError {
            throw DBusValueError(message: error.description)
        }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(pointer, &iter)
        for value in values { Self.write(value, into: &iter) }
    }

    /// Appends values to the body; see ``append(_:)``.
    public func append(_ values: DBusValue...) throws {
        try append(values)
    }

    /// The bytes each top-level argument that is an array or a string takes
    /// in the body, without decoding it (an array's from its length prefix, a
    /// string's counted where it lies); nil for other arguments.
    public func argumentByteLengths() -> [Int?] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(pointer, &iter) != 0 else { return [] }
        var lengths: [Int?] = []
        lengths.reserveCapacity(8)
        repeat {
            let type = dbus_message_iter_get_arg_type(&iter)
            lengths.append(type == LibDBus.typeArray || type == LibDBus.typeString ? Self.byteLength(&iter) : nil)
        } while dbus_message_iter_next(&iter) != 0
        return lengths
    }

    /// The bytes of the array's elements or the string's text at `iter`, read
    /// without decoding (an array's from its length prefix); nil for any other value.
    static func byteLength(_ iter: inout DBusMessageIter) -> Int? {
        switch dbus_message_iter_get_arg_type(&iter) {
        case LibDBus.typeArray:
            // libdbus reads the length through the iterator inside the array, not the one over it.
            var elements = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &elements)
            return Int(petal_dbus_iter_array_bytes(&elements))
        case LibDBus.typeString, LibDBus.typeObjectPath, LibDBus.typeSignature:
            var text: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&iter, &text)
            return text.map { strlen($0) }
        default:
            return nil
        }
    }

    // MARK: Reading

    private static func read(_ iter: inout DBusMessageIter) throws -> DBusValue {
        let code = dbus_message_iter_get_arg_type(&iter)
        switch code {
        case LibDBus.typeVariant:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .variant(try read(&sub))
        case LibDBus.typeStruct:
            return .structure(try readAll(recursingInto: &iter))
        case LibDBus.typeDictEntry:
            let fields = try readAll(recursingInto: &iter)
            guard fields.count == 2 else { throw DBusValueError(message: "a dict entry without two fields") }
            return .dictEntry(fields[0], fields[1])
        case LibDBus.typeArray:
            let type = try currentType(&iter)
            guard case .array(let element) = type else { throw DBusValueError(message: "array without element type") }
            return .array(
                element, dbus_message_iter_get_element_count(&iter) == 0 ? [] : try readAll(recursingInto: &iter))
        default:
            return try readBasic(&iter, code: code)
        }
    }

    private static func readAll(recursingInto iter: inout DBusMessageIter) throws -> [DBusValue] {
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(&iter, &sub)
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(&sub) != LibDBus.typeInvalid {
            values.append(try read(&sub))
            dbus_message_iter_next(&sub)
        }
        return values
    }

    private static func currentType(_ iter: inout DBusMessageIter) throws -> DBusType {
        guard let raw = dbus_message_iter_get_signature(&iter) else { outOfMemory() }
        defer { dbus_free(raw) }
        return try DBusSignature.parseSingle(String(cString: raw))
    }

    private static func readBasic(_ iter: inout DBusMessageIter, code: Int32) throws -> DBusValue {
        var basic = DBusBasicValue()
        dbus_message_iter_get_basic(&iter, &basic)
        switch UInt8(truncatingIfNeeded: code) {
        case UInt8(ascii: "y"): return .byte(basic.byt)
        case UInt8(ascii: "b"): return .boolean(basic.bool_val != 0)
        case UInt8(ascii: "n"): return .int16(basic.i16)
        case UInt8(ascii: "q"): return .uint16(basic.u16)
        case UInt8(ascii: "i"): return .int32(basic.i32)
        case UInt8(ascii: "u"): return .uint32(basic.u32)
        case UInt8(ascii: "x"): return .int64(Int64(basic.i64))
        case UInt8(ascii: "t"): return .uint64(UInt64(basic.u64))
        case UInt8(ascii: "d"): return .double(basic.dbl)
        case UInt8(ascii: "s"): return .string(String(cString: basic.str))
        case UInt8(ascii: "o"): return .objectPath(try ObjectPath(String(cString: basic.str)))
        case UInt8(ascii: "g"): return .signature(try DBusSignature(String(cString: basic.str)))
        case UInt8(ascii: "h"): return .unixFD(basic.fd)
        default: throw DBusValueError(message: "unknown type code \(code) in a message")
        }
    }

    // MARK: Writing

    private static func check(_ value: DBusValue, depth: Int) throws {
        guard depth <= maximumMessageDepth else {
            throw DBusValueError(message: "values nest deeper than \(maximumMessageDepth) containers")
        }
        switch value {
        case .string(let text):
            if text.holdsNUL {
                throw DBusValueError(message: "a D-Bus string cannot hold a NUL byte: \(text.debugDescription)")
            }
        case .variant(let inner):
            // A basic type's one-character signature is always valid; only containers need the full check.
            if !inner.isBasic { _ = try DBusSignature([inner.type]) }
            try check(inner, depth: depth + 1)
        case .array(let element, let elements):
            for item in elements {
                guard item.isOf(element) else {
                    throw DBusValueError(message: "an array of \(element) holds a value of type \(item.type)")
                }
                try check(item, depth: depth + 1)
            }
        case .dictEntry(let key, let value):
            guard key.type.isBasic else {
                throw DBusValueError(message: "a dictionary key must be a basic type, not \(key.type)")
            }
            try check(key, depth: depth + 1)
            try check(value, depth: depth + 1)
        case .structure(let fields):
            guard !fields.isEmpty else { throw DBusValueError(message: "a struct needs at least one field") }
            for field in fields { try check(field, depth: depth + 1) }
        case .unixFD(let fd):
            // libdbus duplicates it into the message, and aborts the process when that fails.
            guard fcntl(fd, F_GETFD) != -1 else {
                throw DBusValueError(message: "the Unix file descriptor \(fd) is not open: it cannot be sent")
            }
        default:
            break
        }
    }

    /// Writes a checked value; libdbus fails here only when out of memory.
    private static func write(_ value: DBusValue, into iter: inout DBusMessageIter) {
        switch value {
        case .byte(var v): appendBasic(&iter, "y", &v)
        case .boolean(let b):
            var v: dbus_bool_t = b ? LibDBus.true : LibDBus.false
            appendBasic(&iter, "b", &v)
        case .int16(var v): appendBasic(&iter, "n", &v)
        case .uint16(var v): appendBasic(&iter, "q", &v)
        case .int32(var v): appendBasic(&iter, "i", &v)
        case .uint32(var v): appendBasic(&iter, "u", &v)
        case .int64(var v): appendBasic(&iter, "x", &v)
        case .uint64(var v): appendBasic(&iter, "t", &v)
        case .double(var v): appendBasic(&iter, "d", &v)
        case .unixFD(var v): appendBasic(&iter, "h", &v)
        case .string(let s): appendString(&iter, "s", s)
        case .objectPath(let p): appendString(&iter, "o", p.rawValue)
        case .signature(let g): appendString(&iter, "g", g.rawValue)
        case .variant(let inner):
            withContainer(&iter, LibDBus.typeVariant, signature: inner.type.signature) { sub in
                write(inner, into: &sub)
            }
        case .array(let element, let elements):
            withContainer(&iter, LibDBus.typeArray, signature: element.signature) { sub in
                for item in elements { write(item, into: &sub) }
            }
        case .dictEntry(let key, let value):
            withContainer(&iter, LibDBus.typeDictEntry, signature: nil) { sub in
                write(key, into: &sub)
                write(value, into: &sub)
            }
        case .structure(let fields):
            withContainer(&iter, LibDBus.typeStruct, signature: nil) { sub in
                for field in fields { write(field, into: &sub) }
            }
        }
    }

    private static func appendBasic<T: BitwiseCopyable>(
        _ iter: inout DBusMessageIter, _ code: Unicode.Scalar, _ value: inout T
    ) {
        guard dbus_message_iter_append_basic(&iter, Int32(code.value), &value) != 0 else { outOfMemory() }
    }

    private static func appendString(_ iter: inout DBusMessageIter, _ code: Unicode.Scalar, _ text: String) {
        text.withCString { chars in
            var pointer: UnsafePointer<CChar>? = chars
            appendBasic(&iter, code, &pointer)
        }
    }

    private static func withContainer(
        _ iter: inout DBusMessageIter, _ type: Int32, signature: String?,
        _ body: (inout DBusMessageIter) -> Void
    ) {
        var sub = DBusMessageIter()
        guard dbus_message_iter_open_container(&iter, type, signature, &sub) != 0 else { outOfMemory() }
        body(&sub)
        guard dbus_message_iter_close_container(&iter, &sub) != 0 else { outOfMemory() }
    }
}

extension String {
    /// Whether the string holds a NUL byte, which a D-Bus string cannot: a
    /// `memchr` over its UTF-8 where they lie together (a native string's
    /// always do), so that a string of megabytes is not walked byte by byte.
    var holdsNUL: Bool {
        let found = utf8.withContiguousStorageIfAvailable { bytes in
            guard let start = bytes.baseAddress else { return false }
            return memchr(start, 0, bytes.count) != nil
        }
        return found ?? utf8.contains(0)
    }
}
