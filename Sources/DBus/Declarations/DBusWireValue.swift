/// A ``DBusArgumentValue`` that also writes itself straight into a message's
/// bytes, with no ``DBusValue`` tree made in between: what the object server
/// uses for a declared property of this type in `InterfacesAdded`, `GetAll`
/// and `PropertiesChanged` (a menu's `Items` of 100,000 rows is written row
/// by row from its Swift values).
///
/// What ``write(to:)`` writes must be the bytes that writing ``dbusValue``
/// would: libdbus reads every message back before it is sent, so a value
/// of another type is refused there, but tests compare the two.
public protocol DBusWireValue: DBusArgumentValue {
    /// Writes this value, of type ``DBusArgumentValue/dbusType``, at the writer's place.
    func write(to writer: inout WireWriter) throws
}

extension Bool: DBusWireValue {
    public func write(to writer: inout WireWriter) { writer.write(self) }
}

extension Int32: DBusWireValue {
    public func write(to writer: inout WireWriter) { writer.write(self) }
}

extension UInt32: DBusWireValue {
    public func write(to writer: inout WireWriter) { writer.write(self) }
}

extension Double: DBusWireValue {
    public func write(to writer: inout WireWriter) { writer.write(self) }
}

extension String: DBusWireValue {
    public func write(to writer: inout WireWriter) throws { try writer.write(self) }
}

extension ObjectPath: DBusWireValue {
    public func write(to writer: inout WireWriter) throws { try writer.write(rawValue) }
}

extension Array: DBusWireValue where Element: DBusWireValue {
    public func write(to writer: inout WireWriter) throws { try writer.write(array: self) }
}

extension DBusVariantDictionary: DBusWireValue {
    public func write(to writer: inout WireWriter) throws {
        let array = writer.beginArray(alignedTo: 8)
        for (key, value) in entries {
            writer.beginEntry()
            try writer.appendString(key)
            try writer.appendVariant(value, depth: WireWriter.typedValueDepth)
        }
        try writer.endArray(array)
    }
}

extension DBusDictionary: DBusWireValue where Key: DBusWireValue, Value: DBusWireValue {
    public func write(to writer: inout WireWriter) throws {
        let array = writer.beginArray(alignedTo: 8)
        for (key, value) in entries {
            writer.beginEntry()
            try key.write(to: &writer)
            try value.write(to: &writer)
        }
        try writer.endArray(array)
    }
}

extension DBusStringEnum {
    /// Writes the case's raw value, as ``DBusWireValue`` asks of an enum that declares it.
    public func write(to writer: inout WireWriter) throws { try writer.write(rawValue) }
}

extension WireWriter {
    /// How deep a typed value's own ``DBusValue``s (a dictionary's variants)
    /// are taken to sit: a property's variant inside `InterfacesAdded`'s
    /// `a{sa{sv}}` and a row's container or two. libdbus checks the real depth.
    static let typedValueDepth = 8

    /// Writes a string: its length, its bytes and a NUL.
    ///
    /// - Throws: ``DBusValueError`` when it holds a NUL byte.
    public mutating func write(_ text: String) throws { try appendString(text) }

    /// Writes a boolean, as a 32-bit 0 or 1.
    public mutating func write(_ flag: Bool) { append(UInt32(flag ? 1 : 0)) }

    /// Writes a 32-bit signed integer.
    public mutating func write(_ number: Int32) { append(number) }

    /// Writes a 32-bit unsigned integer.
    public mutating func write(_ number: UInt32) { append(number) }

    /// Writes a double.
    public mutating func write(_ number: Double) { append(number.bitPattern) }

    /// Starts a structure: structures start at a multiple of 8. Its fields follow.
    public mutating func beginStructure() { beginEntry() }

    /// Writes an array of `elements`: its length, then each element.
    ///
    /// - Throws: ``DBusValueError`` when it is over the 64 MiB D-Bus allows in one array.
    public mutating func write<Element: DBusWireValue>(array elements: [Element]) throws {
        let array = beginArray(alignedTo: Element.dbusType.alignment)
        for element in elements { try element.write(to: &self) }
        try endArray(array)
    }

    /// Writes `value` in a variant: the signature of `Value`, then the value.
    mutating func appendVariant<Value: DBusWireValue>(_ value: Value, signature: [UInt8]) throws {
        appendSignatureText(signature)
        try value.write(to: &self)
    }
}
