import Foundation

/// Just enough of the ONNX file format (a protobuf `ModelProto`) to check that a model file is
/// whole before a worker loads it: a truncated or foreign file is refused naming it, where ONNX
/// Runtime would say less.
enum OnnxModelFile {
    /// Checks the top-level structure of a model: every field well formed, lengths inside the
    /// file, a graph present.
    static func check(_ bytes: UnsafeRawBufferPointer, path: String) throws(VoiceError) {
        var reader = ProtobufReader(bytes)
        var hasGraph = false
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
                default: throw ProtobufReader.Malformed()
                }
            }
        } catch {
            throw VoiceError("\(path): not a whole ONNX model (the file is damaged or truncated at byte \(reader.offset)); install the voice again")
        }
        guard hasGraph else { throw VoiceError("\(path): not an ONNX model (it has no graph)") }
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
