import DBus
import PetalAPI

/// What `toggle`, `open` and `show` say when nothing will draw the menu they
/// open: no program owns `org.petal.Frontend1` and the bus has nothing to
/// start one with (docs/dbus-api.md, "A frontend on demand"). The command
/// still succeeds; petald has done what it was asked.
extension Controller {
    /// For `toggle`, `open` and `show`: asks the bus now, beside the command's
    /// own call, so that the question costs no round trip of its own; nil for
    /// any other command.
    func askForFrontend(_ client: PetalClient) -> FrontendQuestion? {
        switch invocation.command {
        case .toggle, .open, .show: FrontendQuestion(client)
        default: nil
        }
    }
}

/// The bus's answer to "does anything draw menus?", asked by
/// ``Controller/askForFrontend(_:)`` and read once the command is done.
struct FrontendQuestion {
    private let answer = Answer<PetalClient.FrontendAvailability>()

    fileprivate init(_ client: PetalClient) {
        let answer = answer
        client.frontendAvailability { answer.give($0) }
    }

    /// Waits for the answer, and says on `console`'s standard error when
    /// nothing draws menus or can be started to; an answer that failed says nothing.
    func warnIfNothingDraws(on console: Console) {
        guard case .success(.absent) = answer.take() else { return }
        console.error("petalctl: \(PetalBus.noFrontendMessage)")
    }
}
