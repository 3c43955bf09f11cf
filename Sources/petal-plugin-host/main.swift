// One isolated plugin, for petald: see PluginHostMain and petald(8).
PluginHostMain.main()
