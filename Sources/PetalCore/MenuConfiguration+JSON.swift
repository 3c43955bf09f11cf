import PetalJSON

extension MenuConfiguration {
    /// The configuration as the JSON a configuration file holds, every key
    /// written out, in the order of docs/configuration.md; ``ConfigurationDecoder`` reads it
    /// back to an equal configuration.
    public var jsonValue: JSONValue {
        let geometry = menu.geometry
        let menu: JSONObject = [
            "layout": .string(geometry.style.rawValue),
            "spacing": .number(geometry.spacing),
            "firstAngle": .number(geometry.firstAngle),
            "angleInterval": .number(geometry.angleInterval),
            "radius": .number(geometry.radius),
            "openDuration": .number(self.menu.openDuration.configuredSeconds),
            "closeDuration": .number(self.menu.closeDuration.configuredSeconds),
            "closeOnActivate": .bool(self.menu.closeOnActivate),
        ]
        let plugins: JSONObject = [
            "paths": .array(self.plugins.paths.map(JSONValue.string)),
            "disabled": .array(self.plugins.disabled.map(JSONValue.string)),
            "isolate": self.plugins.isolate.jsonValue,
            "settings": .object(self.plugins.settings),
        ]
        let actions: JSONObject = [
            "timeout": .number(self.actions.timeout.configuredSeconds),
            "maxConcurrent": .int(Int64(self.actions.maxConcurrent)),
        ]
        return [
            "menu": .object(menu),
            "items": .array(items.map(\.jsonValue)),
            "plugins": .object(plugins),
            "actions": .object(actions),
            "appearance": appearance.jsonValue,
        ]
    }
}

extension AppearanceSettings {
    /// The section as a configuration file writes it, every key written out,
    /// in the order of docs/configuration.md.
    public var jsonValue: JSONValue {
        [
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
        ]
    }
}

extension MenuItem {
    /// The item as a configuration file writes it, every key written out.
    public var jsonValue: JSONValue {
        [
            "id": .string(id), "title": .string(title), "icon": .string(icon), "color": .string(color),
            "action": .string(action), "params": .object(params), "toggle": .bool(toggle),
            "selected": .bool(selected), "selectedIcon": .string(selectedIcon), "enabled": .bool(enabled),
            "keepOpen": .bool(keepOpen),
        ]
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
