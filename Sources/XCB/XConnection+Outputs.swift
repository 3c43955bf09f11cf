import CXCB
import Glibc

extension XConnection {
    /// The centre of `window` in root-window coordinates; nil when the window is gone.
    ///
    /// Asks for its size and where its origin is on the root window at
    /// once: one round trip, whatever frame a window manager put around it.
    public func centre(of window: XWindow) -> (x: Int, y: Int)? {
        let geometryCookie = xcb_get_geometry(raw, window.id)
        let originCookie = xcb_translate_coordinates(raw, window.id, root.id, 0, 0)
        var error: UnsafeMutablePointer<xcb_generic_error_t>?
        let geometry = xcb_get_geometry_reply(raw, geometryCookie, &error)
        free(error)
        error = nil
        let origin = xcb_translate_coordinates_reply(raw, originCookie, &error)
        free(error)
        defer {
            free(geometry)
            free(origin)
        }
        guard let geometry, let origin else { return nil }
        return (
            Int(origin.pointee.dst_x) + Int(geometry.pointee.width) / 2,
            Int(origin.pointee.dst_y) + Int(geometry.pointee.height) / 2
        )
    }

    /// The RandR outputs that show part of the screen now, each with the
    /// rectangle it shows; empty when the server lacks RandR 1.3.
    public func outputs() -> [XOutput] {
        guard randrIsPresent() else { return [] }
        var error: UnsafeMutablePointer<xcb_generic_error_t>?
        guard
            let resources = xcb_randr_get_screen_resources_current_reply(
                raw, xcb_randr_get_screen_resources_current(raw, root.id), &error)
        else {
            free(error)
            return []
        }
        defer { free(resources) }
        let timestamp = resources.pointee.config_timestamp
        let crtcs = Array(
            UnsafeBufferPointer(
                start: xcb_randr_get_screen_resources_current_crtcs(resources),
                count: Int(xcb_randr_get_screen_resources_current_crtcs_length(resources))))
        // Every CRTC asked for at once, then the first output of each that shows something.
        let crtcCookies = crtcs.map { xcb_randr_get_crtc_info(raw, $0, timestamp) }
        var shown: [(x: Int, y: Int, width: Int, height: Int, output: xcb_randr_output_t)] = []
        for cookie in crtcCookies {
            error = nil
            guard let info = xcb_randr_get_crtc_info_reply(raw, cookie, &error) else {
                free(error)
                continue
            }
            defer { free(info) }
            guard info.pointee.mode != 0, xcb_randr_get_crtc_info_outputs_length(info) > 0,
                let first = xcb_randr_get_crtc_info_outputs(info)
            else { continue }
            shown.append(
                (
                    Int(info.pointee.x), Int(info.pointee.y), Int(info.pointee.width),
                    Int(info.pointee.height), first.pointee
                ))
        }
        let outputCookies = shown.map { xcb_randr_get_output_info(raw, $0.output, timestamp) }
        var outputs: [XOutput] = []
        for (crtc, cookie) in zip(shown, outputCookies) {
            error = nil
            guard let info = xcb_randr_get_output_info_reply(raw, cookie, &error) else {
                free(error)
                continue
            }
            defer { free(info) }
            let name = String(
                decoding: UnsafeBufferPointer(
                    start: xcb_randr_get_output_info_name(info),
                    count: Int(xcb_randr_get_output_info_name_length(info))), as: UTF8.self)
            outputs.append(XOutput(name: name, x: crtc.x, y: crtc.y, width: crtc.width, height: crtc.height))
        }
        return outputs
    }

    /// Whether the server has RandR 1.3 or later; asks once, which also
    /// tells the server which version of the requests this client speaks.
    private func randrIsPresent() -> Bool {
        if let known = randrVersionKnown { return known }
        var present = false
        if let extensionData = xcb_get_extension_data(raw, petal_xcb_randr_extension()),
            extensionData.pointee.present != 0
        {
            var error: UnsafeMutablePointer<xcb_generic_error_t>?
            if let version = xcb_randr_query_version_reply(raw, xcb_randr_query_version(raw, 1, 3), &error) {
                present =
                    version.pointee.major_version > 1
                    || (version.pointee.major_version == 1 && version.pointee.minor_version >= 3)
                free(version)
            }
            free(error)
        }
        randrVersionKnown = present
        return present
    }
}
