import Foundation
import ReciteAudio
import ReciteTestSupport
import ReciteTiming
import Testing

/// The commands the README shows that no other end-to-end test runs: `normalize`, `lexicon check`,
/// `lexicon audition`, `build --dry-run`, `voices` (eSpeak NG's part), `--cache`, and a book run
/// again. Outputs are checked by what they must hold, not against a snapshot.
@Suite(.serialized) struct CommandEndToEndTests {
    @Test func normalizePrintsOneSpokenLinePerInputLine() throws {
        let run = try RunSupport.recite(["normalize", "--lang", "en-US"], input: "8 m² for $1,200/mo, 1 - 2 bedrooms\nSee you on 12/05/2024.\n")
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 2, "\(run.stdout)")
        let first = lines.first?.lowercased() ?? ""
        #expect(first.contains("eight square meters") && first.contains("twelve hundred dollars") || first.contains("one thousand two hundred dollars"), "\(first)")
        #expect(first.contains("one to two bedrooms"), "\(first)")
        #expect(!lines.joined().contains { $0.isNumber }, "digits left unspoken: \(lines)")

        // A user rules file comes first; --rules is repeatable.
        let rules = EndToEndTests.temporaryFolder("normalize-rules.txt")
        try FileManager.default.createDirectory(at: rules.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("\\bACME\\b → Acme Corporation\n".utf8).write(to: rules)
        let ruled = try RunSupport.recite(["normalize", "--lang", "en-US", "--rules", rules.path], input: "ACME and acme.\n")
        #expect(ruled.status == 0, "\(ruled.stderr)")
        #expect(ruled.stdout.hasPrefix("Acme Corporation and acme"), "\(ruled.stdout)")
    }

    @Test func lexiconCheckPrintsEveryEntrysPhonemesOrItsError() throws {
        let good = try RunSupport.recite(["lexicon", "check", "Samples/chess.pls"])
        #expect(good.status == 0, "\(good.stderr)")
        let entries = good.stdout.split(separator: "\n").filter { $0.contains(" → ") }
        #expect(entries.count == 3, "\(good.stdout)")
        #expect(entries.contains { $0.hasPrefix("Samples/chess.pls:") && $0.contains("Winawer") }, "\(good.stdout)")
        #expect(entries.allSatisfy { !$0.split(separator: "→").last!.trimmingCharacters(in: .whitespaces).isEmpty }, "\(good.stdout)")

        let folder = EndToEndTests.temporaryFolder("lexicon-check")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bad = folder.appendingPathComponent("bad.tsv")
        try Data("lead\tipa\tlɛd\nWinawer\tipa\tʘ\n".utf8).write(to: bad)
        let checked = try RunSupport.recite(["lexicon", "check", bad.path])
        #expect(checked.status == 1, "\(checked.stdout)\(checked.stderr)")
        let all = checked.stdout + checked.stderr
        #expect(all.contains("bad.tsv:2") && all.contains("ʘ"), "\(all)")
        #expect(all.contains("bad.tsv:1") && all.contains("lead"), "the good entry is still reported: \(all)")
    }

    @Test func lexiconAuditionSpeaksEveryEntryIntoOneFileWithMarks() throws {
        let out = EndToEndTests.temporaryFolder("audition")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let wav = out.appendingPathComponent("chess.wav")
        let run = try RunSupport.recite(["lexicon", "audition", "Samples/chess.pls", "-o", wav.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("auditioned 3 entries"), "\(run.stderr)")
        let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("chess.timing.json")))
        let info = try SoundFile.info(of: wav.path)
        #expect(abs(info.duration - sidecar.duration) < 0.010)
        // Every entry is said, with the lexicon's phonemes (the sidecar has them).
        let winawer = sidecar.words.filter { $0.text == "Winawer" }
        #expect(winawer.count >= 2 && winawer.allSatisfy { $0.phonemes?.hasPrefix("v") == true }, "\(winawer.map { $0.phonemes ?? "-" })")
        #expect(sidecar.words.contains { $0.text == "SSML" && $0.spoken.lowercased() == "speech" }, "\(sidecar.words.map(\.spoken))")
        #expect(sidecar.words.contains { $0.text.contains("gambit") || $0.spoken.lowercased() == "gambit" })
        #expect(sidecar.marks.count >= 3, "a mark per entry: \(sidecar.marks.map(\.name))")
    }

    @Test func aDryRunPrintsWhatWouldBeSaidAndWritesNoAudio() throws {
        let input = EndToEndTests.temporaryFolder("dry-in"), out = EndToEndTests.temporaryFolder("dry-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try Data("# Flat\n\n8 m² for rent.\n".utf8).write(to: input.appendingPathComponent("flat.md"))
        let run = try RunSupport.recite(["build", input.path, "--dry-run", "-o", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("# ") == true && lines.first?.hasSuffix("flat.md") == true, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("[heading]") && $0.contains("Flat") }, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("[paragraph]") && $0.contains("eight square meters for rent") }, "\(run.stdout)")
        #expect(run.stderr.contains("read 1 documents"), "\(run.stderr)")
        #expect(RunSupport.files(in: out, endingWith: [".wav", ".timing.json", "manifest.json"]).isEmpty)
    }

    /// The neural voices come first (the few people look for), then eSpeak NG's with their languages.
    @Test func voicesListsESpeakNGsVoicesWithTheirLanguages() throws {
        let run = try RunSupport.recite(["voices"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("# Neural voices") == true, "\(run.stdout.prefix(200))")
        let espeakHeading = try #require(lines.firstIndex { $0.hasPrefix("# eSpeak NG ") }, "\(run.stdout.prefix(400))")
        let voices = lines[(espeakHeading + 1)...].prefix { !$0.hasPrefix("#") }.filter { $0.contains("\t") }
        #expect(voices.count >= 50, "\(voices.count) eSpeak NG voices listed")
        let languages = Set(voices.flatMap { $0.split(separator: "\t").last!.split(separator: ",").map(String.init) })
        #expect(languages.isSuperset(of: ["en-us", "en-gb", "de", "fr"]), "\(languages.sorted())")
    }

    /// `--engine` keeps one engine's list; a value it does not know is a usage error that names
    /// the values it takes.
    @Test func voicesEngineFilterKeepsOneEngine() throws {
        let neural = try RunSupport.recite(["voices", "--engine", "neural"])
        #expect(neural.status == 0, "\(neural.stderr)")
        #expect(neural.stdout.hasPrefix("# Neural voices") && !neural.stdout.contains("# eSpeak NG"), "\(neural.stdout.prefix(300))")
        let espeak = try RunSupport.recite(["voices", "--engine", "espeak"])
        #expect(espeak.status == 0, "\(espeak.stderr)")
        #expect(espeak.stdout.hasPrefix("# eSpeak NG ") && !espeak.stdout.contains("# Neural voices"), "\(espeak.stdout.prefix(300))")
        let wrong = try RunSupport.recite(["voices", "--engine", "festival"])
        #expect(wrong.status == 64 && wrong.stderr.contains("neural") && wrong.stderr.contains("espeak"), "\(wrong.stderr)")
    }

    /// `--version` names this build and the engines (a bug report says what made an output).
    @Test func versionNamesTheBuildAndTheEngines() throws {
        let run = try RunSupport.recite(["--version"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("recite ") == true && lines.first?.contains("(commit ") == true, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("eSpeak NG 1.") }, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("ONNX Runtime 1.32.0 (") }, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("FFmpeg ") && $0.contains("libswresample") }, "\(run.stdout)")
    }

    /// The help names every input and output format, and the option values the parser checks.
    @Test func helpNamesEveryFormat() throws {
        let top = try RunSupport.recite(["--help"])
        let build = try RunSupport.recite(["build", "--help"])
        #expect(top.status == 0 && build.status == 0)
        for text in [top.stdout, build.stdout] {
            for format in ["Markdown", "HTML", "SSML", "EPUB"] { #expect(text.contains(format), "\(format) in \(text)") }
        }
        let formats = build.stdout.replacingOccurrences(of: "\n", with: " ")
        for value in ["wav", "flac", "ogg", "opus", "mp3", "m4b"] { #expect(formats.contains(value), "\(value) in \(build.stdout)") }
        #expect(formats.contains("values: text, json"), "\(build.stdout)")
        let wrong = try RunSupport.recite(["build", "Samples", "-o", "/nonexistent", "--format", "aiff"])
        #expect(wrong.status == 64 && wrong.stderr.contains("m4b"), "\(wrong.stderr)")
    }

    /// `--cache DIR`: the segments go there, not into the output folder, and a build into another
    /// folder with the same cache synthesizes nothing and writes the same bytes.
    @Test func aCacheFolderIsSharedBetweenOutputFolders() throws {
        let cache = EndToEndTests.temporaryFolder("cache-dir"), one = EndToEndTests.temporaryFolder("cache-one"),
            two = EndToEndTests.temporaryFolder("cache-two")
        let first = try RunSupport.recite(["build", "Samples/articles", "-o", one.path, "--cache", cache.path])
        #expect(first.status == 0, "\(first.stderr)")
        let made = try #require(RunSupport.summary(first.stderr))
        #expect(made.synthesized > 0)
        #expect(!FileManager.default.fileExists(atPath: one.appendingPathComponent(".recite-cache").path))
        let packs = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("packs").path)
        #expect(packs.contains { $0.hasSuffix(".pack") }, "\(packs)")

        let second = try RunSupport.recite(["build", "Samples/articles", "-o", two.path, "--cache", cache.path])
        let reused = try #require(RunSupport.summary(second.stderr))
        #expect(reused.synthesized == 0 && reused.fromCache == made.synthesized + made.fromCache, "\(reused) after \(made)")
        for name in RunSupport.files(in: one, endingWith: [".wav", ".timing.json"]) {
            #expect(try Data(contentsOf: one.appendingPathComponent(name)) == Data(contentsOf: two.appendingPathComponent(name)), "\(name)")
        }
        let info = try RunSupport.recite(["cache", "info", "--cache", cache.path])
        #expect(info.status == 0 && info.stdout.hasPrefix("\(made.synthesized) entries, 0 damaged"), "\(info.stdout)\(info.stderr)")
    }

    /// A book run again: nothing changed, nothing rendered and the same book; one article edited,
    /// that one rendered and the book bound again with its new words.
    @Test func aBookRunAgainRendersOnlyWhatChanged() throws {
        let input = EndToEndTests.temporaryFolder("book-rerun-in"), out = EndToEndTests.temporaryFolder("book-rerun-out")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for n in 1...3 {
            try Data("# Chapter \(n)\n\nThe river ran past mill number \(n).\n".utf8).write(to: input.appendingPathComponent("\(n)-chapter.md"))
        }
        let first = try RunSupport.recite(["book", input.path, "-o", out.path])
        #expect(first.status == 0, "\(first.stderr)")
        let book = try Data(contentsOf: out.appendingPathComponent("book.wav"))

        let again = try RunSupport.recite(["book", input.path, "-o", out.path])
        #expect(again.status == 0 && again.stderr.contains("3 unchanged, 0 segments synthesized"), "\(again.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("book.wav")) == book)

        try Data("# Chapter 2\n\nThe river ran past the new bridge.\n".utf8).write(to: input.appendingPathComponent("2-chapter.md"))
        let edited = try RunSupport.recite(["book", input.path, "-o", out.path])
        #expect(edited.status == 0 && edited.stderr.contains("2 unchanged"), "\(edited.stderr)")
        #expect(try Data(contentsOf: out.appendingPathComponent("book.wav")) != book)
        let sidecar = try JSONDecoder().decode(TimingSidecar.self, from: Data(contentsOf: out.appendingPathComponent("book.timing.json")))
        #expect(sidecar.words.contains { $0.spoken == "bridge" }, "\(sidecar.words.map(\.spoken))")
        #expect(abs(try SoundFile.info(of: out.appendingPathComponent("book.wav").path).duration - sidecar.duration) < 0.010)
    }
}
