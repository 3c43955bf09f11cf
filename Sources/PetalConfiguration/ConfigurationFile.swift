import Glibc
import Linux
import PetalCore

/// Reads the configuration file (docs/configuration.md): a regular file of at most
/// ``maximumBytes``, decoded and checked by ``ConfigurationDecoder``.
public enum ConfigurationFile {
    /// The largest configuration file read: 1 MiB.
    public static let maximumBytes = 1 << 20

    /// `$XDG_CONFIG_HOME/petal/config.json`, else `$HOME/.config/petal/config.json`;
    /// nil when neither variable is usable (XDG_CONFIG_HOME must be absolute).
    public static func defaultPath(environment: [String: String] = XDGDirectories.processVariables()) -> String? {
        XDGDirectories.petal(in: XDGDirectories(environment: environment).configHome).map { $0 + "/config.json" }
    }

    /// Reads and checks the configuration at `path`.
    ///
    /// Symbolic links are followed, but what they lead to must be a regular file.
    /// - Returns: the configuration with its warnings, each naming `path`.
    /// - Throws: ``ConfigurationError`` with every problem found, each naming `path`:
    ///   the file cannot be opened or read, is not a regular file, is larger than
    ///   ``maximumBytes``, or its contents have errors.
    public static func load(path: String) throws(ConfigurationError) -> LoadedConfiguration {
        let bytes = try read(path: path)
        let decoded = ConfigurationDecoder.decode(bytes)
        let problems = decoded.problems.map { $0.inFile(path) }
        guard let configuration = decoded.configuration else {
            throw ConfigurationError(path: path, problems: problems)
        }
        return LoadedConfiguration(
            configuration, file: path, warnings: problems, actionSites: decoded.actionSites,
            menuSites: decoded.menuSites)
    }

    /// What `petald --check-config FILE` reads: the configuration at `path`,
    /// or every problem that refuses it, each naming `path`.
    public static func check(path: String) -> Result<LoadedConfiguration, ConfigurationError> {
        Result { () throws(ConfigurationError) in try load(path: path) }
    }

    /// Loads `explicitPath` (`--config FILE`), which must exist; without one, the
    /// file at ``defaultPath(environment:)``, or the embedded default menu when
    /// that file does not exist.
    public static func loadConfigured(
        explicitPath: String?, environment: [String: String] = XDGDirectories.processVariables()
    ) throws(ConfigurationError) -> LoadedConfiguration {
        if let explicitPath { return try load(path: explicitPath) }
        guard let path = defaultPath(environment: environment) else { return LoadedConfiguration(.embeddedDefault) }
        do {
            return try load(path: path)
        } catch  where error.isMissingFile {
            return LoadedConfiguration(.embeddedDefault)
        }
    }

    /// The whole file at `path`, if it is a regular file of at most `maximumBytes`.
    static func read(path: String) throws(ConfigurationError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let fd: Int32
        do {
            fd = try systemCall("open", path: path) { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        } catch {
            throw .file(path, errno: error.errno, "cannot open the file")
        }
        defer { close(fd) }
        var info = stat()
        do {
            try systemCall("fstat", path: path) { fstat(fd, &info) }
        } catch {
            throw .file(path, errno: error.errno, "cannot stat the file")
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw .file(path, "expected a regular file, found \(fileKind(kind)); the configuration must be a JSON file")
        }
        guard info.st_size <= maximumBytes else {
            throw .file(path, "the file is \(info.st_size) bytes; the limit is \(maximumBytes) bytes (1 MiB)")
        }
        // Read one byte past the limit, in case the file grew since fstat.
        let bytes: [UInt8]
        do {
            bytes = try readToEnd(fd, path: path, limit: maximumBytes)
        } catch {
            throw .file(path, errno: error.errno, "cannot read the file")
        }
        guard bytes.count <= maximumBytes else {
            throw .file(path, "the file grew past the limit of \(maximumBytes) bytes (1 MiB) while being read")
        }
        return bytes
    }
}

/// A configuration that was refused: the file, and every problem found in it.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// The file the configuration came from.
    public let path: String
    /// Every problem, errors and warnings, each naming the file; at least one is an error.
    public let problems: [ConfigurationProblem]
    /// The `errno` of a failed open, stat or read, if that is what went wrong.
    public let errno: Int32?

    /// A refusal of `path` for `problems`.
    public init(path: String, problems: [ConfigurationProblem], errno: Int32? = nil) {
        self.path = path
        self.problems = problems
        self.errno = errno
    }

    /// A problem with the file itself rather than its contents.
    static func file(_ path: String, errno code: Int32? = nil, _ message: String) -> ConfigurationError {
        let reason = code.map { "\(message): \(errorText($0))" } ?? message
        return ConfigurationError(
            path: path, problems: [ConfigurationProblem(.error, path: "", reason, file: path)], errno: code)
    }

    /// Whether the file does not exist (so the embedded default applies, if it was the default path).
    public var isMissingFile: Bool { errno == ENOENT }

    /// One problem per line, each `FILE:LINE:COLUMN: PATH: MESSAGE`.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
