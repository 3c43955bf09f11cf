import Foundation
import TestSupport
import Testing

/// `make install` puts petal-context, its user unit and its man page in place.
@Suite("petal-context installed", .timeLimit(.minutes(2)))
struct InstallTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test(
        "make install: the binary, a user unit of the graphical session with its paths filled in, the page, the document"
    )
    func installsTheProgramAndItsUnit() async throws {
        let destdir = try ContextProgram.scratchFolder("install")
        defer { try? FileManager.default.removeItem(at: destdir) }
        let make = [
            "make", "--no-print-directory", "-C", Self.repository.path,
            "DESTDIR=\(destdir.path)", "PREFIX=/usr", "PRODUCTS=\(RunningDaemon.binDirectory.path)",
        ]
        let install = try await ExternalCommand.running(make + ["install"])
        try #require(install.status == 0, "\(install.summary)")
        let root = destdir.appendingPathComponent("usr")
        for file in ["bin/petal-context", "share/man/man1/petal-context.1", "share/doc/petal/docs/context.md"] {
            #expect(
                FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file) is installed")
        }
        #expect(FileManager.default.isExecutableFile(atPath: root.appendingPathComponent("bin/petal-context").path))

        let unit = try String(
            contentsOf: root.appendingPathComponent("share/systemd/user/petal-context.service"), encoding: .utf8)
        for line in [
            "ExecStart=/usr/bin/petal-context", "PartOf=graphical-session.target",
            "After=graphical-session.target", "WantedBy=graphical-session.target",
            "Documentation=man:petal-context(1) man:petald(8) file:/usr/share/doc/petal/docs/context.md",
        ] {
            #expect(unit.contains("\n\(line)\n"), "the unit lacks \(line):\n\(unit)")
        }
        #expect(!unit.contains("@BINDIR@") && !unit.contains("@DOCDIR@"), "every placeholder is filled in")
        let page = try String(
            contentsOf: root.appendingPathComponent("share/man/man1/petal-context.1"), encoding: .utf8)
        #expect(page.contains(".TH \"petal-context\" \"1\""), "\(page.prefix(300))")

        let uninstall = try await ExternalCommand.running(make + ["uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.summary)")
        for file in ["bin/petal-context", "share/systemd/user/petal-context.service", "share/man/man1/petal-context.1"]
        {
            #expect(
                !FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file) is removed")
        }
    }
}
