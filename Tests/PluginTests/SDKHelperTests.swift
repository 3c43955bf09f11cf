import PetalCore
import PetalJSON
import PetalPlugin
import Testing

/// The SDK helpers the built-in plugins share: ``Settings``,
/// ``PercentEncoding`` and ``PhoneNumber``.
@Suite struct SDKHelperTests {
    @Test func percentEncodingKeepsOnlyWhatIsAllowed() {
        #expect(
            PercentEncoding.encode("aZ09-._~ /?#[]@!$&'()*+,;=%é€")
                == "aZ09-._~%20%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25%C3%A9%E2%82%AC")
        #expect(PercentEncoding.encode("a/b c", allowing: PercentEncoding.unreserved.union("/".utf8)) == "a/b%20c")
        #expect(PercentEncoding.fileURI(path: "/tmp/a b/c%d.png") == "file:///tmp/a%20b/c%25d.png")
    }

    @Test func settingsAccessorsReadTheirTypes() throws {
        let settings = Settings(
            plugin: "camera",
            [
                "app": "cheese", "tool": ["grim", "-t", "png", "{file}"], "timeout": 2.5, "schemes": ["a", "b"],
            ])
        #expect(try settings.command("app") == ["cheese"])
        #expect(try settings.command("tool") == ["grim", "-t", "png", "{file}"])
        #expect(try settings.number("timeout") == 2.5)
        #expect(try settings.strings("schemes") == ["a", "b"])
        #expect(try settings.string("missing") == nil)
        #expect(settings.path("app") == "plugins.settings.camera.app")
    }

    @Test(arguments: [[], "", [""], ["a", 1], 7] as [JSONValue])
    func badCommandSettingsNameTheirPath(value: JSONValue) {
        #expect {
            try Settings(plugin: "camera", ["app": value]).command("app")
        } throws: { error in
            guard case .failed(let message) = error as? PluginError else { return false }
            return message.contains("plugins.settings.camera.app")
        }
    }

    @Test func phoneNumbersAreDialable() throws {
        #expect(try PhoneNumber("+44 (0) 1632.960-961").dialable == "+4401632960961")
        #expect(try PhoneNumber("112").dialable == "112")
        #expect(throws: PluginError.self) { try PhoneNumber("44+1632") }
        #expect(throws: PluginError.self) { try PhoneNumber("12") }
    }
}
