import DBus
import DBusJSON
import PetalAPI
import PetalJSON
import PetalPluginRuntime

/// Where a provider is: the bus name `Invoke` goes to and its object.
struct ProviderEndpoint: Equatable, Sendable {
    /// The provider's name, its actions' namespace.
    let name: String
    /// The unique name of the connection that registered it, or a drop-in's
    /// well-known name, which the bus activates; "" on a peer connection (an isolated plugin's host).
    let busName: String
    let path: ObjectPath
    /// How messages name it: "provider", or "plugin" for an isolated plugin.
    var noun = "provider"

    /// `dbus:<bus name><object path>`, as `Plugins` lists it.
    var location: String { "dbus:\(busName)\(path.rawValue)" }
}

/// An action served by a D-Bus action provider: each run is an `Invoke`
/// call to the provider, and a cancellation is a `Cancel` call (docs/plugins.md).
///
/// Both are sent from the event loop without waiting: the reply comes back
/// on it, so a provider that is slow, hangs or leaves costs petald nothing
/// but the pending call, which ends at `callTimeout`.
struct ProviderAction: Action {
    let id: String
    let title: String
    let icon: String
    let endpoint: ProviderEndpoint
    let connection: DBusConnection
    /// How long a pending `Invoke` is kept: beyond `actions.timeout`, which answers the caller first.
    let callTimeout: Duration

    func start(_ params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void) -> ActionCancellation {
        let destination: BusName?
        do {
            destination = endpoint.busName.isEmpty ? nil : try BusName(endpoint.busName)
        } catch {
            finish(.failure(.failed("provider \(endpoint.name): its bus name \(endpoint.busName) is not valid")))
            return .none
        }
        let call: Message
        do {
            call = try PetalBus.ActionProvider.invoke.message(
                to: destination, at: endpoint.path, params.invocation, id, DBusJSON.dictionary(params.object))
        } catch {
            finish(
                .failure(
                    .failed("\(endpoint.noun) \(endpoint.name): the parameters of \(id) could not be sent: \(error)")))
            return .none
        }
        let endpoint = endpoint
        let action = id
        connection.sendWithReply(call, timeout: callTimeout) { reply in
            finish(Self.outcome(of: reply, action: action, provider: "\(endpoint.noun) \(endpoint.name)"))
        }
        let connection = connection
        let invocation = params.invocation
        return ActionCancellation {
            // Called on the loop, like start; nobody waits for Cancel's answer.
            try? connection.send(PetalBus.ActionProvider.cancel, on: destination, at: endpoint.path, invocation)
        }
    }

    /// The caller's outcome for a provider's reply (`provider` is "provider NAME" or "plugin NAME"): its `a{sv}`, measured before
    /// it is decoded; `InvalidParams` and `ActionFailed` pass through, any other
    /// error becomes `ActionFailed` carrying its name and message.
    static func outcome(of reply: Result<Message, DBusError>, action: String, provider: String) -> ActionOutcome {
        switch reply {
        case .success(let message):
            let declared = PetalBus.ActionProvider.invoke.outSignature
            guard message.hasSignature(declared) else {
                return .failure(
                    .failed(
                        "\(provider) answered \(action) with \"\(message.signature)\"; Invoke must return an \(declared)"
                    ))
            }
            if let bytes = message.argumentByteLengths().first ?? nil, bytes > ParamsCoding.maximumWireBytes {
                return .failure(
                    .failed(
                        "\(provider) returned a result for \(action) of \(bytes) bytes in the message; the limit is \(ParamsCoding.maximumJSONBytes) bytes as JSON"
                    ))
            }
            guard let values = try? message.argumentsWithoutDescriptors(),
                let result = try? PetalBus.ActionProvider.invoke.decodeReply(values, from: provider)
            else {
                return .failure(.failed("\(provider) returned a result for \(action) that could not be read"))
            }
            return ActionError.checkSize(of: DBusJSON.object(result), from: "\(provider), action \(action),")
        case .failure(let error):
            switch error.name {
            case PetalError.Name.invalidParams.errorName: return .failure(.invalidParams(error.message))
            case PetalError.Name.actionFailed.errorName: return .failure(.failed(error.message))
            case DBusError.Name.noReply where error.message.contains("disconnected"):
                // The bus's answer for a call whose recipient left, which reads like a timeout.
                return .failure(.failed("\(provider) left the bus while running \(action)"))
            default: return .failure(.failed("\(provider) failed \(action): \(error.name): \(error.message)"))
            }
        }
    }
}
