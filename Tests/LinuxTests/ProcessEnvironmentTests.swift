import Glibc
import Testing

@testable import Linux

/// `XDGDirectories.processEnvironment()`: every variable of the process, split
/// at its first "=" byte, whatever follows it: a value that starts with a
/// combining accent, which joins the "=" into one character, is kept.
@Suite struct ProcessEnvironmentTests {
    @Test func eachVariableIsSplitAtItsFirstEqualsSign() {
        setenv("PETAL_TEST_EQUALS", "a=b==c", 1)
        setenv("PETAL_TEST_EMPTY", "", 1)
        setenv("PETAL_TEST_ACCENT", "\u{301}é", 1)
        defer {
            for name in ["PETAL_TEST_EQUALS", "PETAL_TEST_EMPTY", "PETAL_TEST_ACCENT"] { unsetenv(name) }
        }
        let environment = XDGDirectories.processEnvironment()
        #expect(environment["PETAL_TEST_EQUALS"] == "a=b==c")
        #expect(environment["PETAL_TEST_EMPTY"] == "")
        #expect(environment["PETAL_TEST_ACCENT"] == "\u{301}é")
        #expect(environment["PATH"] == String(cString: getenv("PATH")))
    }
}
