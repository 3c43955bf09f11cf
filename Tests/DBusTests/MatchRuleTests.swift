import DBus
import Testing

@Suite struct MatchRuleTests {
    @Test func textListsEveryFieldQuoted() {
        let rule = MatchRule(
            sender: ":1.5", path: "/org/example", interface: "org.example.Events", member: "Said",
            arguments: [2: "two", 0: "zero"])
        #expect(
            rule.text
                == "type='signal',sender=':1.5',path='/org/example',interface='org.example.Events',member='Said',arg0='zero',arg2='two'"
        )
    }

    @Test func emptyRuleMatchesEverySignal() {
        #expect(MatchRule().text == "type='signal'")
        #expect(MatchRule().matches(Message.signal(path: "/a", interface: "a.b", member: "C")))
    }

    @Test(arguments: [
        ("it's", #"arg0='it'\''s'"#),
        ("'", #"arg0=''\'''"#),
        ("a,b=c", "arg0='a,b=c'"),
        (#"back\slash"#, #"arg0='back\slash'"#),
        ("", "arg0=''"),
    ])
    func argumentQuoting(_ value: String, _ expected: String) {
        #expect(MatchRule(arguments: [0: value]).text == "type='signal',\(expected)")
    }

    @Test func matchesComparesHeaderFields() {
        let signal = Message.signal(path: "/org/example", interface: "org.example.Events", member: "Said")
        #expect(MatchRule(path: "/org/example", interface: "org.example.Events", member: "Said").matches(signal))
        #expect(!MatchRule(path: "/org/other").matches(signal))
        #expect(!MatchRule(interface: "org.example.Other").matches(signal))
        #expect(!MatchRule(member: "Shouted").matches(signal))
        // A unique sender must be the message's; this one has none, as it was never sent.
        #expect(!MatchRule(sender: ":1.1").matches(signal))
        // A well-known sender was already checked by the bus.
        #expect(MatchRule(sender: "org.example.Service").matches(signal))
    }

    @Test func matchesComparesStringArguments() throws {
        let signal = Message.signal(path: "/org/example", interface: "org.example.Events", member: "Said")
        try signal.append(.string("yes"), .int32(1), .string("third"))
        #expect(MatchRule(arguments: [0: "yes"]).matches(signal))
        #expect(MatchRule(arguments: [0: "yes", 2: "third"]).matches(signal))
        #expect(!MatchRule(arguments: [0: "no"]).matches(signal))
        #expect(!MatchRule(arguments: [1: "1"]).matches(signal), "arg1 is not a string")
        #expect(!MatchRule(arguments: [5: "yes"]).matches(signal), "there is no arg5")
    }

    @Test func aPathNamespaceMatchesItsPathAndEveryPathBelowIt() {
        let rule = MatchRule(member: "Said", pathNamespace: "/org/example")
        #expect(rule.text == "type='signal',path_namespace='/org/example',member='Said'")
        for (path, matched) in [
            ("/org/example", true), ("/org/example/menus/a", true), ("/org/examples", false), ("/org", false),
            ("/other/org/example", false),
        ] {
            let signal = Message.signal(path: ObjectPath(stringLiteral: path), interface: "a.b", member: "Said")
            #expect(rule.matches(signal) == matched, "\(path)")
        }
        let everything = MatchRule(pathNamespace: "/")
        #expect(everything.matches(Message.signal(path: "/a/b", interface: "a.b", member: "C")))
    }

    @Test func methodCallsNeverMatch() {
        let call = Message.methodCall(
            destination: nil, path: "/org/example", interface: "org.example.Events", member: "Said")
        #expect(!MatchRule().matches(call))
    }
}
