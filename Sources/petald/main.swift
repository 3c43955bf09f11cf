import PetalBuiltInPlugins
import PetalDaemon

Daemon.main(linkedPlugins: BuiltInPlugins.linked)
