import Foundation

/// Driving and reading a headless sway: `swaymsg`, `wtype`, `grim`.
extension HeadlessSway {
    /// Runs `swaymsg` with `arguments` against this sway and returns what it printed.
    ///
    /// - Throws: ``TestSetupError`` unless it succeeds.
    @discardableResult
    public func swaymsg(_ arguments: [String]) async throws -> String {
        let run = try await ToolRun.running(
            "/usr/bin/swaymsg", ["--socket", ipcSocket] + arguments,
            environment: BackgroundProcess.environment(adding: environment)
        )
        .checked("swaymsg \(arguments.joined(separator: " "))")
        return String(decoding: run.output, as: UTF8.self)
    }

    /// The layout tree (`swaymsg -t get_tree`), parsed.
    public func tree() async throws -> [String: any Sendable] {
        let text = try await swaymsg(["-t", "get_tree", "--raw"])
        guard let tree = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: any Sendable] else {
            throw TestSetupError("swaymsg -t get_tree printed no object: \(text)")
        }
        return tree
    }

    /// Runs `wtype` with `arguments` against this sway.
    public func wtype(_ arguments: [String]) async throws {
        try await ToolRun.running(
            "/usr/bin/wtype", arguments, environment: BackgroundProcess.environment(adding: environment)
        )
        .checked("wtype \(arguments.joined(separator: " "))")
    }

    /// Presses and releases `key` in the focused window (`wtype -k NAME`).
    public func press(_ key: Key) async throws {
        try await wtype(["-k", key.name])
    }

    /// Types `text` in the focused window (`wtype TEXT`).
    public func type(_ text: String) async throws {
        try await wtype([text])
    }

    // MARK: Screenshots

    /// Every output as `grim -s 1 -` sees it: in the desktop's logical
    /// pixels, so that a point is where a test placed it whatever the
    /// outputs' scales (``screenshot(output:)`` reads one in device pixels).
    public func screenshot() async throws -> RGBAImage {
        let shot = try await ToolRun.running(
            "/usr/bin/grim", ["-s", "1", "-"], environment: BackgroundProcess.environment(adding: environment)
        )
        .checked("grim")
        return try await RGBAImage(png: shot.output)
    }

    /// The output called `output` alone, in its own device pixels (at its scale).
    public func screenshot(output: String) async throws -> RGBAImage {
        let shot = try await ToolRun.running(
            "/usr/bin/grim", ["-o", output, "-"], environment: BackgroundProcess.environment(adding: environment)
        )
        .checked("grim -o \(output)")
        return try await RGBAImage(png: shot.output)
    }
}
