import Foundation
import ReciteScript
import ReciteXML

/// Walks the SSML element tree and the raw source side by side, building blocks of runs.
struct SSMLWalker {
    let source: SourceText
    var cursor: MarkupCursor
    var blocks: [Block] = []
    var warnings: [Warning] = []
    /// The paragraph being built (explicit `<p>` or text outside any `<p>`).
    var builder: BlockTextBuilder
    var blockStart = 0
    /// Where `<audio src>` and `<lexicon uri>` may point.
    let resources: LocalResource
    let isPlayableAudio: SSMLParser.AudioCheck
    /// Lexicon files to load, in document order.
    var lexicons: [String] = []
    /// Local files the output depends on (see `SSMLParser.Result.dependencies`).
    var dependencies: [String] = []

    /// Elements whose content is never spoken.
    static let silent: Set<String> = ["desc", "meta", "metadata"]
    /// Elements that only group text, with nothing for Recite to do.
    static let transparent: Set<String> = ["speak", "lookup"]

    init(source: SourceText, resources: LocalResource, isPlayableAudio: @escaping SSMLParser.AudioCheck) {
        self.source = source
        self.cursor = MarkupCursor(source: source)
        self.builder = BlockTextBuilder(source: source)
        self.resources = resources
        self.isPlayableAudio = isPlayableAudio
    }

    mutating func walkRoot(_ root: XMLElement) throws(DocumentError) {
        var style = RunStyle()
        style.language = root.attributes["xml:lang"]
        try walk(root, style: style)
        flushBlock(end: cursor.position)
    }

    // MARK: - Elements

    /// An element whose children are being read, and what to do once they all have been.
    /// The walk keeps these on an explicit stack rather than recursing per nesting level: a
    /// frame of the walk is several kilobytes, and a debug build ran out of stack at 199 levels.
    struct OpenElement {
        enum Closing { case plain, paragraph, sentence, token }
        let element: XMLElement
        let style: RunStyle
        let selfClosing: Bool
        let closing: Closing
        /// The next child to read.
        var next = 0
    }

    /// How an element reads: fully consumed already, or by walking its children in a style.
    enum Reading {
        case consumed
        case children(RunStyle)
    }

    /// Walks `element` and everything inside it, depth first, without recursion.
    mutating func walk(_ element: XMLElement, style: RunStyle) throws(DocumentError) {
        var stack: [OpenElement] = []
        if let open = try open(element, style: style) { stack.append(open) }
        while let top = stack.last {
            guard top.next < top.element.children.count else {
                close(stack.removeLast())
                continue
            }
            stack[stack.count - 1].next += 1
            switch top.element.children[top.next] {
            case .element(let child):
                if let open = try open(child, style: top.style) { stack.append(open) }
            case .text(let text):
                readText(text, style: top.style)
            case .comment:
                cursor.skipComment()
            case .processingInstruction:
                cursor.skipProcessingInstruction()
            }
        }
    }

    /// Reads an element's start tag and does what the element asks; returns the element to
    /// keep open while its children are read, or nil if it was read to its end already.
    private mutating func open(_ element: XMLElement, style parentStyle: RunStyle) throws(DocumentError) -> OpenElement? {
        let tagStart = cursor.enterElement()
        let selfClosing = cursor.finishStartTag()
        let location = source.location(ofScalar: tagStart)
        var style = parentStyle
        if let lang = element.attributes["xml:lang"] { style.language = lang }
        func children(_ style: RunStyle, _ closing: OpenElement.Closing = .plain) -> OpenElement {
            OpenElement(element: element, style: style, selfClosing: selfClosing, closing: closing)
        }
        func reading(_ reading: Reading) -> OpenElement? {
            if case .children(let style) = reading { return children(style) }
            return nil
        }

        if element.isVendorExtension {
            warnings.append(Warning(path: source.path, location: location,
                                    message: "<\(element.qualifiedName)> is a vendor extension; its text is read and the element ignored."))
        }

        switch element.name {
        case "p", "paragraph":
            flushBlock(end: tagStart)
            blockStart = cursor.position
            return children(style, .paragraph)
        case "s", "sentence":
            builder.appendSpace()
            return children(style, .sentence)
        case "break":
            builder.appendPause(try breakSeconds(element, at: location), at: tagStart)
        case "mark":
            if let name = element.attributes["name"] { builder.appendMark(name, at: tagStart) }
        case "prosody":
            style.prosody = try prosody(element, at: location).nested(in: parentStyle.prosody)
            return children(style)
        case "emphasis":
            let level = (element.attributes["level"] ?? "moderate").trimmingCharacters(in: .whitespaces).lowercased()
            guard let emphasis = Emphasis(rawValue: level) else {
                throw invalid("level", level, in: element, at: location, expected: "strong, moderate, none or reduced")
            }
            style.emphasis = emphasis
            return children(style)
        case "sub":
            let contentStart = cursor.position
            let contentEnd = selfClosing ? contentStart : skipContent(of: element)
            if let alias = element.attributes["alias"] {
                builder.appendGenerated(" \(alias)", origin: trimmed(contentStart..<contentEnd), style: style)
            } else {
                var c = contentStart
                builder.appendAligned(element.textContent, cursor: &c, limit: contentEnd, style: style)
            }
            return nil
        case "say-as":
            return reading(try sayAs(element, style: style, at: location, selfClosing: selfClosing))
        case "phoneme":
            return reading(try phoneme(element, style: style, at: location, selfClosing: selfClosing))
        case "token", "w":
            // A token is a word of its own: in languages written without spaces (the Chinese
            // example of SSML 1.1, 3.1.8.2) its edges are the only word boundaries there are.
            builder.appendSpace()
            return children(style, .token)
        case "voice", "lang":
            try voice(element, style: &style, at: location)
            return children(style)
        case "audio":
            return reading(audio(element, style: style, tagStart: tagStart, at: location, selfClosing: selfClosing))
        case "lexicon":
            lexicon(element, at: location)
            // An inline lexicon (as some engines accept) is not read; its content is skipped so
            // that later text is still found at its bytes.
            if !selfClosing { skipChildren(of: element) }
        case _ where Self.silent.contains(element.name):
            if !selfClosing { skipChildren(of: element) }
        default:
            if !Self.transparent.contains(element.name) && !element.isVendorExtension {
                warnings.append(Warning(path: source.path, location: location,
                                        message: "<\(element.name)> is not an SSML element Recite knows; its text is read."))
            }
            return children(style)
        }
        if !selfClosing { _ = cursor.leaveElement() }
        return nil
    }

    /// Finishes an element once all its children have been read.
    private mutating func close(_ open: OpenElement) {
        switch open.closing {
        case .plain:
            break
        case .paragraph:
            flushBlock(end: cursor.position)
        case .sentence:
            builder.endSentence()
            builder.appendSpace()
        case .token:
            if !open.selfClosing { _ = cursor.leaveElement() }
            if cursor.position < source.scalars.count, Self.startsWord(source.scalars[cursor.position]) {
                builder.appendSpace()
            }
            return
        }
        if !open.selfClosing { _ = cursor.leaveElement() }
    }

    /// Character data inside an element, matched to its bytes.
    private mutating func readText(_ text: String, style: RunStyle) {
        let limit = cursor.textLimit()
        if !text.allSatisfy(\.isWhitespace), builder.isEmpty { blockStart = cursor.position }
        builder.appendAligned(text, cursor: &cursor.position, limit: limit, style: style)
        cursor.position = max(cursor.position, limit)
    }

    /// True for a character that would otherwise run on into the token before it (a letter,
    /// digit or ideograph); punctuation after a token stays attached to it.
    static func startsWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Moves the cursor past an element's content without reading it (a `<desc>`, an `<audio>`
    /// whose file is played instead), so that later text is still found at its bytes. Like the
    /// walk, it keeps its place on an explicit stack instead of recursing.
    mutating func skipChildren(of element: XMLElement) {
        var stack: [(element: XMLElement, next: Int)] = [(element, 0)]
        while let (current, next) = stack.last {
            guard next < current.children.count else {
                stack.removeLast()
                // A nested element ends at its end tag; the outermost one is left by the caller.
                if !stack.isEmpty { _ = cursor.leaveElement() }
                continue
            }
            stack[stack.count - 1].next += 1
            switch current.children[next] {
            case .element(let child):
                _ = cursor.enterElement()
                if !cursor.finishStartTag() { stack.append((child, 0)) }
            case .text:
                cursor.position = max(cursor.position, cursor.textLimit())
            case .comment:
                cursor.skipComment()
            case .processingInstruction:
                cursor.skipProcessingInstruction()
            }
        }
    }

    /// Skips the content and the end tag of the element just entered; returns where the end tag starts.
    mutating func skipContent(of element: XMLElement) -> Int {
        skipChildren(of: element)
        return cursor.leaveElement()
    }

    // MARK: - Blocks

    mutating func flushBlock(end: Int) {
        let range = blockStart..<max(blockStart, end)
        let runs = builder.finish(fallback: trimmed(range))
        blockStart = end
        guard runs.contains(where: { $0.spoken != nil || $0.isMark }) else { return }
        blocks.append(Block(kind: .paragraph, source: source.span(scalars: trimmed(range)), runs: runs))
    }

    /// `range` without leading and trailing white space.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi, source.scalars[lo].properties.isWhitespace { lo += 1 }
        while hi > lo, source.scalars[hi - 1].properties.isWhitespace { hi -= 1 }
        return lo..<hi
    }

    func invalid(_ attribute: String, _ value: String, in element: XMLElement, at location: SourceLocation,
                 expected: String) -> DocumentError {
        DocumentError(path: source.path, location: location,
                      message: "<\(element.name) \(attribute)=\"\(value)\"> is not a valid value; use \(expected).")
    }
}

extension XMLElement {
    /// `amazon:effect`, `mstts:express-as`: a prefix, declared or not (libxml2 keeps an undeclared
    /// prefix in the name).
    var isVendorExtension: Bool { prefix != nil || name.contains(":") }

    var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }
}

extension Run {
    var isMark: Bool {
        if case .mark = content { return true }
        return false
    }
}
