import Foundation
import TestSupport
import Testing

extension RunningDaemon {
    /// The pid of the host of the isolated plugin `name`, from its `Plugins` row (`isolated, pid N`).
    func hostPID(of name: String) async throws -> pid_t {
        let row = try #require(try await plugin(named: name))
        let words = row.reason.split(separator: " ")
        guard row.reason.hasPrefix("isolated, pid "), words.count >= 3, let pid = pid_t(words[2]) else {
            throw LabError("plugin \(name) has no host: \(row)")
        }
        return pid
    }
}

extension Process {
    /// The parent of process `pid`, from `/proc/<pid>/stat`.
    static func parent(of pid: pid_t) throws -> pid_t {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // After the command's closing parenthesis: state, then the parent's pid.
        let fields = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")
        return pid_t(fields[1])!
    }

    /// Whether process `pid` runs (a zombie does not).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.range(of: ")", options: .backwards)
        else { return false }
        return !stat[end.upperBound...].hasPrefix(" Z")
    }

    /// The executable of process `pid`.
    static func executable(of pid: pid_t) throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }

    /// The living children of process `pid`.
    static func children(of pid: pid_t) throws -> [pid_t] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { pid_t($0) }
            .filter { isAlive($0) && (try? parent(of: $0)) == pid }
    }
}
