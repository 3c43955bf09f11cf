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
            DBusMethod("Activate", in: [DBusArgument("item", .string)],
                       out: [DBusArgument("result", .dictionary(.string, .variant))]) { [unowned self] call in
                try activate(try call.arguments()[0].stringValue ?? "", call: call)
            },
            DBusMethod("Trigger", in: [DBusArgument("action", .string), DBusArgument("params", .dictionary(.string, .variant))],
                       out: [DBusArgument("result", .dictionary(.string, .variant))]) { [unowned self] call in
                let arguments = try call.arguments()
                return try trigger(arguments[0].stringValue ?? "", params: arguments[1], call: call)
            },
            DBusMethod("Choose", in: [DBusArgument("options", .dictionary(.string, .variant))],
                       out: [DBusArgument("item", .string)]) { [unowned self] call in
                try choose(options: try call.arguments()[0], call: call)
            },
            DBusMethod("Reload") { [unowned self] _ in
                try reload()
                return .values([])
            },
        ], properties: [
            DBusProperty("State", .string) { [unowned self] in .string(machine.state.rawValue) },
            DBusProperty("Items", .array(.structure([.string, .string, .string, .string, .boolean, .boolean]))) {
                [unowned self] in itemsValue
            },
            DBusProperty("Actions", .array(.structure([.string, .string, .string]))) { [unowned self] in
                .array(.structure([.string, .string, .string]), registry.all.map {
                    .structure([.string($0.action.id), .string($0.plugin), .string($0.action.title)])
                })
            },
            DBusProperty("Plugins", .array(.structure([.string, .string, .string, .string, .string]))) { [unowned self] in
                .array(.structure([.string, .string, .string, .string, .string]), plugins.map {
                    .structure([.string($0.name), .string($0.version), .string($0.path), .string($0.status.rawValue),
                                .string($0.reason)])
                })
            },
            DBusProperty("Highlighted", .string, get: { [unowned self] in .string(highlighted) },
                         set: { [unowned self] in try setHighlighted($0.stringValue ?? "") }),
            DBusProperty("Layout", .array(.structure([.string, .double, .double]))) { [unowned self] in layoutValue },
            DBusProperty("LayoutStyle", .string, get: { [unowned self] in .string(geometry.style.rawValue) },
                         set: { [unowned self] in try setLayoutStyle($0.stringValue ?? "") }),
            DBusProperty("Version", .string, emitsChange: .const) { .string(petalVersion) },
            DBusProperty("Appearance", .dictionary(.string, .variant)) { [unowned self] in appearanceValue },
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
        .array(.structure([.string, .string, .string, .string, .boolean, .boolean]), items.map { item in
            .structure([.string(item.id), .string(item.title), .string(item.currentIcon), .string(item.action),
                        .boolean(item.enabled), .boolean(item.selected)])
        })
    }

    /// `Appearance` (SPEC §2, v2), in the form PetalAPI reads.
    var appearanceValue: DBusValue {
        .vardict(MenuAppearance(configuration).entries)
    }

    private var layoutValue: DBusValue {
        let positions = geometry.positions(count: items.count)
        return .array(.structure([.string, .double, .double]), zip(items, positions).map { item, point in
            .structure([.string(item.id), .double(point.x), .double(point.y)])
        })
    }
}
