// The SDK's API is written in PetalJSON's types (JSONObject, JSONValue), so
// `import PetalPlugin` brings them too: a plugin needs this one import and
// this one product (docs/plugins.md#the-package). Plugins written against the
// first SDK, which took the JSON types from PetalCore, build unchanged with it.
@_exported import PetalJSON
