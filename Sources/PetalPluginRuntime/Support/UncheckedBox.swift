/// Moves a value that is not `Sendable` to the loop thread, where alone it is used.
package struct UncheckedBox<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
