import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A report page parsed as XML: every element with its attributes, the id
/// of the plot it sits in, and its text. Parsing fails on any markup that
/// is not well-formed, so a page that loads here is valid XML throughout.
final class PageXML: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        /// The id of the enclosing `<svg>`, if any.
        var plot: String?
        /// The `data-group` of the nearest enclosing element that has one.
        var group: String?
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []
    private(set) var error: Error?

    init(_ html: String) {
        super.init()
        let parser = XMLParser(data: Data(html.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let parent = open.last.map { elements[$0] }
        let plot = name == "svg" ? attributes["id"] : parent?.plot
        elements.append(Element(name: name, attributes: attributes, plot: plot,
                                group: attributes["data-group"] ?? parent?.group))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        for index in open { elements[index].text += string }
    }

    /// `text` as a reader sees it: without the isolates that the page puts
    /// around every name (XMLText.isolate), which are invisible.
    static func read(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{2068}" && $0 != "\u{2069}" }))
    }

    func elements(_ name: String, in plot: String? = nil, class className: String? = nil) -> [Element] {
        elements.filter { element in
            element.name == name && (plot == nil || element.plot == plot)
                && (className == nil || (element.attributes["class"] ?? "").split(separator: " ").contains(Substring(className!)))
        }
    }

    /// The ticks of one axis of a plot: (value, coordinate) from each tick's line.
    func ticks(plot: String, axis: String) -> [(value: Double, coordinate: Double)] {
        var ticks: [(Double, Double)] = []
        var inAxis = false
        var value: Double?
        for element in elements where element.plot == plot {
            if element.name == "g", element.attributes["data-axis"] != nil { inAxis = element.attributes["data-axis"] == axis }
            if inAxis, element.name == "g", let text = element.attributes["data-value"] { value = Double(text) }
            if inAxis, element.name == "line", let tickValue = value {
                let coordinate = axis == "x" ? element.attributes["x1"] : element.attributes["y1"]
                ticks.append((tickValue, Double(coordinate ?? "") ?? .nan))
                value = nil
            }
        }
        return ticks
    }
}
