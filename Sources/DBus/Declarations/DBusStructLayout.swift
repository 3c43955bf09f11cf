/// The fields of a D-Bus structure `(…)` as Swift types, in order: a row of
/// an `a(…)` property (an item, an action, a point) reads and writes itself
/// through one, so its D-Bus type, its encoding and its decoding come from
/// one list of field types and cannot disagree.
///
///     struct Place: DBusArgumentValue {
///         static let layout = DBusStructLayout(String.self, Double.self, Double.self)
///         static var dbusType: DBusType { .structure(layout.fieldTypes) }
///         var dbusValue: DBusValue { Self.layout.encode(id, x, y) }
///         init?(dbusValue value: DBusValue) {
///             guard let (id, x, y) = Self.layout.decode(value) else { return nil }
///             self.init(id: id, x: x, y: y)
///         }
///     }
public struct DBusStructLayout<each Field: DBusArgumentValue>: Sendable {
    /// The layout of a structure of these field types.
    public init(_ fields: repeat (each Field).Type) {}

    /// The types of the fields, in order: the structure's type is `.structure(fieldTypes)`.
    public var fieldTypes: [DBusType] {
        var types: [DBusType] = []
        for field in repeat (each Field).self { types.append(field.dbusType) }
        return types
    }

    /// The structure holding `fields`.
    public func encode(_ fields: repeat each Field) -> DBusValue {
        var values: [DBusValue] = []
        for field in repeat each fields { values.append(field.dbusValue) }
        return .structure(values)
    }

    /// The fields of `value`, or nil when it is not a structure of this layout.
    public func decode(_ value: DBusValue) -> (repeat each Field)? {
        guard case .structure(let values) = value else { return nil }
        var reader = DBusValueReader(values)
        do {
            let fields = (repeat try reader.take((each Field).self))
            return reader.isAtEnd ? fields : nil
        } catch {
            return nil
        }
    }
}
