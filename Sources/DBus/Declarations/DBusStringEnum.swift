/// A Swift enum of strings that crosses the bus as its raw value (`s`): a
/// declared argument, property or row field of this type is written and read
/// through its cases, so no caller converts it with `rawValue` by hand.
///
/// A string that names no case is refused where the value is decoded: a
/// property read through a declaration, a signal a client follows, a call's
/// argument the object server checks. Declare a type this way only where
/// every value on the wire is one of its cases.
public protocol DBusStringEnum: DBusWireValue, RawRepresentable, CaseIterable where RawValue == String {}

extension DBusStringEnum {
    public static var dbusType: DBusType { .string }
    public var dbusValue: DBusValue { .string(rawValue) }
    public init?(dbusValue value: DBusValue) {
        guard case .string(let text) = value else { return nil }
        self.init(rawValue: text)
    }

    public static func refusal(of value: DBusValue) -> String {
        guard case .string(let text) = value else {
            return "it is of type \"\(value.type.signature)\", not \"s\""
        }
        let shown = text.utf8.count <= 64 ? text : String(text.prefix(32)) + "…"
        return "\"\(shown)\" is none of \(caseList)"
    }

    /// The cases' raw values, for messages: `linear, stack or radial`.
    public static var caseList: String {
        let names = allCases.map(\.rawValue)
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
