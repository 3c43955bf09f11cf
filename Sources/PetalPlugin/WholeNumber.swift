import PetalJSON

/// How ``Parameters/decode(_:unknown:)`` speaks of an integer type's values,
/// in words a person would use: `a whole number from 0 to 255`, not the
/// type's name or a 19-digit range.
enum WholeNumber {
    /// What a value of `I` is: `a whole number`, `a whole number, 0 or more`,
    /// or `a whole number from -128 to 127`.
    static func kind<I: FixedWidthInteger>(_ type: I.Type) -> String {
        switch (I.isSigned, I.bitWidth >= 64) {
        case (true, true): "a whole number"
        case (false, true): "a whole number, 0 or more"
        case (true, false): "a whole number from \(I.min) to \(I.max)"
        case (false, false): "a whole number from 0 to \(I.max)"
        }
    }

    /// Why the number `value` is not an `I`: it has a fraction, it is negative
    /// where only 0 or more will do, or it is too large or too small.
    static func refusal<I: FixedWidthInteger>(of value: JSONValue, as type: I.Type) -> String {
        let kind = kind(I.self)
        guard let number = value.doubleValue, number.isFinite, number.rounded(.towardZero) == number else {
            return "must be \(kind), not \(value)"
        }
        if !I.isSigned && number < 0 { return "must be \(kind), not \(value)" }
        return "must be \(kind); \(value) is too \(number < 0 ? "small" : "large")"
    }
}
