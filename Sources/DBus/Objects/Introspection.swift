import TextEscaping

/// Introspection XML, generated from interface descriptions.
public enum Introspection {
    static let doctype = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        """

    /// The XML for an object serving `interfaces` (and the standard ones), with
    /// child nodes `children`, as `Introspect` would return it. Needs no bus.
    public static func xml(serving interfaces: [DBusInterface], at path: ObjectPath, children: [String] = []) -> String
    {
        xml(interfaces: interfaces + StandardInterfaces.all, children: children)
    }

    static func xml(interfaces: [DBusInterface], children: [String]) -> String {
        var out = doctype + "\n<node>\n"
        for interface in interfaces {
            out += "  <interface name=\"\(interface.name)\">\n"
            for method in interface.methods {
                out += element(
                    "method", method.name.rawValue,
                    method.inArguments.map { argument($0, direction: "in") }
                        + method.outArguments.map { argument($0, direction: "out") })
            }
            for signal in interface.signals {
                out += element("signal", signal.name.rawValue, signal.arguments.map { argument($0, direction: nil) })
            }
            for property in interface.properties {
                let head =
                    "<property name=\"\(XMLText.escaped(property.name.rawValue))\" type=\"\(XMLText.escaped(property.type.signature))\" access=\"\(property.access.rawValue)\""
                if property.emitsChange == .true {
                    out += "    \(head)/>\n"
                } else {
                    out +=
                        "    \(head)>\n      <annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"\(property.emitsChange.rawValue)\"/>\n    </property>\n"
                }
            }
            out += "  </interface>\n"
        }
        for child in children {
            out += "  <node name=\"\(XMLText.escaped(child))\"/>\n"
        }
        return out + "</node>\n"
    }

    private static func element(_ kind: String, _ name: String, _ lines: [String]) -> String {
        if lines.isEmpty { return "    <\(kind) name=\"\(XMLText.escaped(name))\"/>\n" }
        return "    <\(kind) name=\"\(XMLText.escaped(name))\">\n" + lines.map { "      \($0)\n" }.joined()
            + "    </\(kind)>\n"
    }

    private static func argument(_ argument: DBusArgument, direction: String?) -> String {
        let direction = direction.map { " direction=\"\($0)\"" } ?? ""
        return
            "<arg name=\"\(XMLText.escaped(argument.name))\" type=\"\(XMLText.escaped(argument.type.signature))\"\(direction)/>"
    }
}
