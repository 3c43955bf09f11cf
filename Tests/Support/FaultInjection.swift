import Foundation

/// Attaches `strace` to every thread of process `pid`, injecting `fault` into
/// its `call`s (`strace -e inject=CALL:FAULT`; each thread counts its own
/// calls, as `when=` does), and waits until it is attached. Stop it before
/// the process: strace detaches on SIGTERM, and the process runs on.
public func injectFault(
    _ fault: String, into call: String, ofProcess pid: Int32, logFile: URL
) async throws -> BackgroundProcess {
    let strace = try BackgroundProcess(
        "/usr/bin/strace",
        arguments: [
            "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(call)",
            "-e", "inject=\(call):\(fault)", "-p", "\(pid)",
        ],
        logFile: logFile, diesWithTests: true)
    func traced() -> Bool {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").contains { $0.hasPrefix("TracerPid:") && !$0.hasSuffix("\t0") }
    }
    for _ in 0..<250 where !traced() { try await Task.sleep(for: .milliseconds(20)) }
    guard traced() else {
        _ = strace.stop()
        throw TestSetupError("strace did not attach to process \(pid): \(strace.log)")
    }
    return strace
}
