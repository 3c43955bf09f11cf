#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How far apart two colours look, as WCAG 2 measures it (relative
/// luminance and contrast ratio), written once for every check of it.
extension RGBAColor {
    /// The colour's relative luminance, from 0 (black) to 1 (white): its sRGB
    /// channels made linear and weighted 0.2126, 0.7152 and 0.0722. Alpha is
    /// ignored; ``composited(over:)`` first for a translucent colour.
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            let value = channel.isFinite ? min(max(channel, 0), 1) : 0
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio of the two colours, from 1 (the same luminance) to
    /// 21 (black and white): (L₁ + 0.05) / (L₂ + 0.05), the lighter over the darker.
    public func contrastRatio(with other: RGBAColor) -> Double {
        let (mine, theirs) = (relativeLuminance, other.relativeLuminance)
        return (max(mine, theirs) + 0.05) / (min(mine, theirs) + 0.05)
    }

    /// The opaque colour seen where this one is laid over `background`.
    public func composited(over background: RGBAColor) -> RGBAColor {
        let alpha = alpha.isFinite ? min(max(alpha, 0), 1) : 1
        let under = background.opaque
        func blend(_ top: Double, _ bottom: Double) -> Double { top * alpha + bottom * (1 - alpha) }
        return RGBAColor(
            red: blend(red, under.red), green: blend(green, under.green), blue: blend(blue, under.blue), alpha: 1)
    }

    /// The same colour, fully opaque.
    public var opaque: RGBAColor { RGBAColor(red: red, green: green, blue: blue, alpha: 1) }
}
