import Glibc
import Linux

/// Where plugins are looked for, in order (docs/plugins.md, "Where petald looks, and what it accepts"): `--plugin-dir`
/// arguments, `$PETAL_PLUGIN_PATH`, `$XDG_DATA_HOME/petal/plugins`,
/// `<prefix>/lib/petal/plugins`, and the build folder beside the executable.
package struct PluginSearchPath: Equatable, Sendable {
    /// The folders, in search order, without duplicates.
    package let directories: [String]

    /// The search path for this process.
    ///
    /// - Parameters:
    ///   - explicit: `--plugin-dir` arguments, then `plugins.paths` of the configuration.
    ///   - environment: reads an environment variable.
    ///   - executable: the daemon's own path; `<prefix>` is the folder above its `bin/`.
    package init(
        explicit: [String], environment: (String) -> String? = Self.processEnvironment,
        executable: String = Self.executablePath()
    ) {
        var folders = explicit
        if let path = environment("PETAL_PLUGIN_PATH") {
            folders += path.split(separator: ":").map(String.init)
        }
        let data = XDGDirectories(
            environment: ["XDG_DATA_HOME", "HOME"].reduce(into: [:]) { $0[$1] = environment($1) })
        if let folder = XDGDirectories.petal(in: data.dataHome) { folders.append(folder + "/plugins") }
        let binary = Self.parent(of: executable)
        if Self.lastComponent(of: binary) == "bin" {
            folders.append(Self.parent(of: binary) + "/lib/petal/plugins")
        }
        // `swift build` puts the plugin libraries beside the executable.
        folders.append(binary)
        var seen = Set<String>()
        directories = folders.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Reads the process environment.
    package static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The running executable's path, from /proc/self/exe.
    package static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder `path` is in: what comes before its last slash; "/" for a file
    /// at the root, "." for a bare name. (Paths are searched as bytes, not as
    /// characters: a slash is one byte in UTF-8, and the loader asks this of
    /// every file it finds at start-up.)
    package static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`, trailing slashes aside: `a/b.so` and `a/b.so/`
    /// give `b.so`; a path of slashes alone, or an empty one, is given back whole.
    package static func lastComponent(of path: String) -> String {
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return path }
        let start = bytes[..<end].lastIndex(of: slash).map { bytes.index(after: $0) } ?? bytes.startIndex
        return String(path[start..<end])
    }
}
