import PetalContextCore
import Testing

/// The i3-ipc framing: `i3-ipc`, length, type, payload, however reads split or join messages.
@Suite struct I3IPCTests {
    static let tree = I3IPCMessage(.getTree, payload: #"{"id":1,"type":"root","nodes":[]}"#)
    static let event = I3IPCMessage(
        .windowEvent, payload: #"{"change":"focus","container":{"id":7,"app_id":"foot","name":"~"}}"#)

    @Test func aMessageIsMagicLengthTypeAndPayload() {
        let bytes = I3IPCMessage(.subscribe, payload: #"["window"]"#).bytes
        #expect(Array(bytes.prefix(6)) == Array("i3-ipc".utf8))
        #expect(Array(bytes[6..<10]) == [10, 0, 0, 0], "the payload's length, in the host's (little-endian) order")
        #expect(Array(bytes[10..<14]) == [2, 0, 0, 0], "SUBSCRIBE is 2")
        #expect(Array(bytes[14...]) == Array(#"["window"]"#.utf8))
        #expect(I3IPCMessage(.getTree).bytes.count == I3IPCMessage.headerSize)
    }

    @Test func eventsHaveTheTopBitSet() {
        #expect(Self.event.isEvent)
        #expect(Self.event.kind == .windowEvent)
        #expect(I3IPCMessage(.workspaceEvent).type == 0x8000_0000)
        #expect(!Self.tree.isEvent)
        #expect(I3IPCMessage(type: 0x8000_0005, payload: []).kind == nil, "binding events are not asked for")
    }

    @Test func messagesReadOneByteAtATimeComeOutWhole() throws {
        var decoder = I3IPCDecoder()
        var out: [I3IPCMessage] = []
        for byte in Self.tree.bytes + Self.event.bytes {
            decoder.append([byte])
            while let message = try decoder.next() { out.append(message) }
        }
        #expect(out == [Self.tree, Self.event])
        #expect(decoder.pendingBytes == 0)
    }

    @Test func severalMessagesInOneReadComeOutInOrder() throws {
        var decoder = I3IPCDecoder()
        decoder.append(Self.event.bytes + Self.tree.bytes + Self.event.bytes)
        #expect(try decoder.next() == Self.event)
        #expect(try decoder.next() == Self.tree)
        #expect(try decoder.next() == Self.event)
        #expect(try decoder.next() == nil)
    }

    @Test func aMessageSplitAcrossReadsWaitsForItsEnd() throws {
        let bytes = Self.event.bytes + Self.tree.bytes
        var decoder = I3IPCDecoder()
        decoder.append(bytes[..<10])
        #expect(try decoder.next() == nil, "half a header")
        decoder.append(bytes[10..<20])
        #expect(try decoder.next() == nil, "the header and part of the payload")
        decoder.append(bytes[20..<(Self.event.bytes.count + 3)])
        #expect(try decoder.next() == Self.event)
        #expect(try decoder.next() == nil)
        decoder.append(bytes[(Self.event.bytes.count + 3)...])
        #expect(try decoder.next() == Self.tree)
    }

    @Test func anEmptyPayloadIsAMessage() throws {
        var decoder = I3IPCDecoder()
        decoder.append(I3IPCMessage(.getWorkspaces).bytes)
        #expect(try decoder.next() == I3IPCMessage(type: 1, payload: []))
    }

    @Test func bytesThatAreNoMessageAreRefused() {
        var decoder = I3IPCDecoder()
        decoder.append(Array("HTTP/1.1 400".utf8))
        #expect(throws: I3IPCDecoder.Failure.self) { try decoder.next() }
        // Already after two bytes: a wrong peer is caught before a header's worth arrives.
        var early = I3IPCDecoder()
        early.append(Array("i4".utf8))
        #expect(throws: I3IPCDecoder.Failure.self) { try early.next() }
    }

    @Test func aLengthOverTheLimitIsRefusedBeforeItsBytesCome() {
        var header = I3IPCMessage.magic
        withUnsafeBytes(of: UInt32(I3IPCDecoder.maximumPayload + 1)) { header += $0 }
        withUnsafeBytes(of: UInt32(4)) { header += $0 }
        var decoder = I3IPCDecoder()
        decoder.append(header)
        #expect(throws: I3IPCDecoder.Failure.self) { try decoder.next() }
    }

    @Test func aLongStreamKeepsOnlyWhatIsNotReadYet() throws {
        var decoder = I3IPCDecoder()
        for _ in 0..<5000 {
            decoder.append(Self.event.bytes)
            #expect(try decoder.next() == Self.event)
        }
        #expect(decoder.pendingBytes == 0)
    }
}
