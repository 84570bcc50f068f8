import Foundation
import ReciteEspeak
import ReciteSynth
import ReciteWorkers

/// What decides a document's outputs, hashed: the source bytes, the files it names (SSML audio
/// clips and lexicons), where it goes, the pipeline, the contents of its rule and lexicon files,
/// the eSpeak NG version and this build of Recite. A document whose
/// fingerprint is unchanged since the last good run, with its outputs in place, is not rendered
/// again — not even re-stitched from the cache.
struct DocumentFingerprint {
    /// Everything shared by the run's documents, hashed once.
    let runDigest: String

    init(pipeline: Pipeline) {
        // The channel's settings (its title, base URL …) are the feed's, not any document's:
        // only `feedFiles` changes what a document gives, so a new channel title renders nothing.
        var described = pipeline
        described.feed = nil
        // Which natural voices are installed decides what reads a document that names none.
        var parts = ["recite-document-1", EspeakEngine.version, String(describing: described),
                     VoiceAssignment(pipeline: pipeline).naturalDefaults]
        // Recite itself: a new build may read or time the same text differently.
        let executable = WorkerPool.currentExecutable
        if let attributes = try? FileManager.default.attributesOfItem(atPath: executable) {
            parts.append("\(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? "")")
        }
        var files: [String] = pipeline.userRuleFiles + pipeline.lexicons
        if let folder = pipeline.rulesFolder,
           let names = try? FileManager.default.contentsOfDirectory(atPath: folder) {
            files += names.sorted().map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
        }
        var bytes = Array(parts.joined(separator: "\n").utf8)
        for file in files {
            bytes += Array(file.utf8) + [0]
            bytes += FileManager.default.contents(atPath: file).map { SHA256.digest($0) } ?? []
        }
        runDigest = SHA256.hex(bytes)
    }

    /// The fingerprint of one job, or nil if its source cannot be read (it will fail on its own).
    /// `dependencies` are the other files its output depends on; a missing one counts as such, so
    /// that adding it later changes the fingerprint.
    func fingerprint(of job: Job, dependencies: [String] = []) -> String? {
        sourceDigest(of: job).map { fingerprint(of: job, source: $0, dependencies: dependencies) }
    }

    /// The same, for a source whose digest was taken already.
    func fingerprint(of job: Job, source: [UInt8], dependencies: [String]) -> String {
        var bytes = Array("\(runDigest)\n\(job.source)\n\(job.outputStem)\n".utf8) + source
        for file in dependencies {
            bytes += Array("\n\(file)\n".utf8)
            bytes += FileManager.default.contents(atPath: file).map { SHA256.digest($0) } ?? Array("missing".utf8)
        }
        return SHA256.hex(bytes)
    }

    /// The digest of the source's bytes as they are now; nil if it cannot be read. Taken before a
    /// document is read and again after, it tells a document rewritten while the run read it.
    func sourceDigest(of job: Job) -> [UInt8]? {
        FileManager.default.contents(atPath: job.source).map { SHA256.digest($0) }
    }
}
