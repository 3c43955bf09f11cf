import Foundation
import Testing

/// docs/architecture.md's table of modules is the rule for what each may
/// import: these tests read the table, every module's `import` lines and
/// Package.swift's dependencies, and fail on any the table does not allow.
@Suite struct ImportRuleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// What the toolchain gives every module.
    static let toolchain: Set<String> = ["Glibc", "Musl", "Dispatch", "Synchronization"]

    /// One row of the table: a module, its folder, what it may import.
    struct Row {
        let module: String
        let folder: String
        let allowed: Set<String>
    }

    /// The table's rows, with the *Name*Plugin rows expanded for each folder under Plugins/.
    static func rules() throws -> [Row] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let pluginsFolder = repository.appendingPathComponent("Plugins").path
        // Folders only: Plugins/ also holds files the plugins share (exports.map).
        let plugins = try FileManager.default.contentsOfDirectory(atPath: pluginsFolder).filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: pluginsFolder + "/" + name, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
        var rows: [Row] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, cells[1].contains("`") else { continue }
            func names(_ cell: String) -> [String] {
                cell == "—" ? [] : cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            let folder = cells[1].replacingOccurrences(of: "`", with: "")
            if cells[0].contains("*Name*") {
                for plugin in plugins {
                    let fill = { (s: String) in s.replacingOccurrences(of: "*Name*", with: plugin) }
                    rows.append(
                        Row(
                            module: fill(cells[0]), folder: fill(folder),
                            allowed: Set(names(cells[3]).map(fill))))
                }
            } else {
                rows.append(Row(module: cells[0], folder: folder, allowed: Set(names(cells[3]))))
            }
        }
        return rows
    }

    @Test func theTableNamesEveryModuleOfThePackage() throws {
        let rows = try Self.rules()
        #expect(rows.count > 20, "docs/architecture.md's table was not read: \(rows.count) rows")
        let declared = try Self.packageTargets().filter { !$0.isTest }.map(\.name)
        let listed = Set(rows.map(\.module))
        for target in declared {
            #expect(
                listed.contains(target),
                "Package.swift declares \(target), which docs/architecture.md's table does not list")
        }
        for row in rows {
            #expect(
                declared.contains(row.module),
                "docs/architecture.md lists \(row.module), which Package.swift does not declare")
        }
    }

    @Test func noModuleImportsWhatTheTableForbids() throws {
        for row in try Self.rules() {
            let excluded =
                row.folder == "Plugins/\(row.module.replacingOccurrences(of: "Plugin", with: ""))"
                ? ["Entry", "Note"] : []
            for (file, module) in try Self.imports(under: row.folder, excluding: excluded)
            where !Self.toolchain.contains(module) {
                #expect(
                    row.allowed.contains(module),
                    "\(file) (module \(row.module)) imports \(module); docs/architecture.md allows only \(row.allowed.sorted().joined(separator: ", "))"
                )
            }
        }
    }

    @Test func packageDependenciesFollowTheTable() throws {
        let rows = Dictionary(try Self.rules().map { ($0.module, $0) }, uniquingKeysWith: { first, _ in first })
        for target in try Self.packageTargets() where !target.isTest {
            guard let row = rows[target.name] else { continue }
            for dependency in target.dependencies {
                #expect(
                    row.allowed.contains(dependency),
                    "Package.swift lets \(target.name) depend on \(dependency); docs/architecture.md allows only \(row.allowed.sorted().joined(separator: ", "))"
                )
            }
        }
    }

    /// The table allows each module only its direct dependencies; this follows
    /// them all the way down, so that no module in between brings PetalDaemon
    /// into the plugin host.
    @Test func thePluginHostDoesNotLinkTheDaemon() throws {
        let dependencies = Dictionary(
            try Self.packageTargets().map { ($0.name, $0.dependencies) },
            uniquingKeysWith: { first, _ in first })
        #expect(dependencies["petal-plugin-host"] != nil, "Package.swift's petal-plugin-host was not read")
        let reached = Self.reachable(from: "petal-plugin-host", in: dependencies)
        #expect(
            reached["PetalDaemon"] == nil,
            "petal-plugin-host links PetalDaemon, through \(reached["PetalDaemon"] ?? "")")
        #expect(reached["PetalPluginRuntime"] != nil, "petal-plugin-host no longer links PetalPluginRuntime")
        // The walk itself: a module reached only through another.
        let found = Self.reachable(from: "host", in: ["host": ["Runtime"], "Runtime": ["Daemon"], "Daemon": ["DBus"]])
        #expect(found == ["Runtime": "host", "Daemon": "Runtime", "DBus": "Daemon"])
    }

    /// The command-line module is every program's, the plugin SDK's users' one
    /// day too: it stands on the standard library and `Spelling` (which
    /// stands on nothing) alone, and every program with a command line
    /// parses it there, with no `UsageError` of its own.
    @Test func theCommandLineModuleStandsAloneAndEveryProgramUsesIt() throws {
        let rows = Dictionary(try Self.rules().map { ($0.module, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(
            rows["PetalCommandLine"]?.allowed == ["Spelling"] && rows["Spelling"]?.allowed == [],
            "docs/architecture.md lets PetalCommandLine import Spelling alone, and Spelling nothing")
        for module in ["PetalControl", "PetalDaemon", "PetalOverlay", "PetalContext"] {
            let imports = try Self.imports(under: "Sources/\(module)", excluding: []).map(\.module)
            #expect(imports.contains("PetalCommandLine"), "\(module) parses its command line with PetalCommandLine")
        }
        let root = Self.repository.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: root.path)?.allObjects.compactMap { $0 as? String } ?? []
        for path in files where path.hasSuffix(".swift") {
            guard !path.hasPrefix("PetalCommandLine/") else { continue }
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            #expect(!text.contains("struct UsageError"), "Sources/\(path) declares a UsageError of its own")
        }
    }

    @Test func aForbiddenImportIsCaught() throws {
        // The check itself: a module that may import nothing, seen importing DBus.
        let row = Row(module: "PetalCore", folder: "Sources/PetalCore", allowed: ["PetalJSON"])
        let found = Self.importedModules(
            in: "import Glibc\nimport DBus\n@testable import PetalJSON\n// import Foundation\n")
        #expect(found == ["Glibc", "DBus", "PetalJSON"])
        #expect(found.filter { !Self.toolchain.contains($0) && !row.allowed.contains($0) } == ["DBus"])
    }

    // MARK: - Reading the tree

    /// The modules each Swift file under `folder` imports (the subfolders `excluding` left out).
    static func imports(under folder: String, excluding: [String]) throws -> [(file: String, module: String)] {
        let root = repository.appendingPathComponent(folder)
        guard let files = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [(String, String)] = []
        for case let path as String in files where path.hasSuffix(".swift") {
            if excluding.contains(where: { path.hasPrefix($0 + "/") }) { continue }
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            found += importedModules(in: text).map { ("\(folder)/\(path)", $0) }
        }
        return found
    }

    /// The modules named by `import` lines (attributes and kinds allowed), in order.
    static func importedModules(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                index + 1 < words.count
            else { return nil }
            let rest = words[(index + 1)...]
            let name =
                ["struct", "class", "enum", "func", "var", "let", "protocol", "typealias"]
                    .contains(String(rest.first!)) && rest.count > 1 ? rest[rest.startIndex + 1] : rest.first!
            return String(name.split(separator: ".").first!)
        }
    }

    /// Every module `start` depends on, directly or not, each with the module it was reached through.
    static func reachable(from start: String, in dependencies: [String: [String]]) -> [String: String] {
        var reached: [String: String] = [:]
        var queue = (dependencies[start] ?? []).map { ($0, start) }
        while let (module, through) = queue.popLast() {
            guard reached[module] == nil else { continue }
            reached[module] = through
            queue += (dependencies[module] ?? []).map { ($0, module) }
        }
        return reached
    }

    struct Target {
        let name: String
        let dependencies: [String]
        let isTest: Bool
    }

    /// The targets of Package.swift as written: literal `.target(name: "X", dependencies: [...])`
    /// calls, and the built-in plugins' three targets each, whose names the manifest builds from a list.
    static func packageTargets() throws -> [Target] {
        let text = try String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [Target] = []
        let call = try Regex(
            #"\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"\\]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#
        )
        for match in text.matches(of: call) {
            let kind = String(match.output[1].substring ?? "")
            let name = String(match.output[2].substring ?? "")
            let list = match.output[3].substring.map(String.init) ?? ""
            let dependencies = list.matches(of: try Regex(#""([A-Za-z-]+)""#)).compactMap {
                $0.output[1].substring.map(String.init)
            }
            targets.append(
                Target(
                    name: name, dependencies: dependencies,
                    isTest: kind == "testTarget" || text.contains("path: \"Tests/") && Self.isTestSupport(name, text)))
        }
        let plugins = text.matches(of: try Regex(#"\("[a-z]+", "([A-Za-z]+)"\)"#)).compactMap {
            $0.output[1].substring.map(String.init)
        }
        for folder in plugins {
            targets.append(Target(name: "\(folder)Plugin", dependencies: ["PetalPlugin", "PetalJSON"], isTest: false))
            targets.append(Target(name: "\(folder)PluginNote", dependencies: ["PetalPluginABI"], isTest: false))
            targets.append(
                Target(
                    name: "\(folder)PluginEntry",
                    dependencies: ["\(folder)Plugin", "\(folder)PluginNote", "PetalPlugin"], isTest: false))
        }
        return targets
    }

    /// Whether target `name` lives under Tests/ (test support, test daemons).
    /// Whether the target called `name` lives under Tests/: its call, up to the next target's, gives such a path.
    static func isTestSupport(_ name: String, _ manifest: String) -> Bool {
        guard let range = manifest.range(of: "name: \"\(name)\"") else { return false }
        let rest = manifest[range.upperBound...]
        let next =
            ["\n    .target(", "\n    .executableTarget(", "\n    .testTarget(", "\n    .systemLibrary(", "\n]"]
            .compactMap { rest.range(of: $0)?.lowerBound }.min() ?? rest.endIndex
        return rest[..<next].contains("path: \"Tests/")
    }
}
