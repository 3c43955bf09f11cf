import DBus
import Glibc
import Linux
import PetalPluginRuntime

/// Where petald's plugin hosts connect: a peer-to-peer D-Bus server on a
/// socket in `$XDG_RUNTIME_DIR/petal/`, a folder of mode 0700 owned by
/// petald's user (`/tmp/petal-<uid>/` when there is no runtime folder).
/// Only EXTERNAL authentication is offered, so a connection is admitted only
/// from a process of petald's own user; and each host must present, in
/// `Begin`, the one-time token petald gave the process it started, which
/// says which plugin it is.
///
/// Lives on the event loop thread.
///
/// Unchecked Sendable: confined to the event loop thread.
final class HostServer: @unchecked Sendable {
    /// The address a host connects to, for its environment.
    let address: String
    private let server: DBusServer
    private let socketPath: String
    private let loop: EventLoop
    private let log: Logger
    /// Hosts started and not yet begun, by token.
    private var expected: [String: IsolatedPlugin] = [:]
    /// Connections that have not said `Begin` yet.
    private var unbound: [ObjectIdentifier: HostServices] = [:]
    /// How long a connection may take to say `Begin`.
    static let beginLimit: Duration = .seconds(10)

    /// The hosts' folder, made and checked, with the sockets of petalds that are gone
    /// removed: file work, for start-up, off the loop. Throws with the folder and the rule.
    static func prepareFolder() throws -> String {
        let folder = try folder()
        removeStaleSockets(in: folder)
        return folder
    }

    /// Listens in `folder` (from ``prepareFolder()``); on the loop thread.
    init(folder: String, loop: EventLoop, log: Logger) throws {
        self.loop = loop
        self.log = log
        socketPath = folder + "/\(Self.socketPrefix)\(getpid())"
        let acceptor = Acceptor()
        server = try DBusServer(listeningAt: "unix:path=\(socketPath)", loop: loop) { acceptor.admit?($0) }
        address = server.address
        acceptor.admit = { [unowned self] connection in admit(connection) }
    }

    /// Hands new connections to the server object, which exists only once the listening socket does.
    private final class Acceptor {
        var admit: ((DBusConnection) -> Void)?
    }

    private static let socketPrefix = "plugin-hosts."

    /// Removes the sockets of petalds that are gone (killed, or crashed), and
    /// one of this pid left from before, which would keep this one from binding.
    private static func removeStaleSockets(in folder: String) {
        for name in folderEntries(folder) ?? [] {
            guard name.hasPrefix(socketPrefix), let pid = pid_t(name.dropFirst(socketPrefix.count)) else { continue }
            if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) { unlink(folder + "/" + name) }
        }
    }

    /// `$XDG_RUNTIME_DIR/petal`, created with mode 0700 if missing, and checked:
    /// a real folder, owned by petald's user, that nobody else may enter.
    private static func folder() throws -> String {
        let folder = XDGDirectories.petal(in: XDGDirectories().runtimeDirectory) ?? "/tmp/petal-\(getuid())"
        do {
            try systemCall("mkdir", path: folder) { mkdir(folder, 0o700) }
        } catch {
            guard error.errno == EEXIST else { throw error }
        }
        var info = stat()
        try systemCall("lstat", path: folder) { lstat(folder, &info) }
        guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(), info.st_mode & 0o077 == 0 else {
            throw HostServerError(
                "\(folder), where isolated plugins' hosts connect, must be a folder owned by uid \(getuid()) with mode 0700; it is \(info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a folder") owned by uid \(info.st_uid) with mode \(String(info.st_mode & 0o7777, radix: 8)) (remove it, or set plugins.isolate to \"none\")"
            )
        }
        return folder
    }

    /// A fresh token for a host about to start for `plugin`.
    func expect(_ plugin: IsolatedPlugin) -> String {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
        expected[token] = plugin
        return token
    }

    /// Drops a token whose host will not begin (it died first).
    func forget(_ token: String) {
        expected.removeValue(forKey: token)
    }

    /// The plugin that `token` was made for, once; the connection is then the plugin's.
    func claim(_ token: String, by services: HostServices) -> IsolatedPlugin? {
        unbound.removeValue(forKey: ObjectIdentifier(services))
        return expected.removeValue(forKey: token)
    }

    private func admit(_ connection: DBusConnection) {
        connection.limitIncoming(
            messageBytes: HostProtocol.maximumMessageBytes,
            queuedBytes: HostProtocol.maximumQueuedBytes)
        let services = HostServices(connection: connection, server: self)
        let key = ObjectIdentifier(services)
        unbound[key] = services
        connection.onDisconnect { [weak self] in self?.unbound.removeValue(forKey: key)?.close() }
        _ = loop.schedule(after: Self.beginLimit) { [weak self] in
            guard let self, let late = unbound.removeValue(forKey: key) else { return }
            log.warning(
                "a connection to the plugin hosts' socket said no Begin within \(Self.beginLimit); it is closed")
            late.close()
        }
    }

    /// Stops listening and removes the socket.
    func close() {
        server.close()
        unlink(socketPath)
    }
}

/// The hosts' socket cannot be made.
struct HostServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
