import CLibXML2

/// The only file that talks to libxml2: parses a document with no network, no DTD loading and no
/// entity substitution, and copies the element tree into Swift values.
public enum LibXML2 {
    /// Parser options. Not set, on purpose: XML_PARSE_NOENT (entity substitution),
    /// XML_PARSE_DTDLOAD / DTDATTR / DTDVALID (reading DTDs), XML_PARSE_XINCLUDE, XML_PARSE_HUGE.
    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOXINCNODE.rawValue)

    /// Deepest element nesting accepted; deeper documents are refused rather than walked.
    public static let maximumDepth = 200

    /// `encoding` overrides the one the XML declaration names (nil: the declaration decides).
    public static func parse(_ bytes: [UInt8], path: String, encoding: String? = nil) throws(XMLSyntaxError) -> XMLElement {
        guard let context = xmlNewParserCtxt() else {
            throw XMLSyntaxError(line: 0, column: 0, message: "libxml2 could not allocate a parser")
        }
        defer { xmlFreeParserCtxt(context) }
        // Keep the first error: it is where the document went wrong; later ones are consequences.
        let errors = ErrorBox()
        let box = Unmanaged.passRetained(errors)
        xmlSetStructuredErrorFunc(box.toOpaque(), recordFirstError)
        defer {
            xmlSetStructuredErrorFunc(nil, nil)
            box.release()
        }
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), path, encoding, options)
            }
        }
        defer { if let document { xmlFreeDoc(document) } }
        guard let document, context.pointee.wellFormed != 0 else {
            if let first = errors.first { throw first }
            if let error = xmlCtxtGetLastError(context) {
                let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
                throw XMLSyntaxError(line: Int(error.pointee.line), column: Int(error.pointee.int2),
                                     message: LibXML2.plainMessage(message))
            }
            throw XMLSyntaxError(line: 0, column: 0, message: "malformed XML")
        }
        guard let root = xmlDocGetRootElement(document) else {
            throw XMLSyntaxError(line: 1, column: 1, message: "the document has no root element")
        }
        return try convert(root)
    }

    /// libxml2's message, in terms a reader can act on: its depth limit names a parser option
    /// that Recite does not set on purpose.
    static func plainMessage(_ message: String) -> String {
        if message.hasPrefix("Excessive depth in document") {
            return "elements are nested more than \(maximumDepth) deep"
        }
        return message.trimmingTrailingNewlines
    }

    /// An element being copied, and the next of its C children to copy.
    private struct Copying {
        var element: XMLElement
        var next: xmlNodePtr?
    }

    /// Copies the tree under `root` into Swift values. Open elements are kept on an explicit stack,
    /// not the thread's: a recursive copy costs a frame per nesting level, and a debug build's
    /// frames ran a worker thread out of stack on deep documents.
    private static func convert(_ root: xmlNodePtr) throws(XMLSyntaxError) -> XMLElement {
        var stack = [Copying(element: element(root), next: root.pointee.children)]
        while let last = stack.indices.last {
            guard let current = stack[last].next else {
                let done = stack.removeLast().element
                guard let parent = stack.indices.last else { return done }
                stack[parent].element.children.append(.element(done))
                continue
            }
            stack[last].next = current.pointee.next
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                guard stack.count < maximumDepth else {
                    throw XMLSyntaxError(line: Int(xmlGetLineNo(current)), column: 1,
                                         message: "elements are nested more than \(maximumDepth) deep")
                }
                stack.append(Copying(element: element(current), next: current.pointee.children))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                stack[last].element.children.append(.text(string(current.pointee.content) ?? ""))
            case XML_COMMENT_NODE:
                stack[last].element.children.append(.comment)
            case XML_PI_NODE:
                stack[last].element.children.append(.processingInstruction)
            default:
                break
            }
        }
        preconditionFailure("the copy returns when it closes the root")
    }

    /// An element's name, attributes and line, without its children.
    private static func element(_ node: xmlNodePtr) -> XMLElement {
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = string(current.pointee.name) ?? ""
            let prefix = current.pointee.ns.flatMap { string($0.pointee.prefix) }
            let value: String
            if let raw = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1) {
                value = String(cString: raw)
                recite_xml_free(raw)
            } else {
                value = ""
            }
            attributes[prefix.map { "\($0):\(name)" } ?? name] = value
            attribute = current.pointee.next
        }
        return XMLElement(name: string(node.pointee.name) ?? "",
                          prefix: node.pointee.ns.flatMap { string($0.pointee.prefix) },
                          attributes: attributes, line: Int(xmlGetLineNo(node)), children: [])
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

/// Collects the first error libxml2 reports during one parse.
private final class ErrorBox {
    var first: XMLSyntaxError?
}

/// libxml2's structured error callback: keeps the first error of the parse in its `ErrorBox`.
private func recordFirstError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    let box = Unmanaged<ErrorBox>.fromOpaque(context).takeUnretainedValue()
    guard box.first == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
    box.first = XMLSyntaxError(line: Int(error.pointee.line), column: Int(error.pointee.int2),
                               message: LibXML2.plainMessage(message))
}

extension String {
    fileprivate var trimmingTrailingNewlines: String {
        var s = self
        while s.last == "\n" { s.removeLast() }
        return s
    }
}

// MARK: - HTML

extension LibXML2 {
    /// HTML parser options: tolerant of tag soup, silent, no network. The bytes handed in are
    /// UTF-8 already (the reader decodes the page itself, to keep every character's byte offset),
    /// so the page's own `<meta charset>` is ignored; no DOCTYPE is invented.
    static let htmlOptions = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
        | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_NODEFDTD.rawValue)

    /// An HTML page's element tree, and the line of the first element found nested deeper than
    /// the walk keeps (its content is then kept as flat text), if any.
    public struct HTMLParse: Sendable {
        public var root: XMLElement
        public var flattenedAtLine: Int?
    }

    /// Parses an HTML page given as UTF-8 bytes with libxml2's HTML parser. Elements deeper than
    /// `maximumDepth` are not walked as elements: the text inside them becomes one text node of
    /// the element at that depth. `<script>` (but JSON-LD), `<style>` and `<template>` are kept
    /// empty, and comments are dropped; with `keepingStyles`, a `<style>` keeps its text (for the
    /// rules that hide parts of the page).
    public static func parseHTML(_ utf8: [UInt8], path: String, maximumDepth: Int = 256,
                                 keepingStyles: Bool = false) throws(XMLSyntaxError) -> HTMLParse {
        guard let context = htmlNewParserCtxt() else {
            throw XMLSyntaxError(line: 0, column: 0, message: "libxml2 could not allocate an HTML parser")
        }
        defer { htmlFreeParserCtxt(context) }
        let document: htmlDocPtr? = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // An empty buffer has no base address; libxml2 wants a pointer all the same.
                let empty: [CChar] = [0]
                return empty.withUnsafeBufferPointer { fallback in
                    htmlCtxtReadMemory(context, chars.baseAddress ?? fallback.baseAddress, Int32(chars.count), path, "UTF-8", htmlOptions)
                }
            }
        }
        defer { if let document { xmlFreeDoc(document) } }
        var flattenedAt: Int?
        guard let document, let root = xmlDocGetRootElement(document) else {
            return HTMLParse(root: XMLElement(name: "html", prefix: nil, attributes: [:], line: 1, children: []), flattenedAtLine: nil)
        }
        let tree = convertHTML(root, depth: 0, maximumDepth: maximumDepth, keepingStyles: keepingStyles, flattenedAt: &flattenedAt)
        return HTMLParse(root: tree, flattenedAtLine: flattenedAt)
    }

    private static func convertHTML(_ node: xmlNodePtr, depth: Int, maximumDepth: Int, keepingStyles: Bool,
                                    flattenedAt: inout Int?) -> XMLElement {
        let name = string(node.pointee.name)?.lowercased() ?? ""
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let key = (string(current.pointee.name) ?? "").lowercased()
            if let raw = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1) {
                attributes[key] = String(cString: raw)
                recite_xml_free(raw)
            } else {
                attributes[key] = ""
            }
            attribute = current.pointee.next
        }
        let line = Int(xmlGetLineNo(node))
        var children: [XMLContent] = []
        if (name == "script" && !(attributes["type"]?.lowercased().contains("ld+json") ?? false))
            || (name == "style" && !keepingStyles) || name == "template" {
            // Never read, and their text is not the page's (a script of JSON-LD metadata is kept).
        } else if name == "style" {
            // A stylesheet's text as one node, however it was split.
            if node.pointee.children != nil { children.append(.text(flatText(of: node))) }
        } else if depth >= maximumDepth {
            if node.pointee.children != nil {
                if flattenedAt == nil { flattenedAt = line }
                children.append(.text(flatText(of: node)))
            }
        } else {
            var child = node.pointee.children
            while let current = child {
                switch current.pointee.type {
                case XML_ELEMENT_NODE:
                    children.append(.element(convertHTML(current, depth: depth + 1, maximumDepth: maximumDepth,
                                                         keepingStyles: keepingStyles, flattenedAt: &flattenedAt)))
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    children.append(.text(string(current.pointee.content) ?? ""))
                default:
                    break
                }
                child = current.pointee.next
            }
        }
        return XMLElement(name: name, prefix: nil, attributes: attributes, line: line, children: children)
    }

    /// The text inside `node`, gathered without recursion (the subtree may be any depth), leaving
    /// out script and style.
    private static func flatText(of node: xmlNodePtr) -> String {
        var text = ""
        var current = node.pointee.children
        while let n = current {
            var descend = false
            if n.pointee.type == XML_TEXT_NODE || n.pointee.type == XML_CDATA_SECTION_NODE {
                text += string(n.pointee.content) ?? ""
            } else if n.pointee.type == XML_ELEMENT_NODE {
                let name = string(n.pointee.name)?.lowercased() ?? ""
                descend = name != "script" && name != "style" && n.pointee.children != nil
            }
            if descend {
                current = n.pointee.children
                continue
            }
            // Next sibling, or the next sibling of the nearest ancestor below `node` that has one.
            var up: xmlNodePtr? = n
            current = nil
            while let u = up, u != node {
                if let next = u.pointee.next { current = next; break }
                up = u.pointee.parent
            }
        }
        return text
    }
}
