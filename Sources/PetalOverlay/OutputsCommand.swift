import CGtk
import Glibc
import Linux
import PetalCore
import PetalScene

/// `petal-overlay --outputs [--follow]` and `--probe-pointer OUTPUT`: the
/// outputs and the pointer as the overlay sees them, for a person choosing
/// the name to give `petalctl show --output` (docs/overlay.md, "Outputs and scale").
@MainActor
enum OutputsCommand {
    /// Runs `mode` (``OverlayOptions/Mode/outputs(follow:)`` or
    /// ``OverlayOptions/Mode/probePointer(output:)``); returns the exit status:
    /// 0, 1 without a display, 2 for an output nobody has.
    static func run(_ mode: OverlayOptions.Mode, log: Logger) -> Int32 {
        guard gtk_init_check(nil, nil) != PETAL_FALSE, let outputs = OverlayOutputs(log: log) else {
            log.error(
                "cannot open a display: neither WAYLAND_DISPLAY nor DISPLAY names one that answers. Run petal-overlay inside a graphical session (see petal-overlay(1))"
            )
            return 1
        }
        switch mode {
        case .outputs(let follow):
            print(outputs, ended: follow)
            guard follow else { return 0 }
            outputs.changed = { [unowned outputs] in print(outputs, ended: true) }
            SignalHandlers.quitOnTermination()
            gtk_main()
            return 0
        case .probePointer(let name):
            guard let output = outputs.outputs.first(where: { $0.name == name }) else {
                log.error(
                    "--probe-pointer \(name): no output has that name; the outputs are \(outputs.outputs.map(\.name).joined(separator: ", "))"
                )
                return 2
            }
            var answer: Point??
            outputs.probePointer(on: output) { point in
                answer = .some(point)
                if gtk_main_level() > 0 { gtk_main_quit() }
            }
            if answer == nil { gtk_main() }
            let point = answer ?? nil
            print(point.map { "\(OverlayOutputs.number($0.x)),\(OverlayOutputs.number($0.y))" } ?? "none")
            fflush(nil)  // all streams: stdout is a C global Swift 6 will not read
            return 0
        default:
            return 2
        }
    }

    /// Prints the outputs, one a line, then an empty line when `ended`
    /// (with --follow, so a reader knows a list is whole), and flushes them.
    private static func print(_ outputs: OverlayOutputs, ended: Bool) {
        for output in outputs.outputs {
            print(OverlayOutputs.line(for: output, primary: output == outputs.primary))
        }
        if ended { print("") }
        fflush(nil)  // all streams: stdout is a C global Swift 6 will not read
    }

    private static func print(_ line: String) {
        Swift.print(line)
    }
}
