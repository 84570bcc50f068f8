import Foundation

/// Writes a timing sidecar as JSON a word at a time into a buffered file, so that a 10-hour book
/// (100,000 words) costs kilobytes of memory here rather than the hundred megabytes of the
/// generic encoder's intermediate tree. The output is the same schema `TimingSidecar` decodes:
/// keys sorted, one word, sentence, block or mark per line.
public enum TimingSidecarWriter {
    public static func write(_ sidecar: TimingSidecar, to path: String) throws {
        guard let file = FileHandle(forWritingAtPath: path) ?? create(path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? file.close() }
        var out = Output(file: file)
        out.append("{\n")
        out.append("  \"audio\" : \(string(sidecar.audio)),\n")
        out.list("blocks", sidecar.blocks) { b in
            var fields = ["\"end\":\(number(b.end))"]
            if let file = b.file { fields.append("\"file\":\(string(file))") }
            fields += ["\"kind\":\(string(b.kind))", "\"length\":\(b.length)"]
            if let level = b.level { fields.append("\"level\":\(level)") }
            fields += ["\"offset\":\(b.offset)", "\"start\":\(number(b.start))", "\"text\":\(string(b.text))"]
            return fields
        }
        out.append("  \"duration\" : \(number(sidecar.duration)),\n")
        out.append("  \"format\" : \(string(sidecar.format)),\n")
        out.list("marks", sidecar.marks) { m in ["\"name\":\(string(m.name))", "\"time\":\(number(m.time))"] }
        out.append("  \"sampleRate\" : \(sidecar.sampleRate),\n")
        out.list("sentences", sidecar.sentences) { s in
            (["\"end\":\(number(s.end))"] + (s.file.map { ["\"file\":\(string($0))"] } ?? [])
                + ["\"length\":\(s.length)", "\"offset\":\(s.offset)", "\"start\":\(number(s.start))", "\"text\":\(string(s.text))"])
        }
        out.append("  \"source\" : \(string(sidecar.source)),\n")
        out.append("  \"version\" : \(sidecar.version),\n")
        out.list("words", sidecar.words, last: true) { w in
            var fields = ["\"column\":\(w.column)", "\"end\":\(number(w.end))"]
            if let file = w.file { fields.append("\"file\":\(string(file))") }
            fields += ["\"length\":\(w.length)", "\"line\":\(w.line)", "\"offset\":\(w.offset)"]
            if let phonemes = w.phonemes { fields.append("\"phonemes\":\(string(phonemes))") }
            fields += ["\"spoken\":\(string(w.spoken))", "\"start\":\(number(w.start))", "\"text\":\(string(w.text))"]
            return fields
        }
        out.append("}\n")
        try out.flush()
    }

    private static func create(_ path: String) -> FileHandle? {
        FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
    }

    /// A buffer flushed to the file every 64 KB.
    private struct Output {
        let file: FileHandle
        var buffer = ""
        var failed: (any Error)?

        mutating func append(_ text: String) {
            buffer += text
            if buffer.utf8.count >= 65_536 { try? flush() }
        }

        mutating func flush() throws {
            try file.write(contentsOf: Data(buffer.utf8))
            buffer = ""
        }

        mutating func list<T>(_ key: String, _ items: [T], last: Bool = false, _ fields: (T) -> [String]) {
            append("  \"\(key)\" : [")
            for (i, item) in items.enumerated() {
                append(i == 0 ? "\n    {" : ",\n    {")
                append(fields(item).joined(separator: ","))
                append("}")
            }
            append(items.isEmpty ? "]" : "\n  ]")
            append(last ? "\n" : ",\n")
        }
    }

    /// A JSON number: the shortest text that reads back as the same double.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String {
        // Most words need no escaping: then the text goes in whole, not scalar by scalar.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
