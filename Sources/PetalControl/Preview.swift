import DBus
import Glibc
import Linux
import PetalAPI
import PetalConfiguration
import PetalCore

/// `petalctl preview`: gathers the menu (from petald, or from a configuration
/// file) and writes it as SVG.
///
/// A submenu is drawn open from its item: the menus of the route to it
/// (``SubmenuRoute``), each parent expanded with its other items faded, each
/// menu with its own layout and appearance.
struct Preview {
    let options: PreviewOptions
    /// The menu to draw (`--menu`).
    let menu: String
    /// A client of petald; nil with `--config`.
    let client: PetalClient?
    let console: Console

    func write() async throws {
        try save(SVGMenu.render(try await model()))
    }

    private func model() async throws -> PreviewModel {
        // With --config the file is drawn and petald is not asked (the client is nil then).
        guard let client, options.configPath == nil else { return try fileModel(path: options.configPath ?? "") }
        return try await daemonModel(client)
    }

    // MARK: - From petald

    private func daemonModel(_ client: PetalClient) async throws -> PreviewModel {
        let served = try await client.everyMenu()
        let names = Dictionary(served.map { ($0.path, $0.snapshot.name) }, uniquingKeysWith: { first, _ in first })
        guard let previewed = served.first(where: { $0.path == PetalBus.menuPath(menu) }) else {
            throw MenuFailure.unknown(menu, in: "petald", known: served.map(\.snapshot.name))
        }
        let byName = Dictionary(served.map { ($0.snapshot.name, $0) }, uniquingKeysWith: { first, _ in first })
        var open: [String: SubmenuRoute.Step] = [:]
        for menu in served {
            guard menu.snapshot.parent != .root, let parentName = names[menu.snapshot.parent],
                let parent = byName[parentName]
            else { continue }
            // The item it opened from, as its Placement says, else the parent's first item that opens it.
            let index =
                menu.snapshot.placement.item.flatMap { id in parent.items.firstIndex { $0.id == id } }
                ?? parent.items.firstIndex { $0.submenu == menu.path }
            if let index { open[menu.snapshot.name] = SubmenuRoute.Step(menu: parentName, item: index) }
        }
        let route = SubmenuRoute(
            to: previewed.snapshot.name,
            among: served.map { menu in
                SubmenuRoute.Menu(name: menu.snapshot.name, submenus: menu.items.map { names[$0.submenu] })
            },
            open: open)
        let state = previewed.snapshot.state
        return chain(
            route, state: options.state ?? (state == .collapsed || state == .collapsing ? .collapsed : .expanded)
        ) { name in daemonMenu(byName[name] ?? previewed, isPreviewed: name == route.target) }
    }

    /// One menu as petald serves it, at its `Layout` unless `--layout` asks
    /// the previewed one for another style.
    private func daemonMenu(_ served: MenuContents, isPreviewed: Bool) -> PreviewModel.Menu {
        let menu = served.snapshot
        let daemonStyle = menu.layoutStyle
        let style = isPreviewed ? options.layout ?? daemonStyle : daemonStyle
        let positions: [Point]
        if style == daemonStyle {
            let byID = Dictionary(
                menu.layout.map { ($0.id, Point(x: $0.x, y: $0.y)) }, uniquingKeysWith: { first, _ in first })
            positions = served.items.map { byID[$0.id] ?? Point(x: 0, y: 0) }
        } else {
            // The geometry is not on the bus; it comes from the configuration file
            // petald reads by default, if there is one.
            var geometry = configuredGeometry(of: menu.name)
            geometry.style = style
            positions = geometry.positions(
                count: served.items.count, discs: LayoutDiscs(menu.appearance.settings))
        }
        return PreviewModel.Menu(
            name: menu.name, style: style, openSeconds: menu.appearance.openDuration,
            items: zip(served.items, positions).map { item, position in
                PreviewModel.Item(
                    id: item.id, title: item.title, icon: item.currentIcon, color: item.color,
                    enabled: item.enabled, selected: item.selected, toggle: item.toggle, position: position)
            },
            appearance: menu.appearance.settings)
    }

    /// The geometry the default configuration file gives the menu `name`; the documented one without a file.
    private func configuredGeometry(of name: String) -> MenuGeometry {
        let configuration = (try? ConfigurationFile.loadConfigured(explicitPath: nil).configuration) ?? .embeddedDefault
        return (configuration.section(named: name)?.settings ?? configuration.defaults.settings).geometry
    }

    // MARK: - From a file

    private func fileModel(path: String) throws -> PreviewModel {
        let configuration: MenuConfiguration
        do {
            configuration = try ConfigurationFile.load(path: path).configuration
        } catch {
            throw ControlFailure(status: .usage, message: "the configuration cannot be previewed:\n\(error)")
        }
        guard let previewed = configuration.section(named: menu) else {
            throw MenuFailure.unknown(menu, in: path, known: configuration.menus.map(\.name))
        }
        let route = SubmenuRoute(
            to: menu,
            among: configuration.menus.map { SubmenuRoute.Menu(name: $0.name, submenus: $0.items.map(\.submenu)) })
        return chain(route, state: options.state ?? .expanded) { name in
            fileMenu(configuration.section(named: name) ?? previewed, isPreviewed: name == route.target)
        }
    }

    /// One menu of the file, with its own layout (or the style `--layout` gives the previewed one).
    private func fileMenu(_ section: MenuSection, isPreviewed: Bool) -> PreviewModel.Menu {
        var geometry = section.settings.geometry
        if isPreviewed { geometry.style = options.layout ?? geometry.style }
        return PreviewModel.Menu(
            name: section.name, style: geometry.style,
            openSeconds: section.settings.openDuration.configuredSeconds,
            items: zip(
                section.items, geometry.positions(count: section.items.count, discs: LayoutDiscs(section.appearance))
            ).map { item, position in
                PreviewModel.Item(
                    id: item.id, title: item.title, icon: item.currentIcon, color: item.color,
                    enabled: item.enabled, selected: item.selected, toggle: item.toggle, position: position)
            },
            appearance: section.appearance)
    }

    // MARK: - Both

    /// The menus of `route`, each submenu open from its item of the one before.
    /// `menu` gives each menu by name; every name of a route is one of the
    /// menus it was made from.
    private func chain(_ route: SubmenuRoute, state: PreviewState, menu: (String) -> PreviewModel.Menu) -> PreviewModel
    {
        var model = PreviewModel(state: state, animate: options.animate, menu: menu(route.names[0]))
        for (step, next) in zip(route.steps, route.names.dropFirst()) {
            model.open(menu(next), from: step.item)
        }
        return model
    }

    private func save(_ svg: String) throws {
        if options.output == "-" {
            try console.print(svg)
            return
        }
        guard console.write(svg, toFile: options.output) else {
            throw ControlFailure(
                status: .usage,
                message: "cannot write \(options.output): \(errorText(errno))")
        }
    }
}
