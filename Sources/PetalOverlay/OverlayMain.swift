import CGtk
import DBus
import Dispatch
import Glibc
import Linux
import PetalAPI
import PetalConfiguration
import PetalCore
import PetalScene

/// `petal-overlay`: the reference desktop client of petald (docs/overlay.md).
public enum OverlayMain {
    /// Runs the program with the arguments after its name and returns its exit status:
    /// 0, 1 when it cannot do its work (no display, a file it cannot write), 2 for a usage error.
    @MainActor
    public static func run(arguments: [String]) -> Int32 {
        let options: OverlayOptions
        do {
            options = try OverlayOptions(arguments)
        } catch {
            writeToStandardError("petal-overlay: \(error)\nSee petal-overlay --help.\n")
            return 2
        }
        let log = Logger(program: "petal-overlay", threshold: options.verbose ? .debug : .info, escapesMessages: true)
        switch options.mode {
        case .help:
            print(OverlayCommandLine.program.help(), terminator: "")
            return 0
        case .version:
            print("petal-overlay \(petalVersion)")
            return 0
        case .render(let path, let state, let time, let scale):
            return render(to: path, state: state, at: time, scale: scale, options: options, log: log)
        case .show:
            return show(options: options, log: log)
        case .outputs, .probePointer:
            return OutputsCommand.run(options.mode, log: log)
        }
    }

    @MainActor
    private static func render(
        to path: String, state: MenuState, at time: Double, scale: Double, options: OverlayOptions, log: Logger
    ) -> Int32 {
        let chain: (menus: [SceneMenu], openers: [String])
        do {
            chain = try RenderSource.chain(options: options, log: log)
        } catch {
            log.error("\(error)")
            return 2
        }
        // The same theme whatever the desktop, so frames for docs and tests look alike everywhere.
        let theme = gtk_icon_theme_new()!
        gtk_icon_theme_set_custom_theme(theme, "Adwaita")
        defer { g_object_unref(theme) }
        let painter = CairoPainter(icons: IconLoader(theme: theme, log: { log.warning($0) }))
        do {
            if chain.menus.count == 1 {
                try OfflineRenderer.render(
                    Scene(menu: chain.menus[0], state: state), at: time, to: path, scale: scale, painter: painter)
            } else {
                let picture = ChainPicture(
                    chain.menus, openedFrom: chain.openers, state: state, at: time,
                    labelSize: painter.text.labelSizes(in:))
                try OfflineRenderer.render(picture, to: path, scale: scale, painter: painter)
            }
        } catch {
            log.error("\(error)")
            return 1
        }
        return 0
    }

    @MainActor
    private static func show(options: OverlayOptions, log: Logger) -> Int32 {
        guard gtk_init_check(nil, nil) != PETAL_FALSE else {
            log.error(
                "cannot open a display: neither WAYLAND_DISPLAY nor DISPLAY names one that answers. Start petal-overlay inside a graphical session (see petal-overlay(1)), or use --render FILE.png to draw without one"
            )
            return 1
        }
        let feed: MenuFeed
        do {
            feed = try MenuFeed(bus: options.bus)
        } catch {
            log.error("cannot connect to \(options.bus): \(error)")
            return 1
        }
        let painter = CairoPainter(icons: IconLoader(theme: gtk_icon_theme_get_default(), log: { log.warning($0) }))
        // The window is shown once petald has answered or is known to be away
        // (then the button is drawn disabled), so a menu without a resting button never flashes one.
        let window = OverlayWindow(
            path: PetalBus.path, scene: Scene(menu: SceneMenu(online: false)), painter: painter, log: log)
        guard let outputs = OverlayOutputs(log: log) else {
            log.error("GTK opened no display; petal-overlay cannot tell its outputs")
            return 1
        }
        let windows = MenuWindows(
            main: window, follower: PetaldFollower(feed: feed, log: log), painter: painter, outputs: outputs, log: log)
        windows.start()
        // Once petald's signals are followed: what the name's owner is asked to draw is not missed.
        feed.claimFrontendName(log: log)
        SignalHandlers.quitOnTermination()
        gtk_main()
        return exitStatus
    }

    @MainActor private static var exitStatus: Int32 = 0

    /// Ends the GTK main loop; `run` then returns `status`.
    @MainActor
    static func quit(status: Int32) {
        exitStatus = status
        gtk_main_quit()
    }
}

/// Where `--render` takes the menu from.
enum RenderSource {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The menus to draw and the item each submenu opens from. Without
    /// `--menu` or `--open`: main, from `--config FILE`; else as petald serves
    /// it, when it is on the bus (it is not started for this); else from the
    /// configuration petald would read, or the embedded default. With them:
    /// the named menus of that configuration, each opened from the item of
    /// the one before whose submenu it is.
    static func chain(options: OverlayOptions, log: Logger) throws(Failure) -> (
        menus: [SceneMenu], openers: [String]
    ) {
        if options.chain == nil, options.configPath == nil, let served = servedMenu(bus: options.bus, log: log) {
            return ([served], [])
        }
        let configuration: MenuConfiguration
        do {
            if let path = options.configPath {
                configuration = try ConfigurationFile.load(path: path).configuration
            } else {
                configuration = try ConfigurationFile.loadConfigured(explicitPath: nil).configuration
            }
        } catch {
            throw Failure(description: "the configuration cannot be drawn:\n\(error)")
        }
        let names = options.chain ?? [MenuName.main]
        let file = options.configPath ?? "the configuration petald reads"
        var sections: [MenuSection] = []
        for name in names {
            guard let section = configuration.menus.first(where: { $0.name == name }) else {
                throw Failure(
                    description:
                        "no menu called \"\(name)\" in \(file); its menus: \(configuration.menus.map(\.name).joined(separator: ", "))"
                )
            }
            sections.append(section)
        }
        var openers: [String] = []
        for (parent, child) in zip(sections, sections.dropFirst()) {
            guard let opener = parent.items.first(where: { $0.submenu == child.name }) else {
                let opened = parent.items.compactMap(\.submenu)
                throw Failure(
                    description:
                        "menu \"\(child.name)\" is not a submenu of \"\(parent.name)\": \(parent.name)'s items open \(opened.isEmpty ? "no submenu" : opened.joined(separator: ", "))"
                )
            }
            openers.append(opener.id)
        }
        return (sections.map(SceneMenu.init(section:)), openers)
    }

    /// The menu petald serves on `bus`, or nil when there is no such bus or no petald on it.
    private static func servedMenu(bus: BusAddress, log: Logger) -> SceneMenu? {
        guard let feed = try? MenuFeed(bus: bus) else { return nil }
        defer { feed.connection.close() }
        let menu = Handoff<SceneMenu?>()
        feed.petaldIsRunning { running in
            guard running else { return menu.put(nil) }
            feed.read { outcome in
                switch outcome {
                case .success(let reading): menu.put(reading.menu)
                case .failure(let error):
                    log.warning(
                        "petald is on \(bus) but its menu cannot be read (\(error)); drawing the configuration file instead"
                    )
                    menu.put(nil)
                }
            }
        }
        return menu.take()
    }
}
