/// One message of the i3-ipc protocol that sway and i3 speak on their IPC
/// socket: `i3-ipc`, the payload's length and the message type (each a
/// 32-bit integer in the host's byte order), then the payload, JSON.
///
/// Replies carry the type of the request they answer; events have the top
/// bit of the type set.
public struct I3IPCMessage: Equatable, Sendable {
    /// The message types petal-context sends and the events it subscribes to.
    public enum Kind: UInt32, Sendable {
        /// `GET_WORKSPACES`: every workspace, the focused one marked.
        case getWorkspaces = 1
        /// `SUBSCRIBE`: a JSON array of event names.
        case subscribe = 2
        /// `GET_TREE`: the whole layout tree.
        case getTree = 4
        /// The `workspace` event.
        case workspaceEvent = 0x8000_0000
        /// The `window` event.
        case windowEvent = 0x8000_0003
    }

    /// The 6 bytes every message starts with.
    public static let magic = Array("i3-ipc".utf8)
    /// The size of a message's header: the magic, the length, the type.
    public static let headerSize = 14

    /// The message type, as sent.
    public let type: UInt32
    /// The payload, JSON text.
    public let payload: [UInt8]

    /// A message of `type` carrying `payload`.
    public init(type: UInt32, payload: [UInt8]) {
        self.type = type
        self.payload = payload
    }

    /// A message of `kind` carrying `payload`.
    public init(_ kind: Kind, payload: String = "") {
        self.init(type: kind.rawValue, payload: Array(payload.utf8))
    }

    /// The type as a known kind; nil for any other.
    public var kind: Kind? { Kind(rawValue: type) }

    /// Whether this is an event rather than a reply.
    public var isEvent: Bool { type & 0x8000_0000 != 0 }

    /// The message as it goes on the socket.
    public var bytes: [UInt8] {
        var bytes = Self.magic
        bytes.reserveCapacity(Self.headerSize + payload.count)
        withUnsafeBytes(of: UInt32(payload.count)) { bytes += $0 }
        withUnsafeBytes(of: type) { bytes += $0 }
        return bytes + payload
    }
}

/// Messages out of a stream of bytes read from an i3-ipc socket, however
/// the reads split or join them.
public struct I3IPCDecoder: Sendable {
    /// The largest payload taken: a layout tree of hundreds of windows is a
    /// few MiB; more than this is a broken or hostile peer.
    public static let maximumPayload = 32 << 20

    /// The stream does not follow the protocol; nothing after it can be read.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    private var buffer: [UInt8] = []
    private var start = 0

    /// An empty decoder.
    public init() {}

    /// Bytes read from the socket, in order.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// How many bytes wait that do not make a whole message yet.
    public var pendingBytes: Int { buffer.count - start }

    /// The next whole message, or nil when more bytes are needed.
    ///
    /// - Throws: ``Failure`` when the bytes do not start with `i3-ipc`, or
    ///   announce a payload over ``maximumPayload``.
    public mutating func next() throws(Failure) -> I3IPCMessage? {
        let available = buffer.count - start
        let magicCount = I3IPCMessage.magic.count
        if !buffer[start..<start + min(available, magicCount)].elementsEqual(
            I3IPCMessage.magic.prefix(min(available, magicCount)))
        {
            throw Failure(
                description: "the socket sent bytes that are no i3-ipc message (they do not start with \"i3-ipc\")")
        }
        guard available >= I3IPCMessage.headerSize else { return nil }
        let length = Int(word(at: start + 6))
        let type = word(at: start + 10)
        guard length <= Self.maximumPayload else {
            throw Failure(
                description:
                    "the socket announced a message of \(length) bytes; at most \(Self.maximumPayload) are taken")
        }
        guard available >= I3IPCMessage.headerSize + length else { return nil }
        let payloadStart = start + I3IPCMessage.headerSize
        let message = I3IPCMessage(type: type, payload: Array(buffer[payloadStart..<payloadStart + length]))
        start = payloadStart + length
        compact()
        return message
    }

    private func word(at offset: Int) -> UInt32 {
        buffer[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }

    /// Drops what was taken, once it is most of the buffer, so a long
    /// stream of events costs no more than its largest message.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 16)
            start = 0
        } else if start > 1 << 16, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
