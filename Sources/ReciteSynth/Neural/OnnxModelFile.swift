import Foundation

/// Just enough of the ONNX file format (a protobuf `ModelProto`) to check that a model file is
/// whole and to add the metadata sherpa-onnx reads.
///
/// Piper's models carry no metadata; sherpa-onnx wants `model_type`, `comment`, `sample_rate` and
/// a few more in `metadata_props` (field 14). Protobuf lets fields come in any order and repeated
/// fields accumulate, so entries appended at the end of the file join the model's list.
enum OnnxModelFile {
    /// Checks the top-level structure of a model: every field well formed, lengths inside the
    /// file, a graph present. Returns the metadata keys already there. A truncated or foreign
    /// file fails here, before any worker loads it.
    static func check(_ bytes: UnsafeRawBufferPointer, path: String) throws(VoiceError) -> Set<String> {
        var reader = ProtobufReader(bytes)
        var hasGraph = false
        var keys = Set<String>()
        do {
            while !reader.isAtEnd {
                let (field, wireType) = try reader.tag()
                switch wireType {
                case 0: _ = try reader.varint()
                case 1: try reader.skip(8)
                case 5: try reader.skip(4)
                case 2:
                    let body = try reader.lengthDelimited()
                    if field == 7 { hasGraph = body.count > 0 }
                    if field == 14, let key = Self.metadataKey(body) { keys.insert(key) }
                default: throw ProtobufReader.Malformed()
                }
            }
        } catch {
            throw VoiceError("\(path): not a whole ONNX model (the file is damaged or truncated at byte \(reader.offset)); install the voice again")
        }
        guard hasGraph else { throw VoiceError("\(path): not an ONNX model (it has no graph)") }
        return keys
    }

    /// The key of one `StringStringEntryProto` (field 1).
    private static func metadataKey(_ body: UnsafeRawBufferPointer) -> String? {
        var reader = ProtobufReader(body)
        while !reader.isAtEnd {
            guard let (field, wireType) = try? reader.tag(), wireType == 2,
                  let value = try? reader.lengthDelimited() else { return nil }
            if field == 1 { return String(decoding: value, as: UTF8.self) }
        }
        return nil
    }

    /// Metadata entries as protobuf bytes to append to a model: field 14, one entry per pair.
    static func metadataBytes(_ pairs: [(String, String)]) -> [UInt8] {
        var out: [UInt8] = []
        for (key, value) in pairs {
            let entry = lengthDelimited(field: 1, Array(key.utf8)) + lengthDelimited(field: 2, Array(value.utf8))
            out += lengthDelimited(field: 14, entry)
        }
        return out
    }

    private static func lengthDelimited(field: Int, _ body: [UInt8]) -> [UInt8] {
        varint(UInt64(field << 3 | 2)) + varint(UInt64(body.count)) + body
    }

    private static func varint(_ value: UInt64) -> [UInt8] {
        var v = value
        var out: [UInt8] = []
        repeat {
            let low = UInt8(v & 0x7f)
            v >>= 7
            out.append(v == 0 ? low : low | 0x80)
        } while v != 0
        return out
    }
}

/// Reads protobuf's wire format from memory, bounds-checked.
struct ProtobufReader {
    struct Malformed: Error {}
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func varint() throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            guard offset < bytes.count else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << UInt64(shift)
            if byte & 0x80 == 0 { return value }
        }
        throw Malformed()
    }

    mutating func tag() throws(Malformed) -> (field: Int, wireType: Int) {
        let tag = try varint()
        let field = Int(tag >> 3)
        guard field > 0 else { throw Malformed() }
        return (field, Int(tag & 7))
    }

    mutating func skip(_ count: Int) throws(Malformed) {
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        offset += count
    }

    mutating func lengthDelimited() throws(Malformed) -> UnsafeRawBufferPointer {
        let length = try varint()
        guard length <= UInt64(bytes.count - offset) else { throw Malformed() }
        let start = offset
        offset += Int(length)
        return UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
    }
}
