import Foundation
import FoundationXML

/// An SVG file read back with a real XML parser: each element's name and attributes, in order.
struct SVGDocument {
    struct Element {
        let name: String
        let attributes: [String: String]
    }

    let elements: [Element]
    /// For each element's index, the index of the first element after its end.
    let groupEnds: [Int: Int]

    /// A part of a document: `elements` alone (their groups' ends are not kept).
    init(elements: [Element]) {
        self.elements = elements
        groupEnds = [:]
    }

    /// Parses `text`; throws when it is not well-formed XML.
    init(_ text: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseFailure(description: parser.parserError.map { "\($0)" } ?? "not well-formed XML")
        }
        elements = collector.elements
        groupEnds = collector.ends
    }

    /// The item groups, as `data-id` → their `translate(x y)`.
    var itemPositions: [(id: String, x: Double, y: Double)] {
        elements.filter { $0.name == "g" && ($0.attributes["class"] ?? "").split(separator: " ").contains("item") }
            .compactMap { element in
                guard let id = element.attributes["data-id"],
                    let (x, y) = Self.translation(element.attributes["transform"])
                else { return nil }
                return (id, x, y)
            }
    }

    /// The menu groups, in order: `data-menu`, `data-layout` and their `translate(x y)`.
    var menus: [(name: String, layout: String, x: Double, y: Double)] {
        elements.filter { $0.name == "g" && $0.attributes["class"] == "menu" }.compactMap { element in
            guard let name = element.attributes["data-menu"],
                let (x, y) = Self.translation(element.attributes["transform"])
            else { return nil }
            return (name, element.attributes["data-layout"] ?? "", x, y)
        }
    }

    /// The item groups of the menu group called `name`, with their place
    /// relative to its centre; nil when there is no such menu.
    func items(inMenu name: String) -> [(id: String, x: Double, y: Double)]? {
        guard let content = group(where: "data-menu", is: name, class: "menu") else { return nil }
        return SVGDocument(elements: content).itemPositions
    }

    func items(withClass name: String) -> [String] {
        elements.filter {
            $0.name == "g" && ($0.attributes["class"] ?? "").split(separator: " ").contains(Substring(name))
        }
        .compactMap { $0.attributes["data-id"] }
    }

    /// The elements inside the first `g` with `attribute` equal to `value`
    /// (and with exactly the class `className`, when given), up to its end.
    func group(where attribute: String, is value: String, class className: String? = nil) -> [Element]? {
        guard
            let start = elements.firstIndex(where: {
                $0.name == "g" && $0.attributes[attribute] == value
                    && (className == nil || $0.attributes["class"] == className)
            })
        else {
            return nil
        }
        let end = groupEnds[start] ?? elements.count
        return Array(elements[(start + 1)..<end])
    }

    /// The elements of the group with the class `name` (exactly), e.g. the button.
    func group(withClass name: String) -> [Element]? { group(where: "class", is: name) }

    /// The elements of the item group whose `data-id` is `id`.
    func group(withID id: String) -> [Element]? { group(where: "data-id", is: id) }

    static func translation(_ transform: String?) -> (Double, Double)? {
        guard let transform, transform.hasPrefix("translate("), transform.hasSuffix(")") else { return nil }
        let numbers = transform.dropFirst("translate(".count).dropLast().split(separator: " ").compactMap { Double($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    struct ParseFailure: Error, CustomStringConvertible { let description: String }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var ends: [Int: Int] = [:]
        private var open: [Int] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes))
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if let start = open.popLast() { ends[start] = elements.count }
        }
    }
}

/// docs/configuration.md's layout formulas, written out again independently of PetalCore.
enum SpecLayout {
    static func position(
        _ style: String, index i: Int, spacing: Double = 80, firstAngle: Double = 100,
        angleInterval: Double = 40, radius: Double = 100
    ) -> (x: Double, y: Double) {
        switch style {
        case "linear": return (spacing * Double(i + 1), 0)
        case "stack": return (0, -spacing * Double(i + 1))
        case "list": return (0, 32 * Double(i + 1))
        default:
            let theta = (firstAngle + angleInterval * Double(i)) * .pi / 180
            return (radius * cos(theta), -radius * sin(theta))
        }
    }
}
