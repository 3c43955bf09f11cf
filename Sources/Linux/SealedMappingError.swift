import CLinux

/// Why a file descriptor cannot be mapped as a ``SealedMapping``.
public struct SealedMappingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One seal a file lacks.
    public enum Seal: String, Equatable, Sendable, CaseIterable {
        case write = "writing (F_SEAL_WRITE)"
        case shrink = "shrinking (F_SEAL_SHRINK)"
        case grow = "growing (F_SEAL_GROW)"

        var bit: Int32 {
            switch self {
            case .write: CLINUX_SEAL_WRITE
            case .shrink: CLINUX_SEAL_SHRINK
            case .grow: CLINUX_SEAL_GROW
            }
        }

        static func all(in bits: Int32) -> [Seal] { allCases.filter { bits & $0.bit != 0 } }
    }

    /// What is wrong.
    public enum Problem: Equatable, Sendable {
        /// The file cannot carry seals: a file on disk, a pipe, a socket, a memfd made without `MFD_ALLOW_SEALING`.
        case notSealable
        /// The file lacks these seals.
        case notSealed(missing: [Seal])
        /// The file holds no bytes.
        case empty
        /// The file holds more than the reader takes.
        case tooLarge(size: Int, maximum: Int)
        /// A system call failed.
        case system(SystemCallError)
    }

    /// What the messages call the file: "the rows' file descriptor".
    public let subject: String
    /// What is wrong with it.
    public let problem: Problem

    /// The error `problem` of the file called `subject`.
    public init(subject: String, problem: Problem) {
        self.subject = subject
        self.problem = problem
    }

    /// What is wrong and what would be right, e.g. "the rows' file descriptor is
    /// not sealed against writing (F_SEAL_WRITE); seal it with fcntl(F_ADD_SEALS)".
    public var description: String {
        switch problem {
        case .notSealable:
            "\(subject) cannot be sealed (it is no memfd made with MFD_ALLOW_SEALING); "
                + "send a memfd_create(MFD_ALLOW_SEALING) file sealed with fcntl(F_ADD_SEALS)"
        case .notSealed(let missing):
            "\(subject) is not sealed against \(Self.list(missing.map(\.rawValue))); "
                + "seal it with fcntl(F_ADD_SEALS)"
        case .empty:
            "\(subject) is empty; it must hold at least one byte"
        case .tooLarge(let size, let maximum):
            "\(subject) is \(Self.grouped(size)) bytes; at most \(Self.grouped(maximum))"
        case .system(let error):
            "\(subject) cannot be mapped: \(error)"
        }
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// 17000000 as "17,000,000".
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = number < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}
