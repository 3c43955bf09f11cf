import Foundation
import Glibc
import Linux
import PetalConfiguration
import PetalCore
import PetalDaemon
import Testing

/// The configuration file's rules: a regular file of at most 1 MiB, problems
/// that name the file, and where the file is looked for.
struct ConfigurationFileTests {
    /// A fresh folder, removed when the test ends.
    final class Folder {
        let path: String
        init() throws {
            var template = Array((NSTemporaryDirectory() + "petal-config-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { throw POSIXError(.EIO) }
            path = String(cString: made)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        @discardableResult
        func write(_ name: String, _ text: String) throws -> String {
            let file = path + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            return file
        }
    }

    /// Loads `path` and returns the refusal, failing the test if it loads.
    func refusal(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> ConfigurationError? {
        do {
            _ = try ConfigurationFile.load(path: path)
            Issue.record("\(path) loaded", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test func loadsAValidFileAndNamesItInWarnings() throws {
        let folder = try Folder()
        let file = try folder.write("config.json", #"{"menu": {"layout": "stack", "colour": 1}}"#)
        let loaded = try ConfigurationFile.load(path: file)
        let (config, warnings) = (loaded.configuration, loaded.warnings)
        #expect(config.menu.geometry.style == .stack)
        #expect(loaded.file == file)
        #expect(
            warnings.map(\.description) == [
                "\(file):1:40: warning: menu.colour: unknown key, ignored; "
                    + "the keys known in menu are layout, spacing, firstAngle, angleInterval, radius, openDuration, "
                    + "closeDuration, closeOnActivate"
            ])
    }

    @Test func listsEveryProblemWithTheFileName() throws {
        let folder = try Folder()
        let file = try folder.write(
            "bad.json",
            """
            {"items": [{"id": "a", "action": "x", "color": "red"},
                       {"id": "a"}]}
            """)
        let error = try #require(refusal(file))
        #expect(error.path == file && error.errno == nil && !error.isMissingFile)
        #expect(
            error.description.split(separator: "\n") == [
                ##"\##(file):1:48: items[0].color: expected a colour such as "#ef5285" or "#ef5285cc", found "red""##,
                #"\#(file):2:12: items[1].action: missing; every item needs an action such as "camera.open" or a submenu"#,
                #"\#(file):2:19: items[1].id: expected a unique id, found "a", which items[0] has too"#,
            ])
    }

    @Test func syntaxErrorsHaveLineAndColumn() throws {
        let folder = try Folder()
        let file = try folder.write("broken.json", "{\n  \"menu\": {\n    \"layout\": \"radial\",\n  }\n}\n")
        #expect(
            refusal(file)?.description == #"\#(file):4:3: invalid JSON: expected a string key after ",", found "}""#)
    }

    @Test func aMissingFileIsAnError() throws {
        let folder = try Folder()
        let error = try #require(refusal(folder.path + "/none.json"))
        #expect(error.isMissingFile)
        #expect(error.description == "\(folder.path)/none.json: cannot open the file: No such file or directory")
    }

    @Test func aDirectoryIsRefused() throws {
        let folder = try Folder()
        #expect(
            refusal(folder.path)?.description
                == "\(folder.path): expected a regular file, found a directory; the configuration must be a JSON file")
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try Folder()
        let fifo = folder.path + "/fifo.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(
            refusal(fifo)?.description
                == "\(fifo): expected a regular file, found a FIFO; the configuration must be a JSON file")
    }

    @Test func aCharacterDeviceIsRefused() {
        #expect(
            refusal("/dev/null")?.description
                == "/dev/null: expected a regular file, found a character device; the configuration must be a JSON file"
        )
    }

    @Test func symbolicLinksAreFollowedToRegularFilesOnly() throws {
        let folder = try Folder()
        let target = try folder.write("real.json", #"{"items": []}"#)
        #expect(symlink(target, folder.path + "/link.json") == 0)
        #expect(try ConfigurationFile.load(path: folder.path + "/link.json").configuration.items.isEmpty)
        #expect(symlink(folder.path, folder.path + "/dir.json") == 0)
        #expect(refusal(folder.path + "/dir.json")?.problems.first?.message.contains("found a directory") == true)
        #expect(symlink(folder.path + "/gone", folder.path + "/dangling.json") == 0)
        #expect(refusal(folder.path + "/dangling.json")?.isMissingFile == true)
    }

    @Test func theSizeIsCappedAtOneMebibyte() throws {
        let folder = try Folder()
        let limit = ConfigurationFile.maximumBytes
        #expect(limit == 1_048_576)
        let exact = try folder.write("exact.json", "{}" + String(repeating: " ", count: limit - 2))
        #expect(try ConfigurationFile.load(path: exact).configuration == .embeddedDefault)
        let over = try folder.write("over.json", "{}" + String(repeating: " ", count: limit - 1))
        #expect(refusal(over)?.description == "\(over): the file is 1048577 bytes; the limit is 1048576 bytes (1 MiB)")
        let huge = try folder.write("huge.json", #"{"x": ""# + String(repeating: "y", count: 2 << 20) + #""}"#)
        #expect(refusal(huge)?.problems.first?.message.hasPrefix("the file is 2097161 bytes") == true)
    }

    @Test(.enabled(if: geteuid() != 0, "root reads files whatever their mode"))
    func anUnreadableFileIsRefused() throws {
        let folder = try Folder()
        let file = try folder.write("secret.json", "{}")
        #expect(chmod(file, 0) == 0)
        #expect(refusal(file)?.description == "\(file): cannot open the file: Permission denied")
    }

    @Test func aFileOfNothingButJunkIsRefusedNotCrashedOn() throws {
        let folder = try Folder()
        let file = folder.path + "/junk.json"
        var random = [UInt8](repeating: 0, count: 65_536)
        for index in random.indices { random[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13) }
        try Data(random).write(to: URL(fileURLWithPath: file))
        #expect(refusal(file)?.problems.first?.message.hasPrefix("invalid JSON: ") == true)
    }

    @Test func checkReportsEveryProblemAndTheConfiguration() throws {
        let folder = try Folder()
        let good = try folder.write("good.json", #"{"items": [], "x": 1}"#)
        let loaded = try ConfigurationFile.check(path: good).get()
        #expect(loaded.configuration.items == [] && loaded.warnings.count == 1 && loaded.warnings.first?.file == good)
        let bad = try folder.write("bad.json", #"{"items": [{"id": 1}], "menu": {"layout": "x"}}"#)
        let problems = refusal(bad)?.problems ?? []
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.check(path: bad).get() }
        // The missing action points at its item.
        #expect(problems.map(\.path) == ["items[0].action", "items[0].id", "menu.layout"])
        #expect(problems.allSatisfy { $0.file == bad && $0.isError })
        #expect(refusal(folder.path)?.problems.count == 1)
    }

    // MARK: - Where the file is

    @Test func theDefaultPathFollowsXDG() {
        #expect(
            ConfigurationFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"])
                == "/x/cfg/petal/config.json")
        #expect(
            ConfigurationFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.config/petal/config.json")
        #expect(ConfigurationFile.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.config/petal/config.json")
        #expect(ConfigurationFile.defaultPath(environment: [:]) == nil)
    }

    @Test func aMissingDefaultFileMeansTheEmbeddedMenu() throws {
        let folder = try Folder()
        let environment = ["XDG_CONFIG_HOME": folder.path]
        let loaded = try ConfigurationFile.loadConfigured(explicitPath: nil, environment: environment)
        #expect(loaded.configuration == .embeddedDefault && loaded.warnings.isEmpty && loaded.file == nil)
        #expect(
            try ConfigurationFile.loadConfigured(explicitPath: nil, environment: [:]).configuration == .embeddedDefault)

        #expect(mkdir(folder.path + "/petal", 0o700) == 0)
        try folder.write("petal/config.json", #"{"items": []}"#)
        #expect(
            try ConfigurationFile.loadConfigured(explicitPath: nil, environment: environment).configuration.items
                .isEmpty)
        try folder.write("petal/config.json", #"{"items": 3}"#)
        #expect(throws: ConfigurationError.self) {
            try ConfigurationFile.loadConfigured(explicitPath: nil, environment: environment)
        }
    }

    @Test func aMissingExplicitFileIsAnError() throws {
        let folder = try Folder()
        do {
            _ = try ConfigurationFile.loadConfigured(explicitPath: folder.path + "/nope.json", environment: [:])
            Issue.record("a missing --config file loaded")
        } catch {
            #expect(error.isMissingFile)
        }
    }

    /// `readToEnd` keeps one byte past the limit, so a file at the limit is told from one over
    /// it; a read that fails names the call and the file.
    @Test func readingToTheEndStopsOnePastTheLimitAndNamesAFailedRead() throws {
        let folder = try Folder()
        let file = try folder.write("ten.txt", "0123456789")
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        defer { close(fd) }
        #expect(try readToEnd(fd, path: file, limit: 4) == Array("01234".utf8))
        #expect(try readToEnd(fd, path: file, limit: 100) == Array("56789".utf8))

        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(directory) }
        do {
            _ = try readToEnd(directory, path: folder.path, limit: 10)
            Issue.record("a directory was read")
        } catch {
            #expect(error.call == "read" && error.path == folder.path && error.errno == EISDIR)
            #expect(error.description == "read \(folder.path) failed: Is a directory (errno 21)")
        }
    }
}
