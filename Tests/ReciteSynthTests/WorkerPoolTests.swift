import Foundation
import ReciteSynth
import ReciteTestSupport
import Testing

/// The pool's handling of failures, with a stand-in worker (a small Python script speaking the
/// worker protocol) so that crashes happen on cue.
@Suite struct WorkerPoolTests {
    /// A worker whose first answer says its synthesis child crashed (or, with `refuse`, that the
    /// request is refused), and whose later answers are two samples of audio.
    static func standIn(refuse: Bool = false) throws -> String {
        let script = Fixtures.scratch("stand-in-worker-\(UUID().uuidString).py")
        try FileManager.default.createDirectory(at: script.deletingLastPathComponent(), withIntermediateDirectories: true)
        let failure = refuse ? #"{"sampleRate":0,"sampleCount":0,"events":[],"error":"no voice"}"#
                             : #"{"sampleRate":0,"sampleCount":0,"events":[],"error":"eSpeak NG stopped","crashed":true}"#
        try Data("""
            #!/usr/bin/env python3
            import struct, sys
            def frame(data):
                sys.stdout.buffer.write(struct.pack('<I', len(data)) + data); sys.stdout.buffer.flush()
            def read():
                head = sys.stdin.buffer.read(4)
                if len(head) < 4: return None
                return sys.stdin.buffer.read(struct.unpack('<I', head)[0])
            frame(b'22050')
            answered = 0
            while read() is not None:
                if answered == 0:
                    frame(b'\(failure)'); frame(b'')
                else:
                    frame(b'{"sampleRate":22050,"sampleCount":2,"events":[]}'); frame(struct.pack('<2h', 7, -7))
                answered += 1
            """.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    static let request = SynthesisRequest(markup: "<speak>x</speak>", language: "en-US", voiceName: nil, rate: 175, pitch: 50, volume: 100)

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func aCrashedSynthesisIsTriedOnceMore() throws {
        let pool = try WorkerPool(size: 1, executable: Self.standIn())
        let audio = try pool.synthesize([Self.request])
        #expect(audio.first?.samples == [7, -7])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func aRefusalIsNotRetried() throws {
        let pool = try WorkerPool(size: 1, executable: Self.standIn(refuse: true))
        #expect(throws: SynthesisError.self) { try pool.synthesize([Self.request]) }
    }
}
