import DBus
import PetalAPI
import PetalCore

extension MenuService {
    /// `org.petal.Petal1.Menu`, described once as data (SPEC §2); the object
    /// server derives dispatch, introspection and Properties from it.
    public var interface: DBusInterface {
        DBusInterface(Self.interfaceName, methods: [
            DBusMethod("Toggle", out: [DBusArgument("state", .string)]) { [unowned self] _ in
                .values([.string(handle(.toggle).rawValue)])
            },
            DBusMethod("Open", out: [DBusArgument("state", .string)]) { [unowned self] _ in
                .values([.string(handle(.open).rawValue)])
            },
            DBusMethod("Close", out: [DBusArgument("state", .string)]) { [unowned self] _ in
                .values([.string(handle(.close).rawValue)])
            },
            DBusMethod("Activate", in: DBusIn("item", String.self),
                       out: [DBusArgument("result", PetalBus.Types.result)]) { [unowned self] call, item in
                try activate(item, call: call)
            },
            DBusMethod("Trigger", in: DBusIn("action", String.self),
                       DBusIn("params", DBusVariantDictionary.self, maximumBytes: ParamsCoding.maximumWireBytes,
                              refusal: ParamsCoding.tooLarge),
                       out: [DBusArgument("result", PetalBus.Types.result)]) { [unowned self] call, action, params in
                try trigger(action, params: params, call: call)
            },
            DBusMethod("Choose", in: DBusIn("options", DBusVariantDictionary.self, maximumBytes: ChooseOptions.maximumBytes,
                                            refusal: ChooseOptions.tooLarge),
                       out: [DBusArgument("item", .string)]) { [unowned self] call, options in
                try choose(options: options, call: call)
            },
            DBusMethod("Reload") { [unowned self] _ in
                try reload()
                return .values([])
            },
            DBusMethod("RegisterProvider", in: DBusIn("path", ObjectPath.self)) { [unowned self] call, path in
                try registerProvider(path, call: call)
            },
            DBusMethod("UnregisterProvider", in: DBusIn("path", ObjectPath.self)) { [unowned self] call, path in
                try unregisterProvider(path, call: call)
            },
        ], properties: [
            DBusProperty("State", .string) { [unowned self] in .string(machine.state.rawValue) },
            DBusProperty("Items", PetalBus.Types.items) { [unowned self] in itemsValue },
            DBusProperty("Actions", PetalBus.Types.actions) { [unowned self] in
                .rows(of: PetalBus.Types.actions, registry.all.map {
                    [.string($0.action.id), .string($0.plugin), .string($0.action.title)]
                })
            },
            DBusProperty("Plugins", PetalBus.Types.plugins) { [unowned self] in
                .rows(of: PetalBus.Types.plugins, plugins.map {
                    [.string($0.name), .string($0.version), .string($0.path), .string($0.status.rawValue), .string($0.reason)]
                })
            },
            DBusProperty("Highlighted", .string, get: { [unowned self] in .string(highlighted) },
                         set: { [unowned self] in try setHighlighted($0.stringValue ?? "") }),
            DBusProperty("Layout", PetalBus.Types.layout) { [unowned self] in layoutValue },
            DBusProperty("LayoutStyle", .string, get: { [unowned self] in .string(geometry.style.rawValue) },
                         set: { [unowned self] in try setLayoutStyle($0.stringValue ?? "") }),
            DBusProperty("Version", .string, emitsChange: .const) { .string(petalVersion) },
            DBusProperty("Appearance", PetalBus.Types.appearance) { [unowned self] in appearanceValue },
        ], signals: [
            DBusSignal("StateChanged", [DBusArgument("state", .string), DBusArgument("previous", .string)]),
            DBusSignal("ActionStarted", [DBusArgument("invocation", .uint32), DBusArgument("action", .string),
                                         DBusArgument("item", .string)]),
            DBusSignal("ActionFinished", [DBusArgument("invocation", .uint32), DBusArgument("action", .string),
                                          DBusArgument("success", .boolean), DBusArgument("error", .string),
                                          DBusArgument("message", .string)]),
        ])
    }

    private var itemsValue: DBusValue {
        .rows(of: PetalBus.Types.items, items.map { item in
            [.string(item.id), .string(item.title), .string(item.currentIcon), .string(item.action),
             .boolean(item.enabled), .boolean(item.selected)]
        })
    }

    /// `Appearance` (SPEC §2, v2), in the form PetalAPI reads.
    var appearanceValue: DBusValue {
        .vardict(MenuAppearance(configuration).entries)
    }

    private var layoutValue: DBusValue {
        let positions = geometry.positions(count: items.count)
        return .rows(of: PetalBus.Types.layout, zip(items, positions).map { item, point in
            [.string(item.id), .double(point.x), .double(point.y)]
        })
    }
}
