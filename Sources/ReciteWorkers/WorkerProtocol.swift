import Foundation
import ReciteSynth
import ReciteSystem

/// The messages between the build and its synthesis workers (`recite worker`), over pipes:
/// length-prefixed frames, a JSON request one way, a binary header (`ResponseHeader`) and raw
/// samples the other. The segment cache stores responses in the same form.
public enum WorkerProtocol {
    /// Largest frame accepted: a segment is at most a paragraph, far below this.
    static let maximumFrame = 512 * 1024 * 1024

    // MARK: - Frames

    /// Writes all of `data` with its length in front; false if the other end is gone. A small
    /// frame goes out in one write, which a pipe keeps whole (below `PIPE_BUF` bytes).
    @discardableResult
    public static func writeFrame(_ data: Data, to fd: Int32) -> Bool {
        var length = UInt32(data.count).littleEndian
        var frame = withUnsafeBytes(of: &length) { Data($0) }
        guard data.count + frame.count <= smallFrame else { return writeAll(frame, to: fd) && writeAll(data, to: fd) }
        frame.append(data)
        return writeAll(frame, to: fd)
    }

    /// The largest frame written in one piece: POSIX's `PIPE_BUF` least.
    static let smallFrame = 512

    /// Writes a response's two frames, the samples straight from the audio's memory.
    static func writeResponse(_ result: Result<SynthesizedAudio, SynthesisError>, to fd: Int32,
                              shared: SharedSamples? = nil, sequence: Int = 0) -> Bool {
        switch result {
        case .success(let audio) where shared?.write(audio.samples, sequence: sequence) == true:
            return writeFrame(ResponseHeader.encode(audio, samplesShared: true), to: fd) && writeFrame(Data(), to: fd)
        case .success(let audio):
            guard writeFrame(ResponseHeader.encode(audio), to: fd) else { return false }
            return audio.samples.withUnsafeBytes { samples in
                var length = UInt32(samples.count).littleEndian
                return withUnsafeBytes(of: &length) { writeAll($0, to: fd) } && writeAll(samples, to: fd)
            }
        case .failure:
            let (header, samples) = ResponseHeader.encode(result)
            return writeFrame(header, to: fd) && writeFrame(samples, to: fd)
        }
    }

    /// Reads one frame; nil at end of input or on a broken frame.
    public static func readFrame(from fd: Int32) -> Data? {
        guard let header = readExactly(4, from: fd) else { return nil }
        let length = Int(header.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }.littleEndian)
        guard length <= maximumFrame else { return nil }
        return length == 0 ? Data() : readExactly(length, from: fd)
    }

    static func writeAll(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { writeAll($0, to: fd) }
    }

    static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        FileDescriptorIO.writeAll(fd, buffer)
    }

    /// Reads one frame of samples straight into an array (no copy from a buffer); nil at end of
    /// input, on a broken frame, or on an odd byte count.
    public static func readSamplesFrame(from fd: Int32) -> [Int16]? {
        guard let header = readExactly(4, from: fd) else { return nil }
        let length = Int(header.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }.littleEndian)
        guard length <= maximumFrame, length % 2 == 0 else { return nil }
        guard length > 0 else { return [] }
        var got = 0
        let samples = [Int16](unsafeUninitializedCapacity: length / 2) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            got = readAll(fd, into: raw.baseAddress!, count: length)
            // Whatever was not read is zeroed, so the array is initialized either way.
            if got < length { (raw.baseAddress! + got).initializeMemory(as: UInt8.self, repeating: 0, count: length - got) }
            initialized = length / 2
        }
        return got == length ? samples : nil
    }

    static func readExactly(_ count: Int, from fd: Int32) -> Data? {
        // Read into fresh memory, not a zero-filled buffer: a response is megabytes of audio.
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        guard readAll(fd, into: buffer, count: count) == count else {
            buffer.deallocate()
            return nil
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// Reads until `count` bytes are in, the input ends or fails; returns how many came.
    private static func readAll(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        FileDescriptorIO.readAll(fd, into: UnsafeMutableRawBufferPointer(start: buffer, count: count))
    }
}
