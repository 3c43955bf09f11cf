import Glibc
import PetalAPI
import PetalConfiguration
import PetalCore

/// `petalctl preview`: gathers the menu (from petald, or from a configuration
/// file) and writes it as SVG.
struct Preview {
    let options: PreviewOptions
    /// The menu to draw (`--menu`).
    let menu: String
    /// A client of that menu; nil with `--config`.
    let client: PetalClient?
    let console: Console

    func write() async throws {
        try save(SVGMenu.render(try await model()))
    }

    private func model() async throws -> PreviewModel {
        // With --config the file is drawn and petald is not asked (the client is nil then).
        guard let client, options.configPath == nil else { return try fileModel(path: options.configPath ?? "") }
        let menu = try await client.snapshot()
        let details = try await client.itemDetails(order: menu.items.map(\.id))
        // The geometry is not on the bus; it comes from the configuration file
        // petald reads by default, if there is one. Sizes, colours and
        // durations are petald's Appearance (its defaults from a v1 petald).
        let configured = defaultConfiguration()
        var geometry = configured.menu.geometry
        let daemonStyle = LayoutStyle(rawValue: menu.layoutStyle) ?? geometry.style
        geometry.style = options.layout ?? daemonStyle
        let positions: [Point]
        if geometry.style == daemonStyle {
            let byID = Dictionary(
                menu.layout.map { ($0.id, Point(x: $0.x, y: $0.y)) }, uniquingKeysWith: { first, _ in first })
            positions = details.map { byID[$0.id] ?? Point(x: 0, y: 0) }
        } else {
            positions = geometry.positions(count: details.count)
        }
        let state = options.state ?? (menu.state == "collapsed" || menu.state == "collapsing" ? .collapsed : .expanded)
        return PreviewModel(
            state: state, style: geometry.style, openSeconds: menu.appearance.openDuration, animate: options.animate,
            items: zip(details, positions).map { item, position in
                PreviewModel.Item(
                    id: item.id, title: item.title, icon: item.currentIcon,
                    color: item.color, enabled: item.enabled, selected: item.selected, toggle: item.toggle,
                    position: position)
            },
            appearance: menu.appearance.settings)
    }

    private func fileModel(path: String) throws -> PreviewModel {
        guard menu == PetalBus.mainMenu else {
            throw ControlFailure(
                status: .usage,
                message:
                    "preview --config draws a file's main menu (its top-level menu and items) only; to draw \"\(menu)\", leave out --config and petalctl draws it as the running petald serves it"
            )
        }
        let configuration: MenuConfiguration
        do {
            configuration = try ConfigurationFile.load(path: path).0
        } catch {
            throw ControlFailure(status: .usage, message: "the configuration cannot be previewed:\n\(error)")
        }
        var geometry = configuration.menu.geometry
        geometry.style = options.layout ?? geometry.style
        return PreviewModel(
            state: options.state ?? .expanded, style: geometry.style,
            openSeconds: configuration.menu.openDuration.configuredSeconds, animate: options.animate,
            items: zip(configuration.items, geometry.positions(count: configuration.items.count)).map {
                item, position in
                PreviewModel.Item(
                    id: item.id, title: item.title, icon: item.currentIcon, color: item.color,
                    enabled: item.enabled, selected: item.selected, toggle: item.toggle, position: position)
            },
            appearance: configuration.appearance)
    }

    private func defaultConfiguration() -> MenuConfiguration {
        (try? ConfigurationFile.loadConfigured(explicitPath: nil).0) ?? .embeddedDefault
    }

    private func save(_ svg: String) throws {
        if options.output == "-" {
            try console.print(svg)
            return
        }
        guard console.write(svg, toFile: options.output) else {
            throw ControlFailure(
                status: .usage,
                message: "cannot write \(options.output): \(String(cString: strerror(errno)))")
        }
    }
}
