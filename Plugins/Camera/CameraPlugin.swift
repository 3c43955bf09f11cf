import Glibc
import PetalJSON
import PetalPlugin

/// `camera.open` starts the camera app; `camera.screenshot` takes a screenshot
/// through xdg-desktop-portal, or with a screenshot tool when there is no portal.
///
/// Settings (`plugins.settings.camera`): `app` (the camera app: a program
/// name or an argv; default the first of ``cameraApps`` on PATH) and `tool`
/// (the screenshot tool's argv, `{file}` standing for the output file; default
/// the first of ``ScreenshotTool/known`` on PATH).
public struct CameraPlugin: Plugin {
    public static let name = "camera"
    public static let version = petalPluginVersion
    public static let actions = [
        PluginAction("camera.open", title: "Camera", icon: "camera-photo"),
        PluginAction("camera.screenshot", title: "Screenshot", icon: "applets-screenshooter"),
    ]

    /// The camera apps looked for on PATH, in order, when `app` is not set.
    static let cameraApps = ["snapshot", "cheese", "kamoso", "guvcview", "webcamoid"]

    private let host: PluginHost
    private let portal: ScreenshotPortal

    public init(host: PluginHost) {
        self.host = host
        portal = ScreenshotPortal(host: host)
    }

    public func perform(_ action: String, params: Parameters) async throws -> JSONObject {
        let settings = Settings(plugin: Self.name, host: host)
        switch action {
        case "camera.open":
            try params.rejectUnknown(["selected"])
            return try await openCamera(settings: settings, search: .current)
        case "camera.screenshot":
            try params.rejectUnknown(["interactive", "selected"])
            let interactive = try params.bool("interactive") ?? false
            if let uri = try await portal.take(interactive: interactive) { return ["uri": .string(uri)] }
            return try await screenshotWithTool(settings: settings, interactive: interactive)
        default:
            throw PluginError.failed("the camera plugin has no action \(action)")
        }
    }

    /// Starts the configured camera app, else the first of ``cameraApps`` found on `search`.
    private func openCamera(settings: Settings, search: ProgramSearch) async throws -> JSONObject {
        let setting = settings.path("app")
        if let app = try settings.command("app") {
            do {
                return try await host.launch(app)
            } catch let error as PluginError {
                throw PluginError.failed(
                    "cannot start the camera app \(app[0]) that \(setting) names: \(error.message). Install it, or set \(setting) to another program"
                )
            }
        }
        guard let app = search.first(of: Self.cameraApps) else {
            throw PluginError.failed(
                "no camera app was found: looked for \(Self.cameraApps.joined(separator: ", ")) on PATH (\(search.folders.joined(separator: ":"))). Install one, or set \(setting) to the program to start (a name, or an argv array)"
            )
        }
        do {
            return try await host.launch([app])
        } catch let error as PluginError {
            throw PluginError.failed(
                "cannot start the camera app \(app): \(error.message). Set \(setting) to another program")
        }
    }

    /// Takes a screenshot with the configured tool, else the first known one on PATH.
    private func screenshotWithTool(settings: Settings, interactive: Bool) async throws -> JSONObject {
        let setting = settings.path("tool")
        let configured = try settings.command("tool")
        let tools = ScreenshotTool.known.map(\.name)
        let search = ProgramSearch.current
        let unavailable = PluginError.failed(
            "cannot take a screenshot: the screenshot portal (\(ScreenshotPortal.service), from xdg-desktop-portal) is not on the bus, and none of \(tools.joined(separator: ", ")) was found on PATH. Install xdg-desktop-portal with a backend for your desktop, or one of those tools, or set \(setting) to the argv of another (\"\(ScreenshotTool.filePlaceholder)\" stands for the output file)"
        )
        guard configured != nil || search.first(of: tools) != nil else { throw unavailable }
        guard let folder = ScreenshotTool.folder() else {
            throw PluginError.failed("cannot take a screenshot: neither XDG_PICTURES_DIR nor HOME says where to put it")
        }
        let file = try ScreenshotTool.newFile(in: folder)
        guard
            let argv = ScreenshotTool.argv(configured: configured, file: file, interactive: interactive, search: search)
        else {
            throw unavailable
        }
        let result: JSONObject
        do {
            result = try await host.run(argv, timeout: interactive ? 120 : 30)
        } catch let error as PluginError {
            throw PluginError.failed(
                "cannot take a screenshot with \(argv[0]): \(error.message). Install it, or set \(setting) to another tool's argv"
            )
        }
        let status = result["status"]?.int64Value ?? -1
        guard status == 0 else {
            let errors = result["stderr"]?.stringValue ?? ""
            throw PluginError.failed(
                "\(argv[0]) failed to take a screenshot (exit status \(status))\(errors.isEmpty ? "" : ": \(errors.suffix(400))"); set \(setting) to another tool's argv"
            )
        }
        guard access(file, F_OK) == 0 else {
            throw PluginError.failed(
                "\(argv[0]) exited successfully but wrote no file at \(file); set \(setting) to an argv that writes \"\(ScreenshotTool.filePlaceholder)\""
            )
        }
        return ["uri": .string(PercentEncoding.fileURI(path: file))]
    }
}
