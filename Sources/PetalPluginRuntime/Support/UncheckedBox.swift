/// Moves a value that is not `Sendable` to the one thread that uses it: the
/// loop, or the thread a plugin's C callback and its context are called on.
package struct UncheckedBox<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
