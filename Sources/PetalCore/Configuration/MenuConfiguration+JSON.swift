import PetalJSON

extension MenuConfiguration {
    /// The configuration as the JSON a configuration file holds, in the order
    /// of docs/configuration.md; ``ConfigurationDecoder`` reads it back to an
    /// equal configuration.
    ///
    /// The top-level sections have every key written out; a menu section only
    /// what differs from them. The main menu is written as v2 wrote it, in the
    /// top-level `menu` and `items`, when its settings are the defaults and it
    /// has no title, appearance, `when` or `picker` of its own; otherwise it is `menus.main`, and
    /// there is no top-level `menu`, so `defaults.settings` other than the
    /// documented ones are lost (only a configuration made in code has them).
    /// Menus written in place are written in their items; one that no item
    /// opens is left out. `menus` is written when there are menus besides main.
    public var jsonValue: JSONValue {
        let byName = Dictionary(otherMenus.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let isV2 =
            main.title == MenuName.main && main.settings == defaults.settings
            && main.appearance == defaults.appearance && main.when == nil && main.picker == nil
        // What a section leaves out is read back from what is written here.
        let written = MenuDefaults(settings: isV2 ? defaults.settings : MenuSettings(), appearance: defaults.appearance)
        let writer = MenuWriter(defaults: written, menus: byName)
        var root: JSONObject = [:]
        var menus: JSONObject = [:]
        if isV2 {
            root["menu"] = defaults.settings.jsonValue
            root["items"] = writer.items(of: main)
        } else {
            menus[MenuName.main] = writer.section(main)
        }
        for section in otherMenus where !section.isWrittenInPlace {
            menus[section.name] = writer.section(section)
        }
        if !menus.isEmpty { root["menus"] = .object(menus) }
        root["plugins"] = [
            "paths": .array(plugins.paths.map(JSONValue.string)),
            "disabled": .array(plugins.disabled.map(JSONValue.string)),
            "isolate": plugins.isolate.jsonValue,
            "settings": .object(plugins.settings),
        ]
        root["actions"] = [
            "timeout": .number(actions.timeout.configuredSeconds),
            "maxConcurrent": .int(Int64(actions.maxConcurrent)),
        ]
        root["appearance"] = defaults.appearance.jsonValue
        return .object(root)
    }
}

extension AdHocMenu {
    /// The menu as `CreateMenu` takes it, with its name, its submenus written in
    /// place, and only what differs from `defaults` written out;
    /// ``AdHocMenuDecoder`` reads it back, with the same defaults, to an equal menu.
    public func jsonValue(over defaults: MenuDefaults) -> JSONValue {
        let writer = MenuWriter(
            defaults: defaults,
            menus: Dictionary(submenus.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }))
        var object: JSONObject = ["name": .string(top.name)]
        for (key, value) in writer.section(top).objectValue ?? [:] { object[key] = value }
        return .object(object)
    }
}

/// Writes menu sections, with the menus written in place in their items.
private struct MenuWriter {
    let defaults: MenuDefaults
    /// The menus besides the one being written, by name.
    let menus: [String: MenuSection]

    /// The section of `section`: its title unless it is its name, the settings
    /// that differ from the defaults', its items, and the appearance keys that
    /// differ from the defaults', its `when` and its `picker`.
    func section(_ section: MenuSection) -> JSONValue {
        var object: JSONObject = [:]
        if section.title != section.name { object["title"] = .string(section.title) }
        for (key, value) in differences(section.settings.jsonValue, defaults.settings.jsonValue) {
            object[key] = value
        }
        object["items"] = items(of: section)
        let appearance = differences(section.appearance.jsonValue, defaults.appearance.jsonValue)
        if !appearance.isEmpty { object["appearance"] = .object(appearance) }
        if let when = section.when { object["when"] = when.jsonValue }
        if let picker = section.picker { object["picker"] = picker.jsonValue }
        return .object(object)
    }

    /// The items of `section`, a menu written in place in its item's `submenu`.
    func items(of section: MenuSection) -> JSONValue {
        .array(
            section.items.map { item in
                var object = item.jsonValue.objectValue ?? [:]
                if let name = item.submenu, name == MenuName.inPlace(in: section.name, item: item.id),
                    let inPlace = menus[name]
                {
                    object["submenu"] = self.section(inPlace)
                }
                return .object(object)
            })
    }

    /// The members of `value` that differ from `base`'s.
    private func differences(_ value: JSONValue, _ base: JSONValue) -> JSONObject {
        JSONObject((value.objectValue ?? [:]).filter { base[$0.key] != $0.value }.map { ($0.key, $0.value) })
    }
}

extension MenuSettings {
    /// The section as a configuration file writes it, every key written out,
    /// in the order of docs/configuration.md.
    public var jsonValue: JSONValue {
        [
            "layout": .string(geometry.style.rawValue),
            "spacing": .number(geometry.spacing),
            "firstAngle": .number(geometry.firstAngle),
            "angleInterval": .number(geometry.angleInterval),
            "radius": .number(geometry.radius),
            "openDuration": .number(openDuration.configuredSeconds),
            "closeDuration": .number(closeDuration.configuredSeconds),
            "closeOnActivate": .bool(closeOnActivate),
        ]
    }
}

extension AppearanceSettings {
    /// The section as a configuration file writes it, every key written out
    /// (`labels` and `interaction` only when they name a mode rather than
    /// the layout's), in the order of docs/configuration.md.
    public var jsonValue: JSONValue {
        var object: JSONObject = [
            "anchor": .string(anchor.rawValue),
            "margin": [.number(margin.x), .number(margin.y)],
            "buttonSize": .number(buttonSize),
            "itemSize": .number(itemSize),
            "buttonColor": .string(buttonColor),
            "buttonIcon": .string(buttonIcon),
            "iconColor": .string(iconColor),
            "springDamping": .number(springDamping),
            "springVelocity": .number(springVelocity),
            "pressScale": .number(pressScale),
            "backdrop": .string(backdrop),
            "shadow": .bool(shadow),
            "restingButton": .bool(restingButton),
        ]
        if let labels { object["labels"] = .string(labels.rawValue) }
        object["font"] = .string(font)
        if let interaction { object["interaction"] = .string(interaction.rawValue) }
        object["hoverConfirm"] = .bool(hoverConfirm)
        object["gesture"] = gesture.jsonValue
        object["turbo"] = .bool(turbo)
        object["width"] = .number(width)
        object["lines"] = .number(Double(lines))
        return .object(object)
    }
}

extension GestureTuning {
    /// `appearance.gesture` as a configuration file writes it: `deadZone` only when one is given.
    public var jsonValue: JSONValue {
        var object: JSONObject = [
            "minStroke": .number(minStroke), "turnAngle": .number(turnAngle), "pauseMs": .number(pauseMs),
            "jitter": .number(jitter),
        ]
        if let deadZone { object["deadZone"] = .number(deadZone) }
        return .object(object)
    }
}

extension MenuItem {
    /// The item as a configuration file writes it, every key written out: its
    /// `action`, its `submenu` by name, or neither for a choice; a submenu
    /// item's `params` only when it has some, and `key` only when it has one.
    public var jsonValue: JSONValue {
        var object: JSONObject = [
            "id": .string(id), "title": .string(title), "icon": .string(icon), "color": .string(color),
        ]
        switch kind {
        case .action: object["action"] = .string(action)
        case .submenu: object["submenu"] = submenu.map(JSONValue.string)
        case .choice: break
        }
        if kind != .submenu || !params.isEmpty { object["params"] = .object(params) }
        object["toggle"] = .bool(toggle)
        object["selected"] = .bool(selected)
        object["selectedIcon"] = .string(selectedIcon)
        object["enabled"] = .bool(enabled)
        object["keepOpen"] = .bool(keepOpen)
        if let key { object["key"] = .string(key) }
        if !meta.isEmpty { object["meta"] = .string(meta) }
        return .object(object)
    }
}

extension JSONValue {
    /// `.int` for a whole number that fits, `.double` otherwise, so 80 is written `80`.
    static func number(_ value: Double) -> JSONValue {
        if let whole = Int64(exactly: value) { .int(whole) } else { .double(value) }
    }
}

extension Duration {
    /// The duration in seconds, as a configuration file writes it.
    public var configuredSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension PluginIsolation {
    /// As the configuration writes it: a string, or an array of names.
    var jsonValue: JSONValue {
        switch self {
        case .named(let names): .array(names.map(JSONValue.string))
        default: .string(description)
        }
    }
}

extension PickerSettings {
    /// The section as a configuration file writes it: the keys that differ from their defaults.
    public var jsonValue: JSONValue {
        var object: JSONObject = [:]
        if !prompt.isEmpty { object["prompt"] = .string(prompt) }
        if !message.isEmpty { object["message"] = .string(message) }
        if !filter.isEmpty { object["filter"] = .string(filter) }
        if selected != 0 { object["selected"] = .int(Int64(selected)) }
        if multi { object["multi"] = .bool(true) }
        if let custom { object["custom"] = .bool(custom) }
        if caseSensitive { object["caseSensitive"] = .bool(true) }
        if sort != .order { object["sort"] = .string(sort.rawValue) }
        if !customKeys.isEmpty { object["keys"] = .array(customKeys.map(JSONValue.string)) }
        return .object(object)
    }
}
