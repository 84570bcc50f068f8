import Foundation

/// The header of a synthesis response, in a small binary form (little-endian): it crosses a pipe
/// between the build and its workers and is stored in the cache once per segment, and JSON cost
/// more than the audio's copy. With the samples as a second part, it is a response's whole form.
///
///     ok:    0 (samples in the next frame) or 3 (in shared memory, `SharedSamples`),
///            rate u32, sample count u32, event count u32, events
///     error: 1 (refused) or 2 (crashed), then the message in UTF-8
///     event: kind u8, token u32, offset u32, sample u32, name length u16, name UTF-8
public enum ResponseHeader {
    private enum Kind: UInt8 {
        case word, sentence, mark, phoneme, end
    }

    public static func encode(_ audio: SynthesizedAudio, samplesShared: Bool = false) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(13 + audio.events.count * 16)
        bytes.append(samplesShared ? 3 : 0)
        append(UInt32(audio.sampleRate), to: &bytes)
        append(UInt32(audio.samples.count), to: &bytes)
        append(UInt32(audio.events.count), to: &bytes)
        for event in audio.events {
            let (kind, name): (Kind, String) = switch event.kind {
            case .word: (.word, "")
            case .sentence: (.sentence, "")
            case .mark(let n): (.mark, n)
            case .phoneme(let n): (.phoneme, n)
            case .end: (.end, "")
            }
            bytes.append(kind.rawValue)
            append(UInt32(clamping: event.token), to: &bytes)
            append(UInt32(clamping: event.offset), to: &bytes)
            append(UInt32(clamping: event.sample), to: &bytes)
            let utf8 = Array(name.utf8.prefix(Int(UInt16.max)))
            append(UInt16(utf8.count), to: &bytes)
            bytes += utf8
        }
        return Data(bytes)
    }

    static func encode(_ error: SynthesisError) -> Data {
        Data([error.isCrash ? 2 : 1] + Array(error.message.utf8))
    }

    /// The sample count of a header whose samples are in shared memory; nil for any other.
    public static func sharedSampleCount(_ header: Data) -> Int? {
        guard header.count >= 9, header[header.startIndex] == 3 else { return nil }
        let at = header.startIndex + 5
        return (0..<4).reduce(0) { $0 | Int(header[at + $1]) << (8 * $1) }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// Reads a header; a malformed one is an error, as is a response that carries an error.
    struct Reader {
        private let bytes: [UInt8]
        private var offset = 0

        init(_ data: Data) { bytes = [UInt8](data) }

        mutating func read() throws(SynthesisError) -> (sampleRate: Int, sampleCount: Int, events: [SynthesisEvent]) {
            let malformed = SynthesisError("a synthesis worker sent a malformed response")
            guard let status = bytes.first else { throw malformed }
            offset = 1
            if status != 0 && status != 3 {
                throw SynthesisError(String(decoding: bytes[1...], as: UTF8.self), isCrash: status == 2)
            }
            guard let rate = integer(UInt32.self), let count = integer(UInt32.self),
                  let eventCount = integer(UInt32.self), Int(eventCount) <= bytes.count else { throw malformed }
            var events: [SynthesisEvent] = []
            events.reserveCapacity(Int(eventCount))
            for _ in 0..<eventCount {
                guard offset < bytes.count, let kind = Kind(rawValue: bytes[offset]) else { throw malformed }
                offset += 1
                guard let token = integer(UInt32.self), let within = integer(UInt32.self),
                      let sample = integer(UInt32.self), let nameLength = integer(UInt16.self),
                      offset + Int(nameLength) <= bytes.count else { throw malformed }
                let name = String(decoding: bytes[offset..<offset + Int(nameLength)], as: UTF8.self)
                offset += Int(nameLength)
                let eventKind: SynthesisEvent.Kind = switch kind {
                case .word: .word
                case .sentence: .sentence
                case .mark: .mark(name)
                case .phoneme: .phoneme(name)
                case .end: .end
                }
                events.append(SynthesisEvent(kind: eventKind, token: Int(token), offset: Int(within), sample: Int(sample)))
            }
            guard offset == bytes.count else { throw malformed }
            return (Int(rate), Int(count), events)
        }

        private mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            let size = MemoryLayout<T>.size
            guard offset + size <= bytes.count else { return nil }
            var value: T = 0
            for i in (0..<size).reversed() { value = value << 8 | T(bytes[offset + i]) }
            offset += size
            return value
        }
    }

    // MARK: - Responses

    /// The two frames of a response: header, then the samples as little-endian 16-bit integers.
    public static func encode(_ result: Result<SynthesizedAudio, SynthesisError>) -> (Data, Data) {
        switch result {
        case .success(let audio):
            let samples = audio.samples.withUnsafeBufferPointer { Data(buffer: $0) }
            return (ResponseHeader.encode(audio), samples)
        case .failure(let error):
            return (ResponseHeader.encode(error), Data())
        }
    }

    public static func decode(header: Data, samples: Data) throws(SynthesisError) -> SynthesizedAudio {
        guard samples.count % 2 == 0 else {
            throw SynthesisError("a synthesis worker sent an odd number of bytes of samples")
        }
        let values = [Int16](unsafeUninitializedCapacity: samples.count / 2) { buffer, initialized in
            _ = samples.copyBytes(to: UnsafeMutableRawBufferPointer(buffer))
            initialized = samples.count / 2
        }
        return try decode(header: header, samples: values)
    }

    public static func decode(header: Data, samples: [Int16]) throws(SynthesisError) -> SynthesizedAudio {
        var reader = ResponseHeader.Reader(header)
        let (sampleRate, sampleCount, events) = try reader.read()
        guard samples.count == sampleCount else {
            throw SynthesisError("a synthesis worker sent \(samples.count) samples for \(sampleCount)")
        }
        return SynthesizedAudio(sampleRate: sampleRate, samples: samples, events: events)
    }
}
