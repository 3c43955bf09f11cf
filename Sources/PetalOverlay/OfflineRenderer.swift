import CGtk
import Glibc
import Linux
import PetalCore
import PetalScene

/// `--render`: one frame drawn into a PNG file, with no display, as the
/// live overlay draws it (labels included, placed by ``ChainPicture``).
///
/// The image is centred on the centre button, whose centre is exactly
/// (width/2, height/2), so an item's centre is at (width/2 + x, height/2 + y)
/// for its `Layout` position (x, y); it is just large enough for everything the
/// menu can draw.
@MainActor
enum OfflineRenderer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Draws `scene` as it is `time` seconds after its state began and writes
    /// it to `path`, with `scale` pixels per logical pixel (an output's scale).
    static func render(
        _ scene: Scene, at time: Double, to path: String, scale: Double = 1, painter: CairoPainter
    ) throws(Failure) {
        let labels = ChainPicture.labels(
            of: scene.menu, highlighted: scene.highlighted, labelSize: painter.text.labelSizes(in: scene.menu))
        let (width, height) = Placement.centredCanvas(for: scene.menu, labels: Array(labels.values))
        let origin = Point(x: Double(width) / 2, y: Double(height) / 2)
        try draw(width, height, scale: scale, to: path) { cr in
            painter.paint(
                scene.frame(at: scene.stateChangedAt + time).drawList(
                    menu: scene.menu, origin: origin, titles: painter.text.circleTitles(for: scene.menu),
                    labels: labels),
                on: cr)
        }
    }

    /// Draws an open chain of menus (``ChainPicture``) and writes it to `path`.
    static func render(
        _ picture: ChainPicture, to path: String, scale: Double = 1, painter: CairoPainter
    ) throws(Failure) {
        try draw(picture.width, picture.height, scale: scale, to: path) { cr in
            for (index, layer) in picture.layers.enumerated() {
                let frame = layer.scene.frame(at: picture.time)
                let titles = painter.text.circleTitles(for: layer.scene.menu)
                painter.paint(
                    frame.drawList(menu: layer.scene.menu, origin: layer.centre, titles: titles, labels: layer.labels),
                    on: cr, clearing: index == 0)
            }
        }
    }

    /// A `width`×`height` logical image drawn by `paint` with `scale` pixels
    /// per logical pixel, written to `path` as a PNG.
    private static func draw(
        _ width: Int, _ height: Int, scale: Double, to path: String, paint: (OpaquePointer) -> Void
    ) throws(Failure) {
        // Cairo says only "error while writing"; opening the file first names the reason.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: "cannot write \(path): \(errorText(errno))") }
        close(fd)
        let (pixelWidth, pixelHeight) = (
            Int32((Double(width) * scale).rounded()), Int32((Double(height) * scale).rounded())
        )
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight) else {
            throw Failure(description: "cannot make a \(pixelWidth)×\(pixelHeight) image")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, scale, scale)
        guard let cr = cairo_create(surface) else {
            throw Failure(description: "cannot draw on a \(width)×\(height) image")
        }
        paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
    }
}
