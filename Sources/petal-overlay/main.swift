// petal-overlay: draws petald's menu on the desktop. Everything lives in PetalOverlay.
import Glibc
import PetalOverlay

exit(MainActor.assumeIsolated { OverlayMain.run(arguments: Array(CommandLine.arguments.dropFirst())) })
