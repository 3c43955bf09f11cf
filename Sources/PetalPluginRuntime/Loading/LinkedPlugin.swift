/// One of Petal's own plugins linked into the program that loads it, as
/// petald links them: when the plugin's file is found in petald's own
/// folders and runs inside petald, its table comes from here rather than
/// from `dlopen` of the file, so its first invocation maps no library, nor
/// the shared Swift runtime such a library brings (docs/plugins.md).
package struct LinkedPlugin: Sendable {
    /// The name its table and its file's note give.
    package let name: String
    /// The version its table gives; a file whose note gives another is loaded from the file.
    package let version: String
    /// Returns the plugin's table, as its library's entry point would.
    package let entry: @Sendable () -> UnsafeRawPointer

    package init(name: String, version: String, entry: @escaping @Sendable () -> UnsafeRawPointer) {
        self.name = name
        self.version = version
        self.entry = entry
    }
}
