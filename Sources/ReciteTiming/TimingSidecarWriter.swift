import Foundation

/// Writes a timing sidecar as JSON a word at a time into a buffered file, so that a 10-hour book
/// (100,000 words) costs kilobytes of memory here rather than the hundred megabytes of the
/// generic encoder's intermediate tree. The output is the same schema `TimingSidecar` decodes:
/// keys sorted, one word, sentence, block or mark per line. Fields go straight into a byte
/// buffer: building a string per field and joining them cost as much as the rest of the build's
/// bookkeeping for a segment.
public enum TimingSidecarWriter {
    public static func write(_ sidecar: TimingSidecar, to path: String) throws {
        guard let file = FileHandle(forWritingAtPath: path) ?? create(path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? file.close() }
        var out = Output(file: file)
        out.raw("{\n  \"audio\" : ")
        out.string(sidecar.audio)
        out.raw(",\n")
        out.list("blocks", sidecar.blocks) { out, b in
            out.field("end", first: true); out.number(b.end)
            if let file = b.file { out.field("file"); out.string(file) }
            out.field("kind"); out.string(b.kind)
            out.field("length"); out.integer(b.length)
            if let level = b.level { out.field("level"); out.integer(level) }
            out.field("offset"); out.integer(b.offset)
            out.field("start"); out.number(b.start)
            out.field("text"); out.string(b.text)
        }
        out.raw("  \"duration\" : "); out.number(sidecar.duration)
        out.raw(",\n  \"format\" : "); out.string(sidecar.format)
        out.raw(",\n")
        out.list("marks", sidecar.marks) { out, m in
            out.field("name", first: true); out.string(m.name)
            out.field("time"); out.number(m.time)
        }
        out.raw("  \"sampleRate\" : "); out.integer(sidecar.sampleRate)
        out.raw(",\n")
        out.list("sentences", sidecar.sentences) { out, s in
            out.field("end", first: true); out.number(s.end)
            if let file = s.file { out.field("file"); out.string(file) }
            out.field("length"); out.integer(s.length)
            out.field("offset"); out.integer(s.offset)
            out.field("start"); out.number(s.start)
            out.field("text"); out.string(s.text)
        }
        out.raw("  \"source\" : "); out.string(sidecar.source)
        out.raw(",\n  \"version\" : "); out.integer(sidecar.version)
        if let voices = sidecar.voices {
            out.raw(",\n  \"voices\" : [")
            for (i, voice) in voices.enumerated() {
                if i > 0 { out.raw(", ") }
                out.string(voice)
            }
            out.raw("]")
        }
        out.raw(",\n")
        out.list("words", sidecar.words, last: true) { out, w in
            out.field("column", first: true); out.integer(w.column)
            out.field("end"); out.number(w.end)
            if let file = w.file { out.field("file"); out.string(file) }
            out.field("length"); out.integer(w.length)
            out.field("line"); out.integer(w.line)
            out.field("offset"); out.integer(w.offset)
            if let phonemes = w.phonemes { out.field("phonemes"); out.string(phonemes) }
            out.field("spoken"); out.string(w.spoken)
            out.field("start"); out.number(w.start)
            out.field("text"); out.string(w.text)
        }
        out.raw("}\n")
        try out.flush()
    }

    private static func create(_ path: String) -> FileHandle? {
        FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
    }

    /// A byte buffer flushed to the file every 64 KB.
    private struct Output {
        let file: FileHandle
        var bytes: [UInt8] = []

        init(file: FileHandle) {
            self.file = file
            bytes.reserveCapacity(80_000)
        }

        mutating func raw(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
            if bytes.count >= 65_536 { try? flush() }
        }

        mutating func flush() throws {
            try file.write(contentsOf: Data(bytes))
            bytes.removeAll(keepingCapacity: true)
        }

        /// `"key":`, after a comma unless it is the object's first.
        mutating func field(_ key: StaticString, first: Bool = false) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            key.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
        }

        mutating func number(_ value: Double) { TimingSidecarWriter.appendNumber(value, to: &bytes) }

        mutating func integer(_ value: Int) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            SecondsText.appendDecimal(Int(value.magnitude), to: &bytes)
        }

        mutating func string(_ text: String) { TimingSidecarWriter.appendString(text, to: &bytes) }

        mutating func list<T>(_ key: StaticString, _ items: [T], last: Bool = false, _ fields: (inout Output, T) -> Void) {
            raw("  \""); raw(key); raw("\" : [")
            for (i, item) in items.enumerated() {
                raw(i == 0 ? "\n    {" : ",\n    {")
                fields(&self, item)
                raw("}")
            }
            raw(items.isEmpty ? "]" : "\n  ]")
            raw(last ? "\n" : ",\n")
        }
    }

    /// A JSON number: the shortest text that reads back as the same double. Times are rounded
    /// to five decimals (`TimingSidecar.rounded`), so that is their five-decimal text.
    static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else { bytes.append(UInt8(ascii: "0")); return }
        if value == value.rounded(), abs(value) < 1e15 {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            SecondsText.appendDecimal(Int(abs(value)), to: &bytes)
        } else if value == TimingSidecar.rounded(value), abs(value) < 1e9 {
            SecondsText.append(value, to: &bytes)
        } else {
            bytes.append(contentsOf: "\(value)".utf8)
        }
    }

    /// A JSON string literal.
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most words need no escaping: then the text goes in whole, not byte by byte.
            guard utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case _ where byte < 0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                              hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
