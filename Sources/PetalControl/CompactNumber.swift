extension Double {
    /// The number with at most three decimals and no trailing zeros, as SVG
    /// and the layout table write it: `80`, `-17.365`.
    var compactText: String {
        let rounded = (self * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }
}
