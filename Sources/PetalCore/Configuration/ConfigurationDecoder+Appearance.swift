import PetalJSON

/// The `appearance` section (docs/configuration.md): what clients draw.
extension ConfigurationDecoder {
    /// The keys of `appearance`, in the order of docs/configuration.md.
    public static let appearanceKeys = [
        "anchor", "margin", "buttonSize", "itemSize", "buttonColor", "buttonIcon", "iconColor",
        "springDamping", "springVelocity", "pressScale", "backdrop", "shadow",
        "restingButton", "labels", "font", "interaction", "hoverConfirm", "gesture", "turbo", "width", "lines",
    ]
    /// The keys of `appearance.gesture`.
    public static let gestureKeys = ["minStroke", "turnAngle", "pauseMs", "jitter", "deadZone"]
    /// The largest `buttonSize` or `itemSize`, in pixels.
    public static let maximumDiscSize = 512.0
    /// The largest magnitude of `springVelocity`.
    public static let maximumSpringVelocity = 100.0

    /// The keys of `appearance` that `appearance` (at `path`) gives, over `base`.
    mutating func appearanceSettings(
        _ appearance: JSONObject, at path: String, over base: AppearanceSettings = AppearanceSettings()
    ) -> AppearanceSettings {
        var settings = base
        let anchors = Anchor.allCases.map { JSONPath.quoted($0.rawValue) }
        let anchorNames = anchors.dropLast().joined(separator: ", ") + " or " + anchors.last!
        if let anchor = member(
            "anchor", of: appearance, at: path, expected: anchorNames,
            {
                $0.stringValue.flatMap(Anchor.init(rawValue:))
            })
        {
            settings.anchor = anchor
        }
        if let margin = margin(appearance, at: path) {
            settings.margin = margin
        }
        let size = "a number of pixels greater than 0 and at most \(Int(Self.maximumDiscSize))"
        let sizes = 0...Self.maximumDiscSize
        if let button = number(
            "buttonSize", of: appearance, at: path, in: sizes, excludingLowerBound: true,
            expected: size)
        {
            settings.buttonSize = button
        }
        if let item = number(
            "itemSize", of: appearance, at: path, in: sizes, excludingLowerBound: true,
            expected: size)
        {
            settings.itemSize = item
        }
        if let colour = colour("buttonColor", of: appearance, at: path) {
            settings.buttonColor = colour
        }
        if let icon = text(
            "buttonIcon", of: appearance, at: path, what: "an icon name or path",
            example: "\"list-add\"", maximumBytes: Self.maximumIconBytes, allowsEmpty: false)
        {
            settings.buttonIcon = icon
        }
        if let colour = colour("iconColor", of: appearance, at: path) {
            settings.iconColor = colour
        }
        if let damping = number(
            "springDamping", of: appearance, at: path, in: 0...1, excludingLowerBound: true,
            expected: "a damping ratio greater than 0 and at most 1")
        {
            settings.springDamping = damping
        }
        let velocity = Self.maximumSpringVelocity
        if let speed = number(
            "springVelocity", of: appearance, at: path, in: -velocity...velocity,
            expected: "a number from -\(Int(velocity)) to \(Int(velocity))")
        {
            settings.springVelocity = speed
        }
        if let scale = number(
            "pressScale", of: appearance, at: path, in: 0...1, excludingLowerBound: true,
            expected: "a scale greater than 0 and at most 1")
        {
            settings.pressScale = scale
        }
        if let backdrop = member(
            "backdrop", of: appearance, at: path,
            expected: ##""" (none) or a colour such as "#00000080""##,
            {
                $0.stringValue.flatMap { Self.isColour($0) ? $0 : nil }
            })
        {
            settings.backdrop = backdrop
        }
        if let shadow = flag("shadow", of: appearance, at: path) {
            settings.shadow = shadow
        }
        if let resting = flag("restingButton", of: appearance, at: path) {
            settings.restingButton = resting
        }
        if let labels = member(
            "labels", of: appearance, at: path, expected: Self.quotedChoices(LabelMode.allCases.map(\.rawValue)),
            { $0.stringValue.flatMap(LabelMode.init(rawValue:)) })
        {
            settings.labels = labels
        }
        if let font = text(
            "font", of: appearance, at: path, what: "a Pango font description", example: #""Sans Bold 11""#,
            maximumBytes: AppearanceSettings.maximumFontBytes)
        {
            settings.font = font
        }
        if let interaction = member(
            "interaction", of: appearance, at: path,
            expected: Self.quotedChoices(InteractionMode.allCases.map(\.rawValue)),
            { $0.stringValue.flatMap(InteractionMode.init(rawValue:)) })
        {
            settings.interaction = interaction
        }
        if let confirm = flag("hoverConfirm", of: appearance, at: path) {
            settings.hoverConfirm = confirm
        }
        if let gesture = section("gesture", of: appearance, at: path, known: Self.gestureKeys) {
            settings.gesture = gestureTuning(gesture, at: JSONPath.member("gesture", of: path), over: settings.gesture)
        }
        if let turbo = flag("turbo", of: appearance, at: path) {
            settings.turbo = turbo
        }
        let widths = AppearanceSettings.listWidths
        if let width = number(
            "width", of: appearance, at: path, in: widths,
            expected: "a number of logical pixels from \(Int(widths.lowerBound)) to \(Int(widths.upperBound))")
        {
            settings.width = width
        }
        let lines = AppearanceSettings.listLines
        if let count = member(
            "lines", of: appearance, at: path,
            expected: "a whole number of rows from \(lines.lowerBound) to \(lines.upperBound)",
            { $0.int64Value.flatMap { lines.contains(Int(clamping: $0)) ? Int($0) : nil } })
        {
            settings.lines = count
        }
        return settings
    }

    /// The keys of `appearance.gesture` that `gesture` (at `path`) gives, over `base`.
    private mutating func gestureTuning(_ gesture: JSONObject, at path: String, over base: GestureTuning)
        -> GestureTuning
    {
        var tuning = base
        let limit = GestureTuning.maximumDistance
        let pixels = "a number of pixels from 0 to \(Int(limit))"
        if let length = number("minStroke", of: gesture, at: path, in: 0...limit, expected: pixels) {
            tuning.minStroke = length
        }
        if let angle = number(
            "turnAngle", of: gesture, at: path, in: 0...GestureTuning.maximumTurnAngle, excludingLowerBound: true,
            expected: "a number of degrees greater than 0 and at most \(Int(GestureTuning.maximumTurnAngle))")
        {
            tuning.turnAngle = angle
        }
        if let pause = number(
            "pauseMs", of: gesture, at: path, in: 0...GestureTuning.maximumPauseMs, excludingLowerBound: true,
            expected: "a number of milliseconds greater than 0 and at most \(Int(GestureTuning.maximumPauseMs))")
        {
            tuning.pauseMs = pause
        }
        if let jitter = number("jitter", of: gesture, at: path, in: 0...limit, expected: pixels) {
            tuning.jitter = jitter
        }
        if let deadZone = number("deadZone", of: gesture, at: path, in: 0...limit, expected: pixels) {
            tuning.deadZone = deadZone
        }
        return tuning
    }

    /// The colour member `key`: `#rrggbb` or `#rrggbbaa`, not empty.
    private mutating func colour(_ key: String, of object: JSONObject, at path: String) -> String? {
        member(key, of: object, at: path, expected: ##"a colour such as "#ef5285" or "#ef5285cc""##) { value in
            value.stringValue.flatMap { !$0.isEmpty && Self.isColour($0) ? $0 : nil }
        }
    }

    /// `margin`: an array of exactly two numbers of pixels, x then y.
    private mutating func margin(_ appearance: JSONObject, at path: String) -> Margin? {
        let limit = Int(Self.maximumDistance)
        let expected = "an array of two numbers of pixels [x, y], each from 0 to \(limit)"
        guard let elements = member("margin", of: appearance, at: path, expected: expected, { $0.arrayValue }) else {
            return nil
        }
        let parent = JSONPath.member("margin", of: path)
        guard elements.count == 2 else {
            let found = elements.count == 1 ? "1 element" : "\(elements.count) elements"
            report(.error, parent, "expected \(expected), found an array of \(found)")
            return nil
        }
        var numbers: [Double] = []
        for (index, element) in elements.enumerated() {
            guard let number = element.doubleValue, (0...Self.maximumDistance).contains(number) else {
                report(
                    .error, JSONPath.element(index, of: parent),
                    "expected a number of pixels from 0 to \(limit), found \(Self.describe(element))")
                continue
            }
            numbers.append(number)
        }
        return numbers.count == 2 ? Margin(x: numbers[0], y: numbers[1]) : nil
    }
}
