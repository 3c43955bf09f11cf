import Foundation
import Testing

/// PetalDaemon's folders are rooms of one concern each (docs/architecture.md,
/// "petald's rooms"): no two of them use each other's types both ways, so
/// each room reads on its own, with what it uses below it.
@Suite struct RoomRuleTests {
    static let daemon = ImportRuleTests.repository.appendingPathComponent("Sources/PetalDaemon")

    /// The types each folder of `root` declares, by name.
    static func declarations(under root: URL) throws -> (
        types: [String: String], code: [(folder: String, text: String)]
    ) {
        var types: [String: String] = [:]
        var code: [(String, String)] = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        let declaration = try Regex(
            #"(?m)^(?:public |package |private |fileprivate |internal )?(?:final )?(?:class|struct|enum|protocol|typealias|actor)\s+(\w+)"#
        )
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let folder = String(url.deletingLastPathComponent().path.dropFirst(root.path.count + 1))
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { types[String(name)] = folder }
            }
            // Comments name other rooms' types freely; only code counts.
            let lines = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            code.append((folder, lines.joined(separator: "\n")))
        }
        return (types, code)
    }

    /// Which folders' types each folder's code names.
    static func uses(under root: URL) throws -> [String: [String: Set<String>]] {
        let (types, code) = try declarations(under: root)
        var uses: [String: [String: Set<String>]] = [:]
        for (folder, text) in code {
            let words = Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
            for (name, owner) in types where owner != folder && words.contains(name) {
                uses[folder, default: [:]][owner, default: []].insert(name)
            }
        }
        return uses
    }

    @Test func noTwoOfPetaldsRoomsUseEachOtherBothWays() throws {
        let uses = try Self.uses(under: Self.daemon)
        #expect(uses.count >= 6, "the rooms were not read: \(uses.keys.sorted())")
        for (room, used) in uses {
            for (other, names) in used where room < other {
                if let back = uses[other]?[room] {
                    Issue.record(
                        "\(room) uses \(other)'s \(names.sorted()), and \(other) uses \(room)'s \(back.sorted()): move what they share to a room below both"
                    )
                }
            }
        }
    }

    @Test func aRoomThatUsesAnotherBothWaysIsCaught() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rooms-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for room in ["A", "B"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(room), withIntermediateDirectories: true)
        }
        try "struct Apple { let pear: Pear }".write(
            to: folder.appendingPathComponent("A/Apple.swift"), atomically: true, encoding: .utf8)
        try "struct Pear {}\n// Apple is named in a comment only\nfunc f(_ a: Apple) {}".write(
            to: folder.appendingPathComponent("B/Pear.swift"), atomically: true, encoding: .utf8)
        let uses = try Self.uses(under: folder)
        #expect(uses["A"]?["B"] == ["Pear"])
        #expect(uses["B"]?["A"] == ["Apple"])
    }
}
