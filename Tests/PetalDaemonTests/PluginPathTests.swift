import PetalPluginRuntime
import Testing

/// The loader names folders and files from the paths it finds: the folder
/// a file is in, its last component and its stem, whatever the path holds.
@Suite struct PluginPathTests {
    @Test(arguments: [
        ("/usr/lib/petal/plugins/libpetal-camera.so", "/usr/lib/petal/plugins"),
        ("/libclock.so", "/"),
        ("clock.so", "."),
        ("plugins/clock.so", "plugins"),
        ("/home/zoë/greffons/libhorloge-é.so", "/home/zoë/greffons"),
        ("/a//b.so", "/a/"),
    ])
    func theParentIsWhatComesBeforeTheLastSlash(path: String, parent: String) {
        #expect(PluginSearchPath.parent(of: path) == parent)
    }

    @Test(arguments: [
        ("/usr/lib/petal/plugins/libpetal-camera.so", "libpetal-camera.so"),
        ("clock.so", "clock.so"),
        ("/plugins/", "plugins"),
        ("/a//b.so", "b.so"),
        ("/home/zoë/greffons/libhorloge-é.so", "libhorloge-é.so"),
        ("/", "/"),
        ("", ""),
    ])
    func theLastComponentIgnoresTrailingSlashes(path: String, last: String) {
        #expect(PluginSearchPath.lastComponent(of: path) == last)
    }

    @Test func theStemDropsOnlyTheSharedObjectSuffix() {
        #expect(PluginRules.stem(of: "/usr/lib/petal/plugins/libpetal-camera.so") == "libpetal-camera")
        #expect(PluginRules.stem(of: "/plugins/é.so.1") == "é.so.1")
    }
}
