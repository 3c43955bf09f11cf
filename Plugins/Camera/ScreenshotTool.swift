import Glibc
import PetalPlugin

/// The screenshot programs used when the portal is not on the bus, and how
/// each is told to write one file.
enum ScreenshotTool {
    /// The tools looked for on PATH, in order, with their arguments for `file`.
    static let known: [(name: String, arguments: @Sendable (_ file: String, _ interactive: Bool) -> [String])] = [
        ("grim", { file, _ in [file] }),
        ("gnome-screenshot", { file, interactive in (interactive ? ["-a"] : []) + ["-f", file] }),
        ("spectacle", { file, interactive in ["-b", "-n", interactive ? "-r" : "-f", "-o", file] }),
        ("scrot", { file, interactive in (interactive ? ["-s"] : []) + [file] }),
    ]

    /// What stands for the output file in a configured tool's argv.
    static let filePlaceholder = "{file}"

    /// The argv that writes a screenshot to `file`: the `configured` one (with
    /// ``filePlaceholder`` replaced, or `file` appended when it has none), else
    /// the first ``known`` tool `search` finds; nil when there is none.
    static func argv(configured: [String]?, file: String, interactive: Bool, search: ProgramSearch) -> [String]? {
        if let configured {
            guard configured.contains(where: { $0.contains(filePlaceholder) }) else { return configured + [file] }
            return configured.map { $0.replacingAll(filePlaceholder, with: file) }
        }
        guard let tool = known.first(where: { search.find($0.name) != nil }) else { return nil }
        return [tool.name] + tool.arguments(file, interactive)
    }

    /// Where screenshots go: `$XDG_PICTURES_DIR`, else `~/Pictures`.
    static func folder(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> String? {
        if let pictures = environment("XDG_PICTURES_DIR"), pictures.hasPrefix("/") { return pictures }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/Pictures" }
        return nil
    }

    /// A new file name in `folder`, `petal-<YYYYMMDD-HHMMSS>.png` (with `-2`,
    /// `-3`… when taken), creating the folder if it is missing.
    static func newFile(in folder: String, now: time_t = time(nil)) throws -> String {
        if mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw PluginError.failed(
                "cannot create the folder \(folder) for the screenshot: \(String(cString: strerror(errno)))")
        }
        var seconds = now
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &parts)
        let stamp = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var candidate = "\(folder)/petal-\(stamp).png"
        var suffix = 2
        while access(candidate, F_OK) == 0 {
            candidate = "\(folder)/petal-\(stamp)-\(suffix).png"
            suffix += 1
        }
        return candidate
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement`, without Foundation.
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
