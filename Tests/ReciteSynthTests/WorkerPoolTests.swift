import Foundation
import ReciteCache
import ReciteEspeak
import ReciteNeural
import ReciteSynth
import ReciteWorkers
import ReciteTestSupport
import Testing
import ReciteSegment

/// The pool's handling of failures, with a stand-in worker (a small Python script speaking the
/// worker protocol) so that crashes happen on cue.
@Suite struct WorkerPoolTests {
    /// A worker whose first answer says its synthesis child crashed (or, with `refuse`, that the
    /// request is refused), and whose later answers are two samples of audio.
    /// With `dies`, the first answer is no answer: the worker exits on its first request. With
    /// `diesStarting`, the first worker exits before it says hello (killed while it warms up).
    static func standIn(refuse: Bool = false, dies: Bool = false, diesStarting: Bool = false) throws -> String {
        let script = Fixtures.scratch("stand-in-worker-\(UUID().uuidString).py")
        let draft = script.appendingPathExtension("draft")
        try FileManager.default.createDirectory(at: script.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Response headers (see ResponseHeader): status 1 refused, 2 crashed, 0 audio.
        let failure = refuse ? #"b'\x01no voice'"# : #"b'\x02eSpeak NG stopped'"#
        try Data("""
            #!/usr/bin/env python3
            import struct, sys
            def frame(data):
                sys.stdout.buffer.write(struct.pack('<I', len(data)) + data); sys.stdout.buffer.flush()
            def read():
                head = sys.stdin.buffer.read(4)
                if len(head) < 4: return None
                return sys.stdin.buffer.read(struct.unpack('<I', head)[0])
            import os, time
            if \(diesStarting ? "True" : "False") and not os.path.exists('\(script.path).started'):
                open('\(script.path).started', 'w').close(); sys.exit(9)
            frame(b'22050')
            answered = 0
            marker = '\(script.path).died'
            if \(dies ? "True" : "False") and not os.path.exists(marker):
                read(); time.sleep(0.2); open(marker, 'w').close(); sys.exit(3)
            if \(dies ? "True" : "False"): answered = 1
            while read() is not None:
                if answered == 0:
                    frame(\(failure)); frame(b'')
                else:
                    frame(struct.pack('<BIII', 0, 22050, 2, 0)); frame(struct.pack('<2h', 7, -7))
                answered += 1
            """.utf8).write(to: draft)
        // The script we run is written by another process (cp): a child this test process forks
        // without exec (a read guard's zygote in a test beside this one) would otherwise inherit
        // our descriptor open for writing, and every start of the script would fail with "text
        // file busy" for as long as that child lives.
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = [draft.path, script.path]
        try copy.run()
        copy.waitUntilExit()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    static let request = SynthesisRequest(speech: SpeechInput(plain: "x"), language: "en-US", voiceName: nil, rate: 175, pitch: 50, volume: 100)

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func aCrashedSynthesisIsTriedOnceMore() throws {
        let pool = try WorkerPool(size: 1, executable: Self.standIn())
        let audio = try pool.synthesize([Self.request])
        #expect(audio.first?.samples == [7, -7])
    }

    /// The requests queued behind the one a worker died on were never begun: they go to the
    /// fresh worker without counting as a crash, and all of them succeed.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func requestsQueuedBehindADeadWorkerAreServedByItsReplacement() throws {
        let pool = try WorkerPool(size: 1, executable: Self.standIn(dies: true))
        let audio = try pool.synthesize(Array(repeating: Self.request, count: 5))
        #expect(audio.map(\.samples) == Array(repeating: [7, -7], count: 5))
    }

    /// A worker killed while it starts (found under the address sanitizer, where starting takes
    /// long enough for CronBehaviourTests to kill one then) is replaced, and the run goes on.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func aWorkerThatDiesWhileStartingIsReplaced() throws {
        let pool = try WorkerPool(size: 1, executable: Self.standIn(diesStarting: true))
        #expect(pool.sampleRate == 22050)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3"))
    func aRefusalIsNotRetried() throws {
        let pool = try WorkerPool(size: 1, executable: Self.standIn(refuse: true))
        #expect(throws: SynthesisError.self) { try pool.synthesize([Self.request]) }
    }

    /// A batch ends when its last request does, so the longest are handed out first (by letters,
    /// at their rate); the audio still comes back in the batch's order.
    @Test func aBatchIsHandedOutLongestFirstAndAnsweredInItsOrder() throws {
        let long = "a sentence much longer than any other in this batch"
        var requests = ["one", long, "two words", long].map {
            SynthesisRequest(speech: SpeechInput(plain: $0), language: "en-US", voiceName: nil, rate: 175, pitch: 50, volume: 100)
        }
        #expect(WorkerPool.longestFirst(requests) == [1, 3, 2, 0])
        requests[0].rate = 80
        requests[2].rate = 350
        // "one" said slowly (3 letters at 80 words a minute) now outlasts "two words" said fast.
        #expect(WorkerPool.longestFirst(requests) == [1, 3, 0, 2])

        let pool = try WorkerPool(size: 2, configuration: WorkerConfiguration(warmLanguage: "en-US", warmVoice: nil),
                                  executable: Fixtures.reciteExecutable.path)
        let audio = try pool.synthesize(requests)
        let alone = try requests.map { try pool.synthesize([$0])[0].samples }
        #expect(audio.map(\.samples) == alone)
    }
}
