/// Which bus to connect to.
public enum BusAddress: Sendable, Equatable, CustomStringConvertible {
    case session
    case system
    /// A bus at a D-Bus address such as `unix:path=/run/user/1000/bus`.
    case address(String)

    /// Parses `session`, `system`, or anything else as an address.
    public init(_ text: String) {
        switch text {
        case "session": self = .session
        case "system": self = .system
        default: self = .address(text)
        }
    }

    public var description: String {
        switch self {
        case .session: "the session bus"
        case .system: "the system bus"
        case .address(let address): "the bus at \(address)"
        }
    }
}
