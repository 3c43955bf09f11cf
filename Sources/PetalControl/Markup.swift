/// Escaping for the markup petalctl writes: SVG (XML) and waybar's text and
/// tooltip, which waybar reads as Pango markup.
enum Markup {
    /// `text` with `&`, `<`, `>` and `"` written as entities.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
