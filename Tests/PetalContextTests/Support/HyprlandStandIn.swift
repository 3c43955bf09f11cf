import Foundation
import Synchronization
import TestSupport

/// Hyprland is not in Debian: this stands in for it, speaking its socket
/// protocol from its own folder `$XDG_RUNTIME_DIR/hypr/SIGNATURE/`.
///
/// `.socket.sock` answers one request per connection, as Hyprland does,
/// then closes it: `j/activewindow` with the active window as an object
/// (`{}` for none) and `j/monitors` with an array of monitors, the focused
/// one marked, in the shapes `hyprctl -j` prints. `.socket2.sock` sends
/// each event to every client connected, a line each: `EVENT>>DATA`.
final class HyprlandStandIn: @unchecked Sendable {
    /// What the request socket answers.
    struct State: Sendable {
        var activeWindow: (app: String, title: String)?
        /// The active window's `initialClass`; its class when nil.
        var initialClass: String?
        var monitors: [String] = ["DP-1"]
        var focusedMonitor = "DP-1"
    }

    /// The runtime folder to give petal-context as `XDG_RUNTIME_DIR`.
    let runtimeDirectory: URL
    /// `HYPRLAND_INSTANCE_SIGNATURE`.
    let signature: String
    private let state: Mutex<State>
    private let eventClients = Mutex<[Int32]>([])
    private let requests = Mutex<[String]>([])
    private let listeners: [Int32]

    /// Listens in `runtimeDirectory/hypr/SIGNATURE/`, answering from `state`.
    init(in folder: URL, signature: String = "petaltest", state: State = State()) throws {
        runtimeDirectory = folder.appendingPathComponent("runtime")
        self.signature = signature
        self.state = Mutex(state)
        let instance = runtimeDirectory.appendingPathComponent("hypr/\(signature)")
        try FileManager.default.createDirectory(at: instance, withIntermediateDirectories: true)
        let requestSocket = try Self.listen(at: instance.appendingPathComponent(".socket.sock").path)
        let eventSocket = try Self.listen(at: instance.appendingPathComponent(".socket2.sock").path)
        listeners = [requestSocket, eventSocket]
        Thread.detachNewThread { [self] in answerRequests(on: requestSocket) }
        Thread.detachNewThread { [self] in acceptEventClients(on: eventSocket) }
    }

    /// The variables petal-context finds Hyprland by.
    var environment: [String: String] {
        ["HYPRLAND_INSTANCE_SIGNATURE": signature, "XDG_RUNTIME_DIR": runtimeDirectory.path]
    }

    /// Changes what the request socket answers from now on (send the events that say so too).
    func update(_ change: (inout State) -> Void) { state.withLock { change(&$0) } }

    /// Every request answered so far.
    var requestsAnswered: [String] { requests.withLock { $0 } }

    /// Sends `line` (without its newline) to every event client, in one write each.
    func send(_ lines: String...) { sendLines(lines) }

    /// Sends `lines` to every event client, in one write each: a burst, as Hyprland sends several events at once.
    func sendLines(_ lines: [String]) {
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        eventClients.withLock { clients in
            clients.removeAll { fd in
                let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard written == bytes.count else {
                    close(fd)
                    return true
                }
                return false
            }
        }
    }

    /// Waits until `count` clients are connected to the event socket.
    func waitForEventClients(_ count: Int = 1, within limit: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + limit
        while eventClients.withLock({ $0.count }) < count {
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("no client connected to .socket2.sock within \(limit)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Closes every event client's connection, as Hyprland does when it exits.
    func disconnectEventClients() {
        eventClients.withLock { clients in
            for fd in clients { close(fd) }
            clients.removeAll()
        }
    }

    private func answerRequests(on listener: Int32) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 1024)
            let count = buffer.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
            let request = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
            requests.withLock { $0.append(request) }
            let answer = Array(answer(to: request).utf8)
            _ = answer.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(client)
        }
    }

    private func answer(to request: String) -> String {
        let state = state.withLock { $0 }
        switch request {
        case "j/activewindow":
            guard let window = state.activeWindow else { return "{}" }
            return """
                {
                    "address": "0x55d0c0ffee10", "mapped": true, "hidden": false, "at": [10, 50], "size": [940, 1010],
                    "workspace": {"id": 1, "name": "1"}, "floating": false, "pseudo": false, "monitor": 0,
                    "class": \(Self.quoted(window.app)), "title": \(Self.quoted(window.title)),
                    "initialClass": \(Self.quoted(state.initialClass ?? window.app)),
                    "initialTitle": \(Self.quoted(window.title)),
                    "pid": 4242, "xwayland": false, "pinned": false, "fullscreen": 0, "fullscreenClient": 0,
                    "grouped": [], "tags": [], "swallowing": "0x0", "focusHistoryID": 0
                }
                """
        case "j/monitors":
            let monitors = state.monitors.enumerated().map { index, name in
                """
                {"id": \(index), "name": \(Self.quoted(name)), "description": "Stand-in \(index)", "make": "Petal",
                 "model": "Test", "serial": "", "width": 1920, "height": 1080, "refreshRate": 60.00000,
                 "x": \(1920 * index), "y": 0, "activeWorkspace": {"id": \(index + 1), "name": "\(index + 1)"},
                 "specialWorkspace": {"id": 0, "name": ""}, "reserved": [0, 0, 0, 0], "scale": 1.00,
                 "transform": 0, "focused": \(name == state.focusedMonitor), "dpmsStatus": true, "vrr": false,
                 "activelyTearing": false, "disabled": false, "currentFormat": "XRGB8888",
                 "availableModes": ["1920x1080@60.00Hz"]}
                """
            }
            return "[" + monitors.joined(separator: ",") + "]"
        default:
            return "unknown request"
        }
    }

    private func acceptEventClients(on listener: Int32) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            eventClients.withLock { $0.append(client) }
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func listen(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw TestSetupError("the socket path \(path) is too long for sockaddr_un")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            close(fd)
            throw TestSetupError("cannot listen at \(path): errno \(errno)")
        }
        return fd
    }

    /// Stops listening and closes every connection.
    func stop() {
        for fd in listeners { shutdown(fd, Int32(SHUT_RDWR)) }
        disconnectEventClients()
    }

    deinit {
        stop()
        for fd in listeners { close(fd) }
    }
}
