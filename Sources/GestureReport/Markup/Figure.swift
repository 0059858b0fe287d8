/// One plot of the report: its SVG and the sentence that says what it
/// shows, for readers who cannot see it (also the SVG's `<desc>`).
struct Figure {
    var svg: String
    var caption: String

    var html: String {
        "<figure>\n\(svg)</svg>\n<figcaption>\(XMLText.escape(caption))</figcaption>\n</figure>\n"
    }
}
