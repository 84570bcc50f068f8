import ReciteTestSupport
import Foundation
import ReciteScript
import Testing
@testable import ReciteSSML

/// Hostile documents: refused, or the outside thing not touched, quickly and in little memory.
@Suite struct SSMLSafetyTests {
    func parse(_ text: String, path: String = "h.ssml", root: String? = nil) throws -> SSMLParser.Result {
        try SSMLParser.parse(bytes: Array(text.utf8), path: path, inputRoot: root)
    }

    /// Parses and returns the error, printing how long refusing took (a refusal that expanded or
    /// walked anything would take seconds; the number is printed, not asserted).
    func refusal(_ text: String) -> DocumentError? {
        let clock = ContinuousClock()
        var caught: DocumentError?
        let elapsed = clock.measure {
            do { _ = try parse(text) } catch { caught = error as? DocumentError }
        }
        print("refused in \(elapsed)")
        return caught
    }

    @Test func anExternalEntityPointingAtALocalFileIsRefused() throws {
        let xxe = """
        <?xml version="1.0"?>
        <!DOCTYPE speak [
          <!ENTITY secret SYSTEM "file:///etc/passwd">
        ]>
        <speak>Here: &secret;</speak>
        """
        let e = try #require(refusal(xxe))
        #expect(e.location?.line == 3)
        #expect(e.message.contains("entity"))
    }

    @Test func billionLaughsIsRefusedBeforeAnyExpansion() throws {
        var doc = "<?xml version=\"1.0\"?>\n<!DOCTYPE speak [\n <!ENTITY lol \"lol\">\n"
        for i in 1...9 {
            let previous = i == 1 ? "lol" : "lol\(i - 1)"
            doc += " <!ENTITY lol\(i) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        doc += "]>\n<speak>&lol9;</speak>"
        let e = try #require(refusal(doc))
        #expect(e.location?.line == 3)
    }

    @Test func aParameterEntityIsRefusedToo() throws {
        let doc = "<?xml version=\"1.0\"?>\n<!DOCTYPE speak [ <!ENTITY % remote SYSTEM \"http://example.invalid/x.dtd\"> %remote; ]>\n<speak>x</speak>"
        #expect(refusal(doc) != nil)
    }

    /// An external DTD is not fetched nor read: the document parses as if it were not there,
    /// and an entity only that DTD could define stays undefined.
    @Test func anExternalDTDIsNotLoaded() throws {
        let folder = Fixtures.scratch("recite-dtd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let dtd = folder.appendingPathComponent("evil.dtd")
        try Data("<!ENTITY planted \"LOADED\">".utf8).write(to: dtd)
        let doc = """
        <?xml version="1.0"?>
        <!DOCTYPE speak SYSTEM "\(dtd.path)">
        <speak>plain text</speak>
        """
        let result = try parse(doc)
        #expect(result.script.blocks[0].runs.compactMap(\.spoken) == ["plain", "text"])
        // With the DTD loaded, &planted; would say LOADED; unloaded, it is an undefined entity,
        // which a document with an external DTD may hold (it is not an error): it says nothing.
        let using = doc.replacingOccurrences(of: "plain text", with: "&planted; text")
        #expect(try parse(using).script.blocks.flatMap(\.runs).compactMap(\.spoken) == ["text"])
    }

    @Test func xincludeIsNotProcessed() throws {
        let doc = """
        <speak xmlns:xi="http://www.w3.org/2001/XInclude">Before <xi:include href="/etc/passwd" parse="text"/> after</speak>
        """
        let result = try parse(doc)
        let spoken = result.script.blocks.flatMap(\.runs).compactMap(\.spoken)
        #expect(spoken == ["Before", "after"])
        #expect(!spoken.joined().contains("root"))
    }

    @Test func nestingBeyondTheBoundIsRefused() throws {
        let depth = 100_000
        let doc = "<speak>" + String(repeating: "<s>", count: depth) + "x" + String(repeating: "</s>", count: depth) + "</speak>"
        let e = try #require(refusal(doc))
        #expect(e.location != nil)
        #expect(e.description.hasPrefix("h.ssml:1:"))
        // Just under the bound is fine.
        let fine = "<speak>" + String(repeating: "<prosody>", count: 150) + "x" + String(repeating: "</prosody>", count: 150) + "</speak>"
        #expect(try parse(fine).script.blocks.flatMap(\.runs).compactMap(\.spoken) == ["x"])
    }

    /// 5,000 nested elements: libxml2 stops at 256 levels; the error says where and what, in
    /// Recite's words (libxml2's own names a parser option Recite leaves off on purpose).
    @Test func fiveThousandNestedElementsAreRefusedWhereTheyPassTheBound() throws {
        let open = String(repeating: "<prosody rate=\"90%\">", count: 5_000)
        let doc = "<speak>" + open + "deep" + String(repeating: "</prosody>", count: 5_000) + "</speak>"
        let e = try #require(refusal(doc))
        // libxml2 reports the 257th element (<speak> is the first) just after its start tag:
        // <speak> is 7 characters, each <prosody rate="90%"> 20.
        #expect(e.location == SourceLocation(line: 1, column: 7 + 256 * 20 + 1))
        #expect(e.message == "Malformed SSML: elements are nested more than 200 deep. Fix the markup at this point.")
    }

    /// The bound itself: 200 levels of elements (`<speak>` and 199 inside it) are read; 201 are
    /// refused, at the 201st element's line, saying the bound.
    @Test func nestingIsReadUpToTheBoundAndRefusedOnePast() throws {
        func nested(_ levels: Int) -> String {
            "<speak>\n" + String(repeating: "<prosody rate=\"90%\">\n", count: levels - 1) + "deep"
                + String(repeating: "</prosody>", count: levels - 1) + "</speak>"
        }
        let read = try parse(nested(200))
        #expect(read.script.blocks.flatMap(\.runs).contains { $0.spoken == "deep" })
        let e = try #require(refusal(nested(201)))
        // Line 1 is <speak>, line k+1 the k-th <prosody>: the 201st element is the 200th prosody.
        #expect(e.location?.line == 201)
        #expect(e.message == "Malformed SSML: elements are nested more than 200 deep. Fix the markup at this point.")
    }

    /// The walk keeps open elements on a stack of its own, not the thread's: 200 levels parse on
    /// a 256 KB thread stack in a debug build, where the recursive walk (about 12 KB a level)
    /// needed 2.4 MB and crashed the debug build at 199.
    @Test func deepNestingIsWalkedOnASmallThreadStack() throws {
        let text = "<speak>" + String(repeating: "<prosody rate=\"90%\"><emphasis><s>", count: 66)
            + "deep" + String(repeating: "</s></emphasis></prosody>", count: 66) + "</speak>"
        final class Outcome: @unchecked Sendable { var words: [String] = [] }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.words = ((try? SSMLParser.parse(bytes: Array(text.utf8), path: "deep.ssml", inputRoot: nil))?
                .script.blocks.flatMap(\.runs).compactMap(\.spoken)) ?? []
            done.signal()
        }
        thread.stackSize = 256 * 1024
        thread.start()
        done.wait()
        #expect(outcome.words.contains { $0.hasPrefix("deep") }, "\(outcome.words)")
    }

    /// 199 nested `rate="x-fast"` multiply to 1.7^199, which overflowed to infinity and crashed
    /// the segment writer: nested prosody stays within what a voice can do.
    @Test func nestedProsodyStaysWithinItsLimits() throws {
        let levels = 199
        let text = "<speak>" + String(repeating: "<prosody rate=\"x-fast\" pitch=\"x-low\" volume=\"x-loud\">", count: levels)
            + "deep" + String(repeating: "</prosody>", count: levels) + "</speak>"
        let run = try #require(try parse(text).script.blocks.flatMap(\.runs).first { $0.spoken == "deep" })
        #expect(run.style.prosody.rate == Prosody.rateAndPitchLimits.upperBound)
        #expect(run.style.prosody.pitch == Prosody.rateAndPitchLimits.lowerBound)
        #expect(run.style.prosody.volume == Prosody.volumeLimits.upperBound)
    }

    // MARK: - Files a document names

    /// A folder with a document, a clip inside it, and a "secret" clip just outside it.
    struct Layout {
        let outside: URL
        let root: URL
        let document: String

        init() throws {
            outside = Fixtures.scratch("recite-safety-\(UUID().uuidString)")
            root = outside.appendingPathComponent("input")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
            try Self.wav.write(to: outside.appendingPathComponent("secret.wav"))
            try Self.wav.write(to: root.appendingPathComponent("sub/clip.wav"))
            try Data("<lexicon/>".utf8).write(to: root.appendingPathComponent("words.pls"))
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.wav").path,
                                                       withDestinationPath: outside.appendingPathComponent("secret.wav").path)
            document = root.appendingPathComponent("sub/doc.ssml").path
        }

        /// A WAV header is all the parser looks at.
        static let wav = Data("RIFF\u{24}\0\0\0WAVEfmt ".utf8)
    }

    /// The files the parser asked about.
    final class Looked: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ path: String) { lock.withLock { list.append(path) } }
        var paths: [String] { lock.withLock { list } }
    }

    func audioRuns(_ result: SSMLParser.Result) -> [String] {
        result.script.blocks.flatMap(\.runs).compactMap { if case .audio(let p) = $0.content { p } else { nil } }
    }

    @Test(arguments: [
        ("https://example.com/evil.wav", "URL"),
        ("file:///etc/passwd", "URL"),
        ("/etc/passwd", "absolute"),
        ("../../etc/passwd", "outside"),
        ("../../secret.wav", "outside"),
        ("..%2F..%2Fsecret.wav", "outside"),
        ("../link.wav", "outside"),
    ])
    func audioOutsideTheFolderIsSkippedWithAWarning(src: String, reason: String) throws {
        let layout = try Layout()
        let looked = Looked()
        let doc = "<speak>Hi <audio src=\"\(src)\">fallback words</audio> bye</speak>"
        let result = try SSMLParser.parse(bytes: Array(doc.utf8), path: layout.document, inputRoot: layout.root.path,
                                          isPlayableAudio: { path in looked.add(path); return true })
        #expect(audioRuns(result).isEmpty)
        #expect(looked.paths.isEmpty, "the parser looked at \(looked.paths)")
        #expect(result.script.blocks.flatMap(\.runs).compactMap(\.spoken) == ["Hi", "fallback", "words", "bye"])
        let warning = try #require(result.warnings.first { $0.message.contains("<audio src=\"\(src)\">") })
        #expect(warning.message.contains(reason), "\(warning.message)")
        #expect(warning.location == SourceLocation(line: 1, column: 11))
    }

    @Test func audioInsideTheFolderBecomesAClip() throws {
        let layout = try Layout()
        let doc = "<speak>Hi <audio src=\"clip.wav\"><desc>a chime</desc>chime</audio> bye <audio src=\"./../sub/clip.wav\"/></speak>"
        let result = try SSMLParser.parse(bytes: Array(doc.utf8), path: layout.document, inputRoot: layout.root.path)
        let clip = layout.root.appendingPathComponent("sub/clip.wav").path
        #expect(audioRuns(result) == [clip, clip])
        #expect(result.script.blocks.flatMap(\.runs).compactMap(\.spoken) == ["Hi", "bye"])
        #expect(result.dependencies == [clip, clip])
        let run = try #require(result.script.blocks[0].runs.first { $0.content == .audio(path: clip) })
        #expect(result.source.text(of: run.source) == "<audio src=\"clip.wav\"><desc>a chime</desc>chime</audio>")
    }

    @Test func aMissingOrUnreadableClipSpeaksTheChildren() throws {
        let layout = try Layout()
        try Data("not a sound".utf8).write(to: layout.root.appendingPathComponent("sub/text.wav"))
        let doc = "<speak><audio src=\"gone.wav\">first</audio> <audio src=\"text.wav\">second</audio></speak>"
        let result = try SSMLParser.parse(bytes: Array(doc.utf8), path: layout.document, inputRoot: layout.root.path)
        #expect(audioRuns(result).isEmpty)
        #expect(result.script.blocks.flatMap(\.runs).compactMap(\.spoken) == ["first", "second"])
        #expect(result.warnings.count == 2)
        #expect(result.warnings[0].message.contains("does not exist"))
        #expect(result.warnings[1].message.contains("not a WAV or FLAC"))
        // A missing clip is still a dependency: adding it later changes the output.
        #expect(result.dependencies.count == 2)
    }

    @Test func lexiconsInsideTheFolderAreListedOthersSkipped() throws {
        let layout = try Layout()
        let doc = """
        <speak><lexicon uri="../words.pls"/><lexicon uri="http://example.com/l.pls"/><lexicon uri="/etc/passwd"/>\
        <lexicon uri="../../secret.wav"/>text</speak>
        """
        let result = try SSMLParser.parse(bytes: Array(doc.utf8), path: layout.document, inputRoot: layout.root.path)
        #expect(result.script.lexicons == [layout.root.appendingPathComponent("words.pls").path])
        #expect(result.warnings.count == 3)
        #expect(result.warnings.allSatisfy { $0.message.hasPrefix("<lexicon uri=") && $0.message.contains("skipped") })
    }
}
