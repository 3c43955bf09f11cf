import Foundation
import TestSupport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An argument of a method or signal, as introspection XML lists it.
struct IntrospectedArgument: Equatable, CustomStringConvertible {
    var name: String
    var type: String
    var direction: String?

    var description: String { "\(name):\(type)\(direction.map { ":\($0)" } ?? "")" }
}

/// A property, as introspection XML lists it.
struct IntrospectedProperty: Equatable {
    var type: String
    var access: String
    /// The `org.freedesktop.DBus.Property.EmitsChangedSignal` annotation, if present.
    var emitsChangedSignal: String?
}

/// An interface, as introspection XML lists it.
struct IntrospectedInterface: Equatable {
    var methods: [String: [IntrospectedArgument]] = [:]
    var signals: [String: [IntrospectedArgument]] = [:]
    var properties: [String: IntrospectedProperty] = [:]
}

/// An object's introspection XML, parsed with `XMLParser` rather than compared as text.
struct IntrospectedNode: Equatable {
    var interfaces: [String: IntrospectedInterface] = [:]
    /// The interface names in document order.
    var interfaceOrder: [String] = []
    var children: [String] = []

    /// Parses `xml`; throws when it is not well-formed or not shaped like introspection data.
    init(xml: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        guard parser.parse(), reader.failure == nil else {
            throw TestSetupError(
                "introspection XML does not parse: \(reader.failure ?? parser.parserError.map { "\($0)" } ?? "unknown error")\n\(xml)"
            )
        }
        self = reader.node
    }

    private init() {}

    private final class Reader: NSObject, XMLParserDelegate {
        var node = IntrospectedNode()
        var failure: String?
        private var path: [String] = []
        private var interface: String?
        private var member: (kind: String, name: String)?
        private var property: String?

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            defer { path.append(element) }
            let name = attributes["name"] ?? ""
            switch (path.last, element) {
            case (nil, "node"): break
            case ("node", "node") where path.count == 1: node.children.append(name)
            case ("node", "interface"):
                interface = name
                node.interfaceOrder.append(name)
                node.interfaces[name] = IntrospectedInterface()
            case ("interface", "method"):
                member = ("method", name)
                node.interfaces[interface!]!.methods[name] = []
            case ("interface", "signal"):
                member = ("signal", name)
                node.interfaces[interface!]!.signals[name] = []
            case ("interface", "property"):
                property = name
                node.interfaces[interface!]!.properties[name] = IntrospectedProperty(
                    type: attributes["type"] ?? "", access: attributes["access"] ?? "")
            case ("method", "arg"), ("signal", "arg"):
                let argument = IntrospectedArgument(
                    name: name, type: attributes["type"] ?? "", direction: attributes["direction"])
                if member!.kind == "method" {
                    node.interfaces[interface!]!.methods[member!.name]!.append(argument)
                } else {
                    node.interfaces[interface!]!.signals[member!.name]!.append(argument)
                }
            case ("property", "annotation") where name == "org.freedesktop.DBus.Property.EmitsChangedSignal":
                node.interfaces[interface!]!.properties[property!]!.emitsChangedSignal = attributes["value"]
            case (_, "annotation"): break
            default: failure = "unexpected <\(element)> inside <\(path.last ?? "document")>"
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            path.removeLast()
            switch element {
            case "interface": interface = nil
            case "method", "signal": member = nil
            case "property": property = nil
            default: break
            }
        }
    }
}
