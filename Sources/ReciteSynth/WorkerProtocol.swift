import Foundation

/// The messages between the build and its synthesis workers (`recite worker`), over pipes:
/// length-prefixed frames, a JSON request one way, a JSON header and raw samples the other.
public enum WorkerProtocol {
    /// Largest frame accepted: a segment is at most a paragraph, far below this.
    static let maximumFrame = 512 * 1024 * 1024

    /// The header that precedes a response's samples.
    struct ResponseHeader: Codable {
        var sampleRate: Int
        var sampleCount: Int
        var events: [Event]
        var error: String?
        var crashed: Bool?

        struct Event: Codable {
            var kind: String
            var name: String?
            var position: Int
            var length: Int
            var sample: Int
        }
    }

    // MARK: - Frames

    /// Writes all of `data` with its length in front; false if the other end is gone.
    @discardableResult
    public static func writeFrame(_ data: Data, to fd: Int32) -> Bool {
        var length = UInt32(data.count).littleEndian
        let header = withUnsafeBytes(of: &length) { Data($0) }
        return writeAll(header, to: fd) && writeAll(data, to: fd)
    }

    /// Reads one frame; nil at end of input or on a broken frame.
    public static func readFrame(from fd: Int32) -> Data? {
        guard let header = readExactly(4, from: fd) else { return nil }
        let length = Int(header.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }.littleEndian)
        guard length <= maximumFrame else { return nil }
        return length == 0 ? Data() : readExactly(length, from: fd)
    }

    static func writeAll(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }

    static func readExactly(_ count: Int, from fd: Int32) -> Data? {
        var data = Data(count: count)
        let ok = data.withUnsafeMutableBytes { buffer -> Bool in
            var offset = 0
            while offset < count {
                let n = read(fd, buffer.baseAddress! + offset, count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        return ok ? data : nil
    }

    // MARK: - Responses

    /// The two frames of a response: header, then the samples as little-endian 16-bit integers.
    public static func encode(_ result: Result<SynthesizedAudio, SynthesisError>) -> (Data, Data) {
        switch result {
        case .success(let audio):
            let events = audio.events.map { e -> ResponseHeader.Event in
                let (kind, name): (String, String?) = switch e.kind {
                case .word: ("word", nil)
                case .sentence: ("sentence", nil)
                case .mark(let n): ("mark", n)
                case .phoneme(let n): ("phoneme", n)
                case .end: ("end", nil)
                }
                return ResponseHeader.Event(kind: kind, name: name, position: e.textPosition, length: e.textLength, sample: e.sample)
            }
            let header = ResponseHeader(sampleRate: audio.sampleRate, sampleCount: audio.samples.count, events: events)
            let samples = audio.samples.withUnsafeBufferPointer { Data(buffer: $0) }
            return ((try? JSONEncoder().encode(header)) ?? Data(), samples)
        case .failure(let error):
            let header = ResponseHeader(sampleRate: 0, sampleCount: 0, events: [], error: error.message,
                                        crashed: error.isCrash ? true : nil)
            return ((try? JSONEncoder().encode(header)) ?? Data(), Data())
        }
    }

    public static func decode(header: Data, samples: Data) throws(SynthesisError) -> SynthesizedAudio {
        guard let h = try? JSONDecoder().decode(ResponseHeader.self, from: header) else {
            throw SynthesisError("a synthesis worker sent a malformed response")
        }
        if let error = h.error { throw SynthesisError(error, isCrash: h.crashed == true) }
        guard samples.count == h.sampleCount * 2 else {
            throw SynthesisError("a synthesis worker sent \(samples.count) bytes for \(h.sampleCount) samples")
        }
        var values = [Int16](repeating: 0, count: h.sampleCount)
        _ = values.withUnsafeMutableBytes { samples.copyBytes(to: $0) }
        let events = h.events.map { e -> SynthesisEvent in
            let kind: SynthesisEvent.Kind = switch e.kind {
            case "word": .word
            case "sentence": .sentence
            case "mark": .mark(e.name ?? "")
            case "phoneme": .phoneme(e.name ?? "")
            default: .end
            }
            return SynthesisEvent(kind: kind, textPosition: e.position, textLength: e.length, sample: e.sample)
        }
        return SynthesizedAudio(sampleRate: h.sampleRate, samples: values, events: events)
    }
}
