import Glibc
import Testing

@testable import Linux

/// `XDGDirectories.processVariables()`: the variables the base folders are
/// made of, as the process has them, and nothing else of the environment.
@Suite struct ProcessVariablesTests {
    @Test func theFoldersVariablesAreReadAndNothingElse() {
        let names = ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"]
        let variables = XDGDirectories.processVariables()
        for name in names {
            #expect(variables[name] == getenv(name).map { String(cString: $0) }, "\(name)")
        }
        #expect(Set(variables.keys).isSubset(of: names), "\(variables.keys.sorted())")
        #expect(variables["PATH"] == nil)
    }
}
