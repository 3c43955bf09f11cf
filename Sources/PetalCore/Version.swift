/// Petal's version, as `petald --version` and the `Version` property report it.
public let petalVersion = "0.1.0"
