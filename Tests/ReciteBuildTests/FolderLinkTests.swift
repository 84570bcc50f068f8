import Foundation
@testable import ReciteBuild
import ReciteTestSupport
import Testing

/// Folders with symbolic links, as sync tools and people leave them: each real folder is read
/// once, links back into the folder (or to one that holds it) are skipped with a warning naming
/// them, and links to files and to folders outside are followed (issue 25).
@Suite struct FolderLinkTests {
    /// `in/a/doc.md`, `in/a/b/two.md` and `outside/x/o.md`, with every kind of link back.
    static func loopedFolder() throws -> (input: URL, links: [String]) {
        let root = Fixtures.scratch("recite-links-\(UUID().uuidString)")
        let input = root.appendingPathComponent("in")
        let fm = FileManager.default
        for folder in ["in/a/b", "outside/x"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for (name, text) in [("in/a/doc.md", "# Hi"), ("in/a/b/two.md", "# Two"), ("outside/x/o.md", "# Out")] {
            try Data(text.utf8).write(to: root.appendingPathComponent(name))
        }
        let loops = [("in/a/up", ".."), ("in/a/up2", ".."), ("in/a/self", "."), ("in/a/b/top", "../.."),
                     ("in/a/abs", input.path), ("in/a/b/holder", "../../.."), ("in/a/b/sibling", "../b")]
        let followed = [("in/a/b/ext", "../../../outside"), ("in/a/olink.md", "../../outside/x/o.md")]
        let again = [("in/a/ext2", "../../outside")]
        for (link, target) in loops + followed + again {
            try fm.createSymbolicLink(atPath: root.appendingPathComponent(link).path, withDestinationPath: target)
        }
        return (input, (loops + again).map { "in/" + $0.0.dropFirst(3) })
    }

    @Test func eachRealFolderIsReadOnceAndEachSkippedLinkNamed() throws {
        let (input, skipped) = try Self.loopedFolder()
        var warnings: [String] = []
        let jobs = try Discovery.jobs(for: [input.path], excluding: "/nonexistent") { warnings.append($0) }
        #expect(jobs.map(\.outputStem) == ["a/b/ext/x/o", "a/b/two", "a/doc", "a/olink"])
        // One warning per skipped link, naming it.
        #expect(warnings.count == skipped.count, "\(warnings)")
        for link in skipped {
            let shown = input.path + "/" + link.dropFirst(3)
            #expect(warnings.filter { $0.hasPrefix(shown + ":") }.count == 1, "no warning names \(shown): \(warnings)")
        }
    }

    @Test func shardsSeeTheSameDocuments() throws {
        let (input, _) = try Self.loopedFolder()
        let first = try Discovery.jobs(for: [input.path], excluding: "/nonexistent")
        let second = try Discovery.jobs(for: [input.path], excluding: "/nonexistent")
        #expect(first == second)
        let shards = ["1/2", "2/2"].compactMap(Shard.init)
        #expect(shards.count == 2)
        let parts = shards.map { shard in first.filter(shard.contains).map(\.source) }
        #expect(Set(parts[0]).isDisjoint(with: parts[1]))
        #expect((parts[0] + parts[1]).sorted() == first.map(\.source).sorted())
    }

    /// A named pipe called `.md` would block the run that reads it: it is skipped, with a warning.
    @Test func aNamedPipeIsSkippedNotRead() throws {
        let root = Fixtures.scratch("recite-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("# Real".utf8).write(to: root.appendingPathComponent("real.md"))
        #expect(mkfifo(root.appendingPathComponent("pipe.md").path, 0o600) == 0)
        #expect(mkfifo(root.appendingPathComponent("pipe.xml").path, 0o600) == 0)
        var warnings: [String] = []
        let jobs = try Discovery.jobs(for: [root.path], excluding: "/nonexistent") { warnings.append($0) }
        #expect(jobs.map(\.outputStem) == ["real"])
        #expect(warnings == ["\(root.path)/pipe.md: not a regular file (a pipe, socket or device); skipped."])
    }

    /// The run that hung forever on `main` (two `..` links make 2^n paths): bounded by `timeout`,
    /// so a regression fails instead of hanging the suite.
    @Test func aBuildOverLinksBackEndsWithEachDocumentOnce() throws {
        let (input, _) = try Self.loopedFolder()
        let output = input.deletingLastPathComponent().appendingPathComponent("out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["120", EndToEndTests.executable.path] + Fixtures.namingVoice(["build", input.path, "-o", output.path, "--verbose"])
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(said)")
        let audio = RunSupport.files(in: output, endingWith: [".wav"]).sorted()
        #expect(audio == ["a/b/ext/x/o.wav", "a/b/two.wav", "a/doc.wav", "a/olink.wav"], "\(audio)")
        #expect(said.contains("in/a/up: a link to a folder already read"), "\(said)")
    }
}
