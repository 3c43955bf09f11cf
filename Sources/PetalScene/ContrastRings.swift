import PetalCore

/// The rings that keep every circle visible whatever lies beneath
/// (docs/overlay.md, "No compositor"): a 1-pixel outline of contrast at
/// least 3:1 against both white and black, so a button or an item shows on
/// a white window and on a black desktop, and a highlight ring of contrast
/// at least 3:1 against the item it marks.
public enum ContrastRings {
    /// The least contrast ratio each ring keeps (WCAG 2's for graphics).
    public static let minimumRatio = 3.0
    /// The outline's width, in logical pixels.
    public static let outlineWidth = 1.0

    /// What the rings aim for, a little over ``minimumRatio``, so that a
    /// channel rounded to 8 bits on the way to the screen keeps it.
    static let aim = minimumRatio + 0.05

    /// The outline of a disc of `fill`: the fill itself when it already
    /// contrasts 3:1 with white and with black (a luminance from 0.1 to
    /// 0.3), else the fill darkened or lightened, keeping its hue, just into
    /// that band. Opaque.
    public static func outline(for fill: RGBAColor) -> RGBAColor {
        let base = fill.opaque
        // Too light: darkened until it stands out on white; so dark a colour still does on black.
        if base.contrastRatio(with: .white) < aim {
            return mixed(base, towards: .black) { $0.contrastRatio(with: .white) >= aim }
        }
        if base.contrastRatio(with: .black) < aim {
            return mixed(base, towards: .white) { $0.contrastRatio(with: .black) >= aim }
        }
        return base
    }

    /// The highlight ring of an item of `fill`: the fill darkened (or, for a
    /// fill too dark for that, lightened), keeping its hue, until it
    /// contrasts 3:1 with the fill. Opaque.
    public static func highlight(for fill: RGBAColor) -> RGBAColor {
        let base = fill.opaque
        let towards: RGBAColor = base.contrastRatio(with: .black) >= aim ? .black : .white
        return mixed(base, towards: towards) { $0.contrastRatio(with: base) >= aim }
    }

    /// `base` mixed towards `towards` just far enough that `holds` does,
    /// given that it holds at `towards` and, once it holds, further along:
    /// luminance moves one way along the mix, so a bisection finds it.
    private static func mixed(_ base: RGBAColor, towards: RGBAColor, until holds: (RGBAColor) -> Bool) -> RGBAColor {
        var (low, high) = (0.0, 1.0)
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if holds(base.mixed(with: towards, by: middle)) { high = middle } else { low = middle }
        }
        return base.mixed(with: towards, by: high)
    }
}
