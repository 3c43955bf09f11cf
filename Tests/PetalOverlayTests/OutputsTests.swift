import Foundation
import TestSupport
import Testing

/// `petal-overlay --outputs` and `--probe-pointer` (docs/overlay.md,
/// "Outputs and scale") on real display servers with two outputs: Xorg on
/// the dummy driver (RandR outputs DUMMY0, DUMMY1) and headless sway
/// (HEADLESS-1, HEADLESS-2 at scale 2). The names are the display's own, the
/// frames logical, and outputs added or removed while it runs are followed.
@Suite("Outputs", .timeLimit(.minutes(5)))
struct OutputsTests {
    /// DUMMY0 1024x768 (primary) with DUMMY1 800x600 on its right.
    static let xorgOutputs = ["DUMMY0 1024x768+0+0 scale 1 primary", "DUMMY1 800x600+1024+0 scale 1"]

    @Test func outputsOnXorgAreRandROutputsWithTheirFramesAndThePrimary() async throws {
        let display = try await XorgDummyDisplay()
        defer { display.stop() }
        let run = try await OverlayBinary.run(["--outputs"], environment: display.environment)
        #expect(run.status == 0, "\(run.summary)")
        #expect(Self.lines(run.output) == Self.xorgOutputs, "\(run.summary)")
    }

    @Test func outputsOnSwayAreTheCompositorsNamesWithLogicalFramesAndScales() async throws {
        let sway = try await HeadlessSway(
            width: 1280, height: 720, extraOutputs: [.init(width: 800, height: 600, x: 1280, scale: 2)])
        defer { sway.stop() }
        let run = try await OverlayBinary.run(["--outputs"], environment: sway.environment)
        #expect(run.status == 0, "\(run.summary)")
        // No output is primary on Wayland: the compositor chooses where a surface given none goes.
        #expect(
            Self.lines(run.output) == ["HEADLESS-1 1280x720+0+0 scale 1", "HEADLESS-2 400x300+1280+0 scale 2"],
            "\(run.summary)")
        let names = try await Self.swayOutputNames(sway)
        #expect(Self.lines(run.output).map { String($0.prefix { $0 != " " }) } == names)
    }

    @Test func anOutputTurnedOffAndOnAgainOnXorgIsFollowed() async throws {
        let display = try await XorgDummyDisplay()
        defer { display.stop() }
        let overlay = try display.launch(OverlayBinary.url.path, arguments: ["--outputs", "--follow"])
        defer { overlay.stop() }
        try await Self.waitForList(Self.xorgOutputs, from: overlay)

        try await display.xrandr(["--output", "DUMMY1", "--off"])
        let without = try await Self.waitForList([Self.xorgOutputs[0]], from: overlay)
        #expect(overlay.log.contains("outputs: DUMMY0 1024x768+0+0 scale 1 primary\n"), "\(overlay.log)")

        try await display.xrandr(["--output", "DUMMY1", "--mode", "800x600", "--pos", "1024x0"])
        try await Self.waitForList(Self.xorgOutputs, from: overlay, after: without + 1)
        #expect(overlay.isRunning)
    }

    @Test func anOutputAddedToSwayIsFollowedWithItsName() async throws {
        let sway = try await HeadlessSway(
            width: 1280, height: 720, extraOutputs: [.init(width: 800, height: 600, x: 1280, scale: 2)])
        defer { sway.stop() }
        let overlay = try sway.launch(OverlayBinary.url.path, arguments: ["--outputs", "--follow"])
        defer { overlay.stop() }
        try await Self.waitForList(
            ["HEADLESS-1 1280x720+0+0 scale 1", "HEADLESS-2 400x300+1280+0 scale 2"], from: overlay)

        try await sway.swaymsg(["create_output"])
        let names = try await Self.swayOutputNames(sway)
        #expect(names.count == 3 && names.first == "HEADLESS-1", "\(names)")
        let added = try #require(names.last)
        // Its name comes a round trip after GDK's monitor: the list is printed once it has one.
        try await Self.waitForList(from: overlay, describing: "with \(added)") { list in
            list.count == 3 && list.contains { $0.hasPrefix("\(added) ") }
        }
        #expect(overlay.log.contains(", \(added) "), "the list is logged: \(overlay.log)")
        // (sway 1.7 keeps a disabled output's wl_output: removal is followed on Xorg, above.)
    }

    @Test func theProbeOnSwayWithoutAPointerAnswersNone() async throws {
        // sway's headless seat has no pointer, so the probe's surface is never entered and its time runs out.
        let sway = try await HeadlessSway(
            width: 1280, height: 720, extraOutputs: [.init(width: 800, height: 600, x: 1280, scale: 2)])
        defer { sway.stop() }
        let run = try await OverlayBinary.run(["--probe-pointer", "HEADLESS-2"], environment: sway.environment)
        #expect(run.status == 0, "\(run.summary)")
        #expect(Self.lines(run.output) == ["none"], "\(run.summary)")
        // The surface is gone with the program; the compositor still serves the next client.
        let again = try await OverlayBinary.run(["--outputs"], environment: sway.environment)
        #expect(again.status == 0 && Self.lines(again.output).count == 2, "\(again.summary)")
    }

    @Test func theProbeOnSwayAnswersWhereThePointerEntersItsSurface() async throws {
        let sway = try await HeadlessSway(
            width: 1280, height: 720, extraOutputs: [.init(width: 800, height: 600, x: 1280, scale: 2)])
        defer { sway.stop() }
        // A virtual pointer at (1380, 100) of the 1680x720 layout: 100, 100 into HEADLESS-2.
        let pointer = try sway.launch(
            "/usr/bin/python3",
            arguments: [
                SolidWindow.scripts.appendingPathComponent("virtual_pointer.py").path, "1380", "100", "1680", "720",
            ])
        defer { pointer.stop() }
        try await pointer.waitForLine { $0 == "ready" }

        let there = try await OverlayBinary.run(["--probe-pointer", "HEADLESS-2"], environment: sway.environment)
        #expect(there.status == 0 && Self.lines(there.output) == ["1380,100"], "\(there.summary)")
        // Not on HEADLESS-1: its surface is never entered.
        let elsewhere = try await OverlayBinary.run(["--probe-pointer", "HEADLESS-1"], environment: sway.environment)
        #expect(elsewhere.status == 0 && Self.lines(elsewhere.output) == ["none"], "\(elsewhere.summary)")
    }

    @Test func theProbeOnXorgAnswersWhereTheServerSaysThePointerIs() async throws {
        let display = try await XorgDummyDisplay()
        defer { display.stop() }
        try await display.xdotool(["mousemove", "1300", "200"])
        let run = try await OverlayBinary.run(["--probe-pointer", "DUMMY1"], environment: display.environment)
        #expect(run.status == 0, "\(run.summary)")
        #expect(Self.lines(run.output) == ["1300,200"], "\(run.summary)")
    }

    @Test func aProbeOfAnOutputNobodyHasNamesTheOutputsThereAre() async throws {
        let display = try await XorgDummyDisplay()
        defer { display.stop() }
        let run = try await OverlayBinary.run(["--probe-pointer", "HDMI-9"], environment: display.environment)
        #expect(run.status == 2, "\(run.summary)")
        #expect(
            run.errors.contains("--probe-pointer HDMI-9: no output has that name; the outputs are DUMMY0, DUMMY1"),
            "\(run.summary)")
    }

    @Test(arguments: [["--follow"], ["--outputs", "--render", "x.png"], ["--outputs", "--probe-pointer", "A"]])
    func optionsThatDoNotGoTogetherAreAUsageError(_ arguments: [String]) async throws {
        let run = try await OverlayBinary.run(arguments)
        #expect(run.status == 2, "\(run.summary)")
        #expect(run.errors.contains("go"), "\(run.summary)")
    }

    // MARK: Helpers

    static func lines(_ output: String) -> [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// The output names `swaymsg -t get_outputs` gives, in its order.
    static func swayOutputNames(_ sway: HeadlessSway) async throws -> [String] {
        let text = try await sway.swaymsg(["-t", "get_outputs", "--raw"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return list.compactMap { $0["name"] as? String }
    }

    /// Waits until `--follow` has printed `expected` as a whole list (each
    /// ends with an empty line), the `after`-th list or a later one (the
    /// first is number 0); returns its number.
    @discardableResult
    static func waitForList(
        _ expected: [String], from overlay: BackgroundProcess, after skipped: Int = 0,
        within limit: Duration = .seconds(10)
    ) async throws -> Int {
        try await waitForList(from: overlay, after: skipped, within: limit, describing: "\(expected)") {
            $0 == expected
        }
    }

    /// Waits until `--follow` has printed a whole list that satisfies `predicate`; returns its number.
    @discardableResult
    static func waitForList(
        from overlay: BackgroundProcess, after skipped: Int = 0, within limit: Duration = .seconds(10),
        describing what: String, where predicate: ([String]) -> Bool
    ) async throws -> Int {
        let deadline = ContinuousClock.now + limit
        var lists: [[String]] = []
        while ContinuousClock.now < deadline {
            // The part after the last empty line is a list still being printed.
            lists = overlay.lines.split(separator: "", omittingEmptySubsequences: false).dropLast().map(Array.init)
            if let index = lists.indices.dropFirst(skipped).first(where: { predicate(lists[$0]) }) { return index }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestSetupError("no list \(what) after \(limit); printed \(lists); log:\n\(overlay.log)")
    }
}
