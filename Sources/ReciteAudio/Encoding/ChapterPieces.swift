import Foundation

/// A long chapter's AAC is encoded in pieces side by side and their packets joined, so that one
/// long article (the shared corpus has a 2.6-hour one) does not leave a single core encoding
/// alone at the end of a book: AAC runs at about 180× real time on one core.
///
/// Pieces are cut only inside silence: at a frame boundary with `margin` frames of silence
/// (samples within ±`quiet`) on either side. There, the last frames of one piece's encoder (the
/// padding after its input) and the first of the next's (its priming) encode silence, exactly
/// what one encoder would have seen, so the joined packets decode as one encoding would: the
/// next piece's priming packets are dropped, and every sample keeps its place. AAC packets
/// carry no bits for later ones (unlike MP3's bit reservoir), which is what allows the join; a
/// chapter with no such silence is encoded whole.
enum ChapterPieces {
    /// A piece's length, about: 5 minutes of audio, under 2 s of one core's AAC.
    static let pieceSeconds = 300
    /// Frames of silence wanted on each side of a cut: the transform's window reaches one frame
    /// each way, and an encoder may look one frame ahead.
    static let margin = 3
    static let quiet: Int16 = 2
    /// How far past a piece's nominal end a cut is looked for before the piece is made longer.
    static let searchSeconds = 120

    /// Whether `format`'s chapters are encoded in pieces: AAC at the input's own rate (a
    /// resampler's state would not restart cleanly at a cut).
    static func apply(to format: AudioFormat, inputRate: Int) -> Bool {
        format == .m4b && format.fileRate(for: inputRate) == inputRate
    }

    /// The samples where pieces start, after the first at 0, for a file of `frames` samples at
    /// `rate`: one cut near each multiple of the piece length; none for a short chapter.
    static func cuts(in path: String, frames: Int, rate: Int, frameSize: Int, pieceSeconds: Int = pieceSeconds) throws -> [Int] {
        let length = pieceSeconds * rate
        let count = frames / length
        guard count >= 2 else { return [] }
        var cuts: [Int] = []
        for index in 1..<count {
            let nominal = index * frames / count
            guard nominal > (cuts.last ?? 0),
                  let cut = try cut(in: path, near: nominal, frames: frames, rate: rate, frameSize: frameSize),
                  cut > (cuts.last ?? 0), cut < frames else { continue }
            cuts.append(cut)
        }
        return cuts
    }

    /// The first frame boundary at or after `nominal` with `margin` frames of silence on each
    /// side, within `searchSeconds`; nil when there is none.
    static func cut(in path: String, near nominal: Int, frames: Int, rate: Int, frameSize: Int) throws -> Int? {
        let reach = margin * frameSize
        let start = max(0, nominal - reach)
        let end = min(frames, nominal + searchSeconds * rate + 2 * reach)
        var position = start
        var silentSince = start
        var found: Int?
        struct Found: Error {}
        do {
            _ = try SoundFile.stream(path, chunk: 16_384, from: start, frames: end - start) { chunk throws in
                try scan(chunk)
            }
        } catch is Found {}
        return found

        func scan(_ chunk: [Int16]) throws {
            for sample in chunk {
                if sample > quiet || sample < -quiet {
                    silentSince = position + 1
                } else {
                    // The first frame boundary with `reach` silent samples before it, at or after `nominal`.
                    let boundary = (max(silentSince + reach, nominal) + frameSize - 1) / frameSize * frameSize
                    if position + 1 >= boundary + reach {
                        found = boundary
                        throw Found()
                    }
                }
                position += 1
            }
        }
    }

    /// Encodes the pieces of `path` between `cuts`, `jobs` at a time, each into a packet file of
    /// its own beside `target`, then joins them into `target`.
    static func encode(_ path: String, cuts: [Int], frames: Int, format: AudioFormat, bitRate: Int?, jobs: Int,
                       to target: String) throws {
        let bounds = [0] + cuts
        let rate = try SoundFile.info(of: path).sampleRate
        // Named as `AtomicOutput` names its temporaries, so that those of a killed run are removed.
        let suffix = ".\(getpid()).partial"
        let stem = target.hasSuffix(suffix) ? String(target.dropLast(suffix.count)) : target
        let files = bounds.indices.map { "\(stem).piece\($0)\(suffix)" }
        defer { for file in files { unlink(file) } }
        let queue = EncodingQueue(count: bounds.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, bounds.count))) { _ in
            while let index = queue.take() {
                do {
                    let session = try ChapterEncoder.Session(format: format, inputRate: rate, bitRate: bitRate, path: files[index])
                    let count = index + 1 < bounds.count ? bounds[index + 1] - bounds[index] : nil
                    _ = try SoundFile.stream(path, from: bounds[index], frames: count) { chunk throws in
                        try session.write(chunk.map { Float($0) / 32768 })
                    }
                    try session.finish()
                } catch {
                    queue.fail(error)
                }
            }
        }
        if let error = queue.failure { throw error }
        try join(files, to: target, inputFrames: frames)
    }

    /// Joins pieces' packet files: each after the first loses its priming packets, which the
    /// previous piece's padding already holds (both silence).
    static func join(_ files: [String], to target: String, inputFrames: Int) throws {
        let headers = try files.map { file throws(SoundFile.Failure) -> EncodedChapterFile.Header in
            guard let header = EncodedChapterFile.header(of: file) else {
                throw SoundFile.Failure(message: "A piece of the chapter \(target) was not written whole; check the disk and run again.")
            }
            return header
        }
        let first = headers[0]
        let priming = (first.delay + first.frameSize - 1) / first.frameSize
        let writer = try EncodedChapterFile.Writer(path: target)
        for (index, file) in files.enumerated() {
            var skip = index == 0 ? 0 : priming
            try EncodedChapterFile.forEachPacket(file, header: headers[index]) { bytes, duration throws(SoundFile.Failure) in
                if skip > 0 {
                    skip -= 1
                    return
                }
                try writer.append(bytes, duration: duration)
            }
        }
        // One encoder would have made whole frames of the input plus its priming: so must the join.
        let expected = ((inputFrames + first.frameSize - 1) / first.frameSize + priming) * first.frameSize
        guard writer.length == expected else {
            throw SoundFile.Failure(message: "The pieces of the chapter \(target) joined to \(writer.length) samples, not \(expected); this is a bug in Recite.")
        }
        var header = first
        header.inputFrames = inputFrames
        try writer.finish(header)
    }
}
