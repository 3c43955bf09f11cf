import DBus

// Each row writes its fields straight into a message, in the order of its
// `layout` (Rows.swift), so that a menu of 100,000 items is written with no
// `DBusValue` per field; RowsWireTests compares the bytes with `dbusValue`'s.

extension ItemRow: DBusWireValue {
    public func write(to writer: inout WireWriter) throws {
        writer.beginStructure()
        try writer.write(id)
        try writer.write(title)
        try writer.write(icon)
        try writer.write(action)
        writer.write(enabled)
        writer.write(selected)
    }
}

extension ActionRow: DBusWireValue {
    public func write(to writer: inout WireWriter) throws {
        writer.beginStructure()
        try writer.write(id)
        try writer.write(plugin)
        try writer.write(title)
    }
}

extension PluginRow: DBusWireValue {
    public func write(to writer: inout WireWriter) throws {
        writer.beginStructure()
        try writer.write(name)
        try writer.write(version)
        try writer.write(path)
        try status.write(to: &writer)
        try writer.write(reason)
    }
}

extension LayoutPoint: DBusWireValue {
    public func write(to writer: inout WireWriter) throws {
        writer.beginStructure()
        try writer.write(id)
        writer.write(x)
        writer.write(y)
    }
}

extension ProviderActionRow: DBusWireValue {
    public func write(to writer: inout WireWriter) throws {
        writer.beginStructure()
        try writer.write(id)
        try writer.write(title)
        try writer.write(icon)
    }
}

extension MenuRow: DBusWireValue {
    public func write(to writer: inout WireWriter) throws {
        writer.beginStructure()
        try writer.write(name)
        try path.write(to: &writer)
        try writer.write(title)
    }
}
