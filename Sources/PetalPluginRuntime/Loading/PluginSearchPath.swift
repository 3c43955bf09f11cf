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

    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
