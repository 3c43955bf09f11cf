import DBus
import PetalJSON

/// JSON forms of D-Bus values, shared by petald (plugins' `call_method`,
/// action parameters and results) and petalctl (`--json`, `KEY:=JSON`).
///
/// Towards JSON, variants are unwrapped, dictionaries become objects (keys as
/// strings), structs and arrays become arrays. Towards D-Bus there are two
/// ways: ``value(_:as:)`` when a signature decides each value's type (a
/// variant is then written as a two-element array `[signature, value]`), and
/// ``naturalValue(_:)`` when none does.
public enum DBusJSON {
    /// The JSON form of a D-Bus value.
    public static func json(_ value: DBusValue) -> JSONValue {
        switch value {
        case .boolean(let b): return .bool(b)
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .objectPath(let p): return .string(p.rawValue)
        case .signature(let g): return .string(g.rawValue)
        case .unixFD(let fd): return .int(Int64(fd))
        case .variant(let inner): return json(inner)
        case .uint64(let v) where v > UInt64(Int64.max): return .double(Double(v))
        case .structure(let fields): return .array(fields.map(json))
        case .dictEntry(let key, let value): return .array([json(key), json(value)])
        case .array(.dictEntry, let entries):
            return .object(
                JSONObject(
                    entries.compactMap { entry -> (String, JSONValue)? in
                        guard case .dictEntry(let key, let value) = entry else { return nil }
                        return (keyText(key), json(value))
                    }))
        case .array(_, let elements): return .array(elements.map(json))
        default: return .int(value.integerValue ?? 0)
        }
    }

    private static func keyText(_ key: DBusValue) -> String {
        if let text = key.stringValue { return text }
        if let number = key.integerValue { return String(number) }
        if case .boolean(let b) = key { return b ? "true" : "false" }
        if case .double(let d) = key { return String(d) }
        return "\(key)"
    }

    /// A D-Bus value of `type` from its JSON form.
    ///
    /// - Throws: a message naming what did not fit, e.g. `expected u, found "x"`.
    public static func value(_ json: JSONValue, as type: DBusType) throws(DBusError) -> DBusValue {
        func mismatch() -> DBusError {
            DBusError.invalidArgs("expected a value of type \(type), found \(json.typeName) \(json)")
        }
        func integer<I: FixedWidthInteger>(_ make: (I) -> DBusValue) throws(DBusError) -> DBusValue {
            guard let wide = json.int64Value, let narrow = I(exactly: wide) else { throw mismatch() }
            return make(narrow)
        }
        switch type {
        case .byte: return try integer(DBusValue.byte)
        case .int16: return try integer(DBusValue.int16)
        case .uint16: return try integer(DBusValue.uint16)
        case .int32: return try integer(DBusValue.int32)
        case .uint32: return try integer(DBusValue.uint32)
        case .int64: return try integer(DBusValue.int64)
        case .uint64: return try integer(DBusValue.uint64)
        case .unixFD: throw DBusError.invalidArgs("plugins cannot pass file descriptors")
        case .boolean:
            guard let b = json.boolValue else { throw mismatch() }
            return .boolean(b)
        case .double:
            guard let d = json.doubleValue else { throw mismatch() }
            return .double(d)
        case .string:
            guard let s = json.stringValue else { throw mismatch() }
            return .string(s)
        case .objectPath:
            guard let s = json.stringValue, let path = try? ObjectPath(s) else { throw mismatch() }
            return .objectPath(path)
        case .signature:
            guard let s = json.stringValue, let signature = try? DBusSignature(s) else { throw mismatch() }
            return .signature(signature)
        case .variant:
            guard case .array(let pair) = json, pair.count == 2, let text = pair[0].stringValue,
                let inner = try? DBusSignature.parseSingle(text)
            else {
                throw DBusError.invalidArgs("a variant is written as [signature, value], found \(json)")
            }
            return .variant(try value(pair[1], as: inner))
        case .array(.dictEntry(let keyType, let valueType)):
            guard case .object(let object) = json else { throw mismatch() }
            var entries: [DBusValue] = []
            for (key, member) in object {
                let keyValue =
                    keyType == .string
                    ? .string(key)
                    : try value(
                        (try? JSONValue.parse(key)) ?? .string(key), as: keyType)
                entries.append(.dictEntry(keyValue, try value(member, as: valueType)))
            }
            return .array(.dictEntry(key: keyType, value: valueType), entries)
        case .array(let element):
            guard case .array(let elements) = json else { throw mismatch() }
            var values: [DBusValue] = []
            for item in elements { values.append(try value(item, as: element)) }
            return .array(element, values)
        case .structure(let fields):
            guard case .array(let elements) = json, elements.count == fields.count else { throw mismatch() }
            var values: [DBusValue] = []
            for (item, field) in zip(elements, fields) { values.append(try value(item, as: field)) }
            return .structure(values)
        case .dictEntry:
            throw mismatch()
        }
    }

    /// The D-Bus value a JSON value takes when no signature says otherwise.
    ///
    /// Integers become `i` when they fit in 32 bits and `x` otherwise; arrays
    /// of strings become `as`, other arrays `av`; objects `a{sv}`. `null` has
    /// no D-Bus form (a variant cannot be empty), so it is nil, and null
    /// members of objects and arrays are left out.
    public static func naturalValue(_ json: JSONValue) -> DBusValue? {
        switch json {
        case .null: return nil
        case .bool(let b): return .boolean(b)
        case .int(let i): return Int32(exactly: i).map(DBusValue.int32) ?? .int64(i)
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .object(let object): return vardict(object)
        case .array(let elements):
            if !elements.isEmpty && elements.allSatisfy({ $0.stringValue != nil }) {
                return .strings(elements.compactMap(\.stringValue))
            }
            return .array(.variant, elements.compactMap(naturalValue).map(DBusValue.variant))
        }
    }

    /// The `a{sv}` whose entries are the object's members in their natural D-Bus form.
    public static func vardict(_ object: JSONObject) -> DBusValue {
        dictionary(object).dbusValue
    }

    /// `object` as a typed `a{sv}`, each member in its natural D-Bus form, as ``vardict(_:)`` makes it.
    public static func dictionary(_ object: JSONObject) -> DBusVariantDictionary {
        DBusVariantDictionary(object.compactMap { member in naturalValue(member.value).map { (member.key, $0) } })
    }

    /// The JSON object of an `a{sv}`, each value in its JSON form (``json(_:)``).
    public static func object(_ dictionary: DBusVariantDictionary) -> JSONObject {
        JSONObject(dictionary.entries.map { ($0.key, json($0.value)) })
    }
}
