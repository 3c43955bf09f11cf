import DBus
import Dispatch
import Synchronization
import TestSupport
import Testing

/// A point, a row that reads and writes itself through a ``DBusStructLayout``.
private struct Point: DBusArgumentValue, Equatable {
    var name: String
    var x, y: Double

    static let layout = DBusStructLayout(String.self, Double.self, Double.self)
    static let dbusType = DBusType.structure(layout.fieldTypes)
    var dbusValue: DBusValue { Self.layout.encode(name, x, y) }
    init(name: String, x: Double, y: Double) { (self.name, self.x, self.y) = (name, x, y) }
    init?(dbusValue value: DBusValue) {
        guard let (name, x, y) = Self.layout.decode(value) else { return nil }
        self.init(name: name, x: x, y: y)
    }
}

/// Two values a method returns at once.
private struct Span: DBusArgumentList, Equatable {
    var first: Int32, last: Int32
    static let arguments = [DBusArgument("first", .int32), DBusArgument("last", .int32)]
    init(first: Int32, last: Int32) { (self.first, self.last) = (first, last) }
    init?(dbusValues values: [DBusValue]) {
        var reader = DBusValueReader(values)
        guard let first = reader.read(Int32.self), let last = reader.read(Int32.self), reader.isAtEnd else {
            return nil
        }
        self.init(first: first, last: last)
    }
    var dbusValues: [DBusValue] { [.int32(first), .int32(last)] }
}

/// One interface declared once and both ends built from it.
private enum Shapes {
    static let interface: InterfaceName = "org.example.Shapes"
    static let add = DBusMethodDeclaration(
        interface, "Add", in: DBusIn("a", Int32.self), DBusIn("b", Int32.self), out: DBusOut("sum", Int32.self))
    static let span = DBusMethodDeclaration(interface, "Span", in: DBusIn("points", [Point].self), returns: Span.self)
    static let later = DBusMethodDeclaration(
        interface, "Later", in: DBusIn("text", String.self), out: DBusOut("echo", String.self))
    static let reset = DBusMethodDeclaration(interface, "Reset")
    static let points = DBusPropertyDeclaration(interface, "Points", [Point].self)
    static let label = DBusPropertyDeclaration(interface, "Label", String.self, access: .readWrite)
    static let moved = DBusSignalDeclaration(
        interface, "Moved", DBusOut("point", Point.self), DBusOut("by", Double.self))
    /// What a server of another version might say `Add` returns: a string.
    static let addAsText = DBusMethodDeclaration(
        interface, "Add", in: DBusIn("a", Int32.self), DBusIn("b", Int32.self), out: DBusOut("sum", String.self))
}

private final class ShapesObject: Sendable {
    let label = Mutex("start")
    let resets = Atomic(0)

    var interface: DBusInterface {
        DBusInterface(
            Shapes.interface,
            methods: [
                Shapes.add.serve { _, a, b in a &+ b },
                Shapes.span.serve { _, points in Span(first: Int32(points.count), last: Int32(points.last?.x ?? -1)) },
                Shapes.later.serveLater { reply, text in
                    // From a thread of Dispatch's, not a task: the suite's cooperative threads
                    // may all be busy with other tests when the answer is due.
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                        reply.reply(text + "!")
                    }
                },
                Shapes.reset.serve { [self] _ in resets.add(1, ordering: .relaxed) },
            ],
            properties: [
                Shapes.points.serve { [Point(name: "a", x: 1, y: 2), Point(name: "b", x: -3, y: 0.5)] },
                Shapes.label.serve(
                    get: { [self] in label.withLock { $0 } },
                    set: { [self] value in
                        guard !value.isEmpty else { throw DBusError.invalidArgs("Label cannot be empty") }
                        label.withLock { $0 = value }
                    }),
            ], signals: [Shapes.moved.description])
    }
}

@Suite struct DeclarationTests {
    @Test func aRowEncodesAndDecodesThroughItsLayout() {
        let point = Point(name: "p", x: 1.5, y: -2)
        #expect(Point.dbusType.signature == "(sdd)")
        #expect(point.dbusValue.type == Point.dbusType)
        #expect(Point(dbusValue: point.dbusValue) == point)
        #expect(Point(dbusValue: .structure([.string("p"), .double(1)])) == nil, "a field short")
        #expect(
            Point(dbusValue: .structure([.string("p"), .double(1), .double(2), .double(3)])) == nil, "a field over")
        #expect(Point(dbusValue: .structure([.double(1), .double(1), .double(2)])) == nil, "a field of another type")
        #expect([Point].dbusType.signature == "a(sdd)")
    }

    @Test func aDeclarationDescribesWhatIntrospectionShows() {
        #expect(Shapes.add.inSignature == "ii" && Shapes.add.outSignature == "i")
        #expect(Shapes.span.outArguments.map(\.name) == ["first", "last"] && Shapes.span.outSignature == "ii")
        #expect(Shapes.reset.outSignature == "")
        #expect(Shapes.moved.arguments.map(\.type.signature) == ["(sdd)", "d"])
    }

    @Test func bothEndsOfAMethodComeFromItsDeclaration() async throws {
        try await withShapes { service, object in
            let shapes = DBusProxy(
                connection: service.client, destination: service.name, path: .example,
                interface: Shapes.interface)
            #expect(try await shapes.call(Shapes.add, 40, 2) == 42)
            let span = try await shapes.call(Shapes.span, [Point(name: "a", x: 3, y: 0), Point(name: "b", x: 9, y: 1)])
            #expect(span == Span(first: 2, last: 9))
            #expect(try await shapes.call(Shapes.later, "soon") == "soon!")
            try await shapes.call(Shapes.reset)
            #expect(object.resets.load(ordering: .relaxed) == 1)
        }
    }

    @Test func theCallbackFormAnswersOnTheLoopThread() async throws {
        try await withShapes { service, _ in
            let shapes = DBusProxy(
                connection: service.client, destination: service.name, path: .example,
                interface: Shapes.interface)
            let client = service.client
            let answer: (Result<Int32, DBusError>, Bool) = await withCheckedContinuation { continuation in
                shapes.call(Shapes.add, 1, 2) { result in
                    continuation.resume(returning: (result, client.loop.inEventLoop))
                }
            }
            let sum = try answer.0.get()
            #expect(sum == 3)
            #expect(answer.1, "the completion runs on the connection's loop thread")
        }
    }

    @Test func aReplyOfOtherTypesThanDeclaredIsAnErrorNamingBoth() async throws {
        try await withShapes { service, _ in
            do {
                _ = try await service.client.call(Shapes.addAsText, on: service.name, at: .example, 1, 2)
                Issue.record("a reply of type i was read as a string")
            } catch let error as DBusError {
                #expect(error.name == DBusError.Name.invalidSignature)
                #expect(
                    error.message.contains("org.example.Shapes.Add with \"i\"") && error.message.contains("\"s\""),
                    "\(error.message)")
            }
        }
    }

    @Test func propertiesAreReadAndWrittenAsTheirDeclaredTypes() async throws {
        try await withShapes { service, object in
            let shapes = DBusProxy(
                connection: service.client, destination: service.name, path: .example,
                interface: Shapes.interface)
            #expect(try await shapes.get(Shapes.points).map(\.name) == ["a", "b"])
            try await shapes.set(Shapes.label, "moved")
            #expect(object.label.withLock { $0 } == "moved")
            let all = try await shapes.getAll(Shapes.interface)
            #expect(try all.value(Shapes.label) == "moved")
            #expect(try all.value(Shapes.points).last == Point(name: "b", x: -3, y: 0.5))
            await #expect(throws: DBusError.self) { try await shapes.set(Shapes.label, "") }
            // A property read as another type than it has is refused, naming it.
            let mistaken = DBusPropertyDeclaration(Shapes.interface, "Label", Int32.self)
            do throws(DBusError) {
                _ = try all.value(mistaken)
                Issue.record("a string property was read as an integer")
            } catch {
                #expect(
                    error.name == DBusError.Name.invalidSignature && error.message.contains("org.example.Shapes.Label"))
            }
            #expect(try all.valueIfPresent(DBusPropertyDeclaration(Shapes.interface, "Absent", String.self)) == nil)
        }
    }

    @Test func aSignalIsEmittedAndFollowedThroughItsDeclaration() async throws {
        try await withShapes { service, _ in
            let received = Mutex<[(Point, Double)]>([])
            let token = try await service.client.subscribe(Shapes.moved, sender: service.name, path: .example) {
                point, by in received.withLock { $0.append((point, by)) }
            }
            defer { token.cancel() }
            // A signal of the same name with other types is no Moved: it is dropped.
            try service.server.emitSignal(
                path: .example, interface: Shapes.interface, member: "Moved", [.string("bad")])
            try service.server.loop.performAndWait {
                service.server.objectServer.emit(Shapes.moved, at: .example, Point(name: "q", x: 1, y: 1), 0.5)
            }
            for _ in 0..<1000 where received.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
            let moves = received.withLock { $0 }
            #expect(moves.count == 1 && moves.first?.0 == Point(name: "q", x: 1, y: 1) && moves.first?.1 == 0.5)
        }
    }

    @Test func aLimitedArgumentIsRefusedFromItsLengthBeforeItIsDecoded() async throws {
        try await withTestService { service in
            let limited = Shapes.span.limitingSize(of: "points", to: 64) { bytes in
                DBusError.invalidArgs("\(bytes) bytes of points")
            }
            try service.register([
                DBusInterface(
                    Shapes.interface,
                    methods: [
                        limited.serve { _, _ in Span(first: 0, last: 0) }
                    ])
            ])
            let many = (0..<10).map { Point(name: "p\($0)", x: 0, y: 0) }
            do {
                _ = try await service.client.call(Shapes.span, on: service.name, at: .example, many)
                Issue.record("the oversized argument was served")
            } catch let error as DBusError {
                #expect(error.name == DBusError.Name.invalidArgs && error.message.hasSuffix("bytes of points"))
            }
            #expect(
                try await service.client.call(Shapes.span, on: service.name, at: .example, [])
                    == Span(first: 0, last: 0))
        }
    }

    @Test func aCallerRefusedOnAdmissionIsAnsweredBeforeItsArgumentsAreRead() async throws {
        try await withTestService { service in
            let refused = Shared("")
            let served = Shared(0)
            let admitted = Shapes.span.admitting { sender throws(DBusError) in
                if sender == refused.value { throw DBusError("org.example.Error.Full", "\(sender) has enough spans") }
            }
            try service.register([
                DBusInterface(
                    Shapes.interface,
                    methods: [
                        admitted.serve { _, _ in
                            served.value += 1
                            return Span(first: 0, last: 0)
                        }
                    ])
            ])
            #expect(
                try await service.client.call(Shapes.span, on: service.name, at: .example, [])
                    == Span(first: 0, last: 0))
            refused.value = service.client.uniqueName
            do {
                _ = try await service.client.call(Shapes.span, on: service.name, at: .example, [])
                Issue.record("a refused caller was served")
            } catch let error as DBusError {
                #expect(error.name == "org.example.Error.Full" && error.message.hasSuffix("has enough spans"))
            }
            #expect(served.value == 1, "the handler ran for the refused caller")
        }
    }
}

/// Runs `body` with ``ShapesObject`` served at `/org/example`.
private func withShapes(_ body: (TestService, ShapesObject) async throws -> Void) async throws {
    try await withTestService { service in
        let object = ShapesObject()
        try service.register([object.interface])
        try await body(service, object)
    }
}
