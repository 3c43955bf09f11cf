import Testing

@testable import DBus

/// The order in which a connection serves the calls it has read.
@Suite struct CallsInTurnTests {
    /// Takes every call, in the order served.
    private func drain<Call>(_ calls: inout CallsInTurn<Call>) -> [Call] {
        var served: [Call] = []
        while let call = calls.removeNext() { served.append(call) }
        return served
    }

    @Test func oneCallersCallsKeepTheirOrder() {
        var calls = CallsInTurn<String>()
        for index in 1...5 { calls.append("a\(index)", from: ":1.1") }
        #expect(calls.count == 5)
        #expect(drain(&calls) == ["a1", "a2", "a3", "a4", "a5"])
        #expect(calls.isEmpty && calls.removeNext() == nil)
    }

    @Test func callersAreServedInTurn() {
        var calls = CallsInTurn<String>()
        for index in 1...3 { calls.append("a\(index)", from: ":1.1") }
        for index in 1...2 { calls.append("b\(index)", from: ":1.2") }
        calls.append("c1", from: ":1.3")
        #expect(drain(&calls) == ["a1", "b1", "c1", "a2", "b2", "a3"])
    }

    @Test func aNewCallerWaitsForOneCallOfEachOtherCallerAtMost() {
        var calls = CallsInTurn<String>()
        for index in 1...100 { calls.append("flood\(index)", from: ":1.1") }
        for index in 1...100 { calls.append("more\(index)", from: ":1.2") }
        #expect(calls.removeNext() == "flood1")
        calls.append("get", from: ":1.3")
        // One call of each caller waiting before it, then the newcomer's.
        #expect([calls.removeNext(), calls.removeNext(), calls.removeNext()] == ["more1", "flood2", "get"])
        #expect(calls.count == 197)
    }

    @Test func aCallerWhoseCallsRanOutQueuesAgainAtTheBack() {
        var calls = CallsInTurn<String>()
        calls.append("a1", from: ":1.1")
        calls.append("b1", from: ":1.2")
        calls.append("b2", from: ":1.2")
        #expect(calls.removeNext() == "a1")
        calls.append("a2", from: ":1.1")
        #expect(drain(&calls) == ["b1", "a2", "b2"])
    }

    @Test func manyCallsFromOneCallerAreTakenInOrderAsTheyCome() {
        var calls = CallsInTurn<Int>()
        var served: [Int] = []
        for index in 0..<10_000 {
            calls.append(index, from: ":1.1")
            if index % 3 == 0, let call = calls.removeNext() { served.append(call) }
        }
        while let call = calls.removeNext() { served.append(call) }
        #expect(served == Array(0..<10_000))
    }

    @Test func heldCallsGoBeforeTheCallersLaterOnes() {
        var calls = CallsInTurn<String>()
        calls.append("a3", from: ":1.1")
        calls.prepend(["a1", "a2"], from: ":1.1")
        calls.prepend(["b1"], from: ":1.2")
        #expect(drain(&calls) == ["a1", "b1", "a2", "a3"])
    }

    @Test func thousandsOfCallersAreEachServedOnceARound() {
        var calls = CallsInTurn<Int>()
        for caller in 0..<5_000 {
            calls.append(caller, from: ":1.\(caller)")
            calls.append(caller + 5_000, from: ":1.\(caller)")
        }
        #expect(drain(&calls) == Array(0..<10_000))
    }

    @Test func removingAllForgetsEveryCaller() {
        var calls = CallsInTurn<String>()
        calls.append("a1", from: ":1.1")
        calls.append("b1", from: ":1.2")
        calls.removeAll()
        #expect(calls.isEmpty && calls.removeNext() == nil)
        calls.append("c1", from: ":1.3")
        #expect(drain(&calls) == ["c1"])
    }

    @Test func aCallerWithTheMostCallsWaitingIsRefusedOneMore() {
        var calls = CallsInTurn<String>(maximumPerCaller: 3)
        let letIn = (1...3).map { calls.append("a\($0)", from: ":1.1") }
        let fourth = calls.append("a4", from: ":1.1")
        // Another caller is let in; the refused call was never added.
        let other = calls.append("b1", from: ":1.2")
        #expect(letIn == [nil, nil, nil] && fourth == .tooManyCalls && other == nil)
        #expect(calls.count == 4)
        #expect(drain(&calls) == ["a1", "b1", "a2", "a3"])
    }

    @Test func aCallServedMakesRoomForOneMore() {
        var calls = CallsInTurn<String>(maximumPerCaller: 2)
        calls.append("a1", from: ":1.1")
        calls.append("a2", from: ":1.1")
        let third = calls.append("a3", from: ":1.1")
        #expect(third == .tooManyCalls)
        #expect(calls.removeNext() == "a1")
        let fourth = calls.append("a4", from: ":1.1")
        let fifth = calls.append("a5", from: ":1.1")
        #expect(fourth == nil && fifth == .tooManyCalls)
        #expect(drain(&calls) == ["a2", "a4"])
    }

    @Test func heldCallsAreAddedPastTheLimit() {
        var calls = CallsInTurn<String>(maximumPerCaller: 2)
        calls.append("a3", from: ":1.1")
        calls.append("a4", from: ":1.1")
        calls.prepend(["a1", "a2"], from: ":1.1")
        #expect(calls.count == 4)
        // Until they are served, nothing more of that caller's is let in.
        let fifth = calls.append("a5", from: ":1.1")
        #expect(fifth == .tooManyCalls)
        #expect(drain(&calls) == ["a1", "a2", "a3", "a4"])
    }

    @Test func aCallerWithACallWaitingIsRefusedPastTheBytesOfAll() {
        var calls = CallsInTurn<String>(maximumBytes: 100)
        let first = calls.append("a1", from: ":1.1", bytes: 60)
        let second = calls.append("a2", from: ":1.1", bytes: 41)
        let third = calls.append("a3", from: ":1.1", bytes: 40)
        #expect(first == nil && second == .tooManyBytes && third == nil)
        #expect(calls.bytes == 100 && calls.count == 2)
        // Another caller's first call is let in however large, its second is not.
        let other = calls.append("b1", from: ":1.2", bytes: 500)
        let otherSecond = calls.append("b2", from: ":1.2", bytes: 1)
        #expect(other == nil && otherSecond == .tooManyBytes)
        #expect(drain(&calls) == ["a1", "b1", "a3"])
        #expect(calls.bytes == 0)
    }

    @Test func aCallServedGivesBackItsBytes() {
        var calls = CallsInTurn<String>(maximumBytes: 100)
        calls.append("a1", from: ":1.1", bytes: 50)
        calls.append("a2", from: ":1.1", bytes: 50)
        #expect(calls.append("a3", from: ":1.1", bytes: 50) == .tooManyBytes)
        #expect(calls.removeNext() == "a1")
        #expect(calls.bytes == 50)
        #expect(calls.append("a3", from: ":1.1", bytes: 50) == nil)
        calls.removeAll()
        #expect(calls.bytes == 0 && calls.append("a4", from: ":1.1", bytes: 100) == nil)
    }

    @Test func heldCallsCountNoBytes() {
        var calls = CallsInTurn<String>(maximumBytes: 100)
        calls.append("a2", from: ":1.1", bytes: 100)
        calls.prepend(["a1"], from: ":1.1")
        #expect(calls.bytes == 100)
        #expect(calls.removeNext() == "a1" && calls.bytes == 100)
        #expect(calls.removeNext() == "a2" && calls.bytes == 0)
    }
}
