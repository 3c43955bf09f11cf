import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One interface of an introspection document, reduced to what a client relies on.
struct IntrospectedInterface: Equatable, CustomStringConvertible {
    /// Each method's arguments, as `in s` / `out a{sv}`, in order.
    var methods: [String: [String]] = [:]
    /// Each signal's argument types, in order.
    var signals: [String: [String]] = [:]
    /// Each property's type and access, as `s read`.
    var properties: [String: String] = [:]
    /// Annotations by member name, then annotation name.
    var annotations: [String: [String: String]] = [:]

    var description: String { "methods \(methods), signals \(signals), properties \(properties)" }

    /// docs/dbus-api.md's `org.petal.Petal1.Menu`, member by member.
    static let petalMenu = IntrospectedInterface(
        methods: [
            "Toggle": ["out s"], "Open": ["out s"], "Close": ["out s"],
            "Activate": ["in s", "out a{sv}"],
            "Trigger": ["in s", "in a{sv}", "out a{sv}"],
            "Choose": ["in a{sv}", "out s"],
            "Reload": [],
            "RegisterProvider": ["in o"], "UnregisterProvider": ["in o"],
            "Show": ["in a{sv}", "out s"], "Back": ["out s"],
            "Pick": ["in a{sv}", "out a{sv}"], "Submit": ["in as", "in a{sv}"], "GetRows": ["out h"],
        ],
        signals: [
            "StateChanged": ["s", "s"],
            "ActionStarted": ["u", "s", "s"],
            "ActionFinished": ["u", "s", "b", "s", "s"],
            "Chosen": ["s"],
        ],
        properties: [
            "State": "s read", "Items": "a(ssssbb) read", "Actions": "a(sss) read", "Plugins": "a(sssss) read",
            "Highlighted": "s readwrite", "Layout": "a(sdd) read", "LayoutStyle": "s readwrite", "Version": "s read",
            "Appearance": "a{sv} read", "Name": "s read", "Title": "s read", "Placement": "a{sv} read",
            "Parent": "o read", "Submenu": "o read", "Owner": "s read", "Picker": "a{sv} read",
            "ItemDetails": "a{sa{sv}} read", "RowCount": "u read",
        ])

    /// The same interface without annotations, to compare members only.
    var members: IntrospectedInterface {
        IntrospectedInterface(methods: methods, signals: signals, properties: properties)
    }
}

/// An introspection document (`Introspect`'s XML), parsed with XMLParser.
struct IntrospectionDocument {
    /// The interfaces, by name.
    var interfaces: [String: IntrospectedInterface] = [:]
    /// The names of the child nodes.
    var children: [String] = []

    /// Parses `xml`; a document that is not well-formed throws.
    init(xml: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        guard parser.parse() else {
            throw DocumentError(
                description: "not well-formed XML (\(parser.parserError.map { "\($0)" } ?? "?")):\n\(xml)")
        }
        interfaces = reader.interfaces
        children = reader.children
    }

    struct DocumentError: Error, CustomStringConvertible {
        let description: String
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var interfaces: [String: IntrospectedInterface] = [:]
        var children: [String] = []
        private var interface: String?
        private var member: (kind: String, name: String)?
        private var depth = 0

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            depth += 1
            let name = attributes["name"] ?? ""
            switch element {
            case "node" where depth > 1:
                children.append(name)
            case "interface":
                interface = name
                if interfaces[name] == nil { interfaces[name] = IntrospectedInterface() }
            case "method", "signal":
                member = (element, name)
                update {
                    if element == "method" { $0.methods[name] = [] } else { $0.signals[name] = [] }
                }
            case "property":
                member = (element, name)
                update { $0.properties[name] = "\(attributes["type"] ?? "?") \(attributes["access"] ?? "?")" }
            case "arg":
                guard let member else { return }
                let type = attributes["type"] ?? "?"
                update {
                    if member.kind == "method" {
                        $0.methods[member.name, default: []].append("\(attributes["direction"] ?? "in") \(type)")
                    } else {
                        $0.signals[member.name, default: []].append(type)
                    }
                }
            case "annotation":
                guard let member else { return }
                update { $0.annotations[member.name, default: [:]][name] = attributes["value"] ?? "" }
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            switch element {
            case "interface": interface = nil
            case "method", "signal", "property": member = nil
            default: break
            }
        }

        private func update(_ change: (inout IntrospectedInterface) -> Void) {
            guard let interface else { return }
            change(&interfaces[interface, default: IntrospectedInterface()])
        }
    }
}
