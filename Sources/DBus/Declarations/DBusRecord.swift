/// A record that D-Bus carries as `a{sv}`: named keys, each with its type and
/// rules, declared once as data (``keys``), from which come its encoding, a
/// strict reading that words its own refusals, and a lenient one for clients.
///
/// Methods that will grow take options this way, as mako's and
/// systemd's do: a new key is one more entry of ``keys``.
///
/// # Implementation requirements
/// `init()` is the record with no key given; each key's ``DBusRecordKey``
/// reads and writes one stored property.
public protocol DBusRecord: Sendable {
    /// The record with no key given.
    init()
    /// Its keys, in the order they are written.
    static var keys: [DBusRecordKey<Self>] { get }
    /// What a strict reading does with a key that is not one of ``keys``.
    static var unknownKeys: DBusUnknownKeys { get }
    /// How a refusal names the key `key`: `option "timeout"`, `the context's "title"`.
    static func subject(_ key: String) -> String
    /// The refusal of the unknown key `key`, when ``unknownKeys`` refuses it.
    static func unknown(_ key: String) -> String
}

/// What a strict reading does with a key a record does not know.
public enum DBusUnknownKeys: Sendable {
    /// Skips it: later versions may add keys (methods' options).
    case ignored
    /// Refuses it with `InvalidArgs`, listing the keys there are (a value
    /// whose every key matters, such as the context).
    case refused
}

extension DBusRecord {
    public static var unknownKeys: DBusUnknownKeys { .ignored }
    public static func subject(_ key: String) -> String { "option \"\(key)\"" }
    public static func unknown(_ key: String) -> String { "\(subject(key)) is not known; the keys are \(keyList)" }

    /// The names of the keys, for messages: `anchor, at, output and toggle`.
    public static var keyList: String {
        let names = keys.map(\.name)
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Reads `dictionary` strictly: each known key's value must be what the
    /// key takes, no key may be given twice, and an unknown key is skipped or
    /// refused as ``unknownKeys`` says.
    ///
    /// - Throws: `InvalidArgs` saying which key, what it takes and what was found.
    public init(checking dictionary: DBusVariantDictionary) throws(DBusError) {
        self.init()
        var seen: Set<String> = []
        for (name, raw) in dictionary.entries {
            guard let key = Self.keys.first(where: { $0.name == name }) else {
                if case .refused = Self.unknownKeys {
                    throw DBusError.invalidArgs(Self.unknown(Self.shown(name)))
                }
                continue
            }
            guard seen.insert(name).inserted else {
                throw DBusError.invalidArgs("\(Self.subject(name)) is given twice")
            }
            if let refusal = key.read(&self, raw.unwrapped) {
                throw DBusError.invalidArgs("\(Self.subject(name)) \(refusal)")
            }
        }
    }

    /// Reads `dictionary` leniently, as a client reads what a peer of another
    /// version serves: a key it cannot read is as if not given.
    public init(lenient dictionary: DBusVariantDictionary) {
        self.init()
        for (name, raw) in dictionary.entries {
            guard let key = Self.keys.first(where: { $0.name == name }) else { continue }
            var attempt = self
            if key.read(&attempt, raw.unwrapped) == nil { self = attempt }
        }
    }

    /// The record as the bus carries it: its keys that are given, in ``keys``' order.
    public var dictionary: DBusVariantDictionary {
        DBusVariantDictionary(Self.keys.compactMap { key in key.write(self).map { (key.name, $0) } })
    }

    /// A key as a message shows it: cut to 64 bytes' worth of characters.
    static func shown(_ name: String) -> String {
        name.utf8.count <= 64 ? name : String(name.prefix(32)) + "…"
    }
}

/// One key of a ``DBusRecord``: its name, how a value of it is read (nil, or
/// why it is refused: `must be a boolean (b), not s`) and how it is written
/// (nil when not given).
public struct DBusRecordKey<Record>: Sendable {
    /// The key's name.
    public let name: String
    /// Sets the record from `value`, or says why `value` is refused.
    let read: @Sendable (inout Record, DBusValue) -> String?
    /// The value to write, nil when the key is not given.
    let write: @Sendable (Record) -> DBusValue?

    /// A key read and written by the closures given: for the keys the factories below do not cover.
    public init(
        _ name: String, read: @escaping @Sendable (inout Record, DBusValue) -> String?,
        write: @escaping @Sendable (Record) -> DBusValue?
    ) {
        (self.name, self.read, self.write) = (name, read, write)
    }
}

extension DBusRecordKey {
    /// A key holding a `Value`, given or not: `what` says what it takes
    /// (`a point (ii) of logical pixels`), and `accepts` any further rule.
    public static func value<Value: DBusArgumentValue>(
        _ name: String, _ property: any WritableKeyPath<Record, Value?> & Sendable, what: String,
        accepts: @escaping @Sendable (Value) -> Bool = { _ in true }
    ) -> Self {
        Self(
            name,
            read: { record, value in
                guard let typed = Value(dbusValue: value), accepts(typed) else {
                    return "must be \(what), not \(DBusRecordValue.described(value))"
                }
                record[keyPath: property] = typed
                return nil
            }, write: { $0[keyPath: property]?.dbusValue })
    }

    /// A key holding a value that is always written, read as ``value(_:_:what:accepts:)``.
    public static func always<Value: DBusArgumentValue>(
        _ name: String, _ property: any WritableKeyPath<Record, Value> & Sendable, what: String,
        accepts: @escaping @Sendable (Value) -> Bool = { _ in true }
    ) -> Self {
        Self(
            name,
            read: { record, value in
                guard let typed = Value(dbusValue: value), accepts(typed) else {
                    return "must be \(what), not \(DBusRecordValue.described(value))"
                }
                record[keyPath: property] = typed
                return nil
            }, write: { $0[keyPath: property].dbusValue })
    }

    /// A boolean key (`b`), written only when it is not `default`.
    public static func flag(
        _ name: String, _ property: any WritableKeyPath<Record, Bool> & Sendable, default fallback: Bool = false
    ) -> Self {
        Self(
            name,
            read: { record, value in
                guard case .boolean(let flag) = value else {
                    return "must be a boolean (b), not \(value.type)"
                }
                record[keyPath: property] = flag
                return nil
            }, write: { $0[keyPath: property] == fallback ? nil : .boolean($0[keyPath: property]) })
    }

    /// A number of any D-Bus number type, read as a `Double` and written as a
    /// `d`; `what` says its range, which `accepts` checks.
    public static func number(
        _ name: String, _ property: any WritableKeyPath<Record, Double?> & Sendable, what: String,
        accepts: @escaping @Sendable (Double) -> Bool = { $0.isFinite }
    ) -> Self {
        Self(
            name,
            read: { record, value in
                guard let number = value.doubleValue, accepts(number) else {
                    return "must be \(what), not \(DBusRecordValue.described(value))"
                }
                record[keyPath: property] = number
                return nil
            }, write: { $0[keyPath: property].map(DBusValue.double) })
    }

    /// A key holding a record of its own (`a{sv}`), read as strictly as its type reads.
    public static func record<Nested: DBusRecord>(
        _ name: String, _ property: any WritableKeyPath<Record, Nested?> & Sendable, what: String
    ) -> Self {
        Self(
            name,
            read: { record, value in
                guard let dictionary = DBusVariantDictionary(dbusValue: value) else {
                    return "must be \(what) (a{sv}), not \(value.type)"
                }
                do throws(DBusError) {
                    record[keyPath: property] = try Nested(checking: dictionary)
                    return nil
                } catch {
                    return "is refused: \(error.message)"
                }
            }, write: { $0[keyPath: property]?.dictionary.dbusValue })
    }
}

extension DBusRecordKey {
    /// The key `key` of the record kept at `path` of this one: for a record
    /// made of others, such as a call's options that are another call's and more.
    public static func lifted<Inner: DBusRecord>(
        _ key: DBusRecordKey<Inner>, at path: any WritableKeyPath<Record, Inner> & Sendable
    ) -> Self {
        Self(
            key.name, read: { record, value in key.read(&record[keyPath: path], value) },
            write: { key.write($0[keyPath: path]) })
    }
}

extension DBusRecord {
    /// Every key of `Inner`, lifted to the copy of it kept at `path`.
    public static func liftedKeys<Inner: DBusRecord>(
        of _: Inner.Type, at path: any WritableKeyPath<Self, Inner> & Sendable
    ) -> [DBusRecordKey<Self>] {
        Inner.keys.map { .lifted($0, at: path) }
    }
}

/// How refusals show the value that was found.
enum DBusRecordValue {
    /// A string quoted (cut past 64 bytes), a number as it is, anything else by its type.
    static func described(_ value: DBusValue) -> String {
        switch value {
        case .string(let text):
            return "\"" + (text.utf8.count <= 64 ? text : String(text.prefix(32)) + "…") + "\""
        case .boolean(let flag): return String(flag)
        case .byte(let number): return String(number)
        case .int16(let number): return String(number)
        case .uint16(let number): return String(number)
        case .int32(let number): return String(number)
        case .uint32(let number): return String(number)
        case .int64(let number): return String(number)
        case .uint64(let number): return String(number)
        case .double(let number): return String(number)
        default:
            return value.type.description
        }
    }
}
