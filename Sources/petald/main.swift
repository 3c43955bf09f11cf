import Glibc
import PetalDaemon

Daemon.prepareProcess()
exit(await Daemon.run(arguments: Array(CommandLine.arguments.dropFirst())))
