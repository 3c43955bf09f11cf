import PetalDaemon

Daemon.main()
