import Foundation
import ReciteTestSupport
import Testing
@testable import ReciteAudio

/// Appends past the page cache come back byte for byte, whatever their sizes: the file holds each
/// append when it returns (its last block padded with zeros) and is exact after `finish`; on a
/// file system that refuses O_DIRECT the same holds through plain writes.
@Suite struct DirectAppenderTests {
    static func folders() -> [String] {
        var folders = [Fixtures.scratch("direct-\(UUID().uuidString)").path]
        // tmpfs: O_DIRECT is refused by older kernels, which exercises the plain writes.
        if FileManager.default.fileExists(atPath: "/dev/shm") { folders.append("/dev/shm/recite-direct-\(getpid())-\(UUID().uuidString)") }
        return folders
    }

    @Test func appendedBytesComeBackWhole() throws {
        for folder in Self.folders() {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/file"
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            try #require(fd >= 0)
            defer { close(fd) }
            let appender = DirectAppender(fd: fd)
            var expected: [UInt8] = []
            var random = SystemRandomNumberGenerator()
            // Small, odd and large pieces: some cross the flush size, one outgrows the buffer.
            for size in [1, 72, 4095, 4097, 300_000, 1 << 20, 3, 5_000_000, 12_345] {
                let piece = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
                let head: [UInt8] = [0xAB, 0xCD]
                #expect(head.withUnsafeBytes { h in piece.withUnsafeBytes { appender.append([h, $0]) } })
                expected += head + piece
                do {
                    // Readable up to here, the rest of the last block zeros.
                    let read = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
                    #expect(read.count >= expected.count)
                    #expect(Array(read.prefix(expected.count)) == expected)
                    #expect(read.dropFirst(expected.count).allSatisfy { $0 == 0 })
                }
            }
            #expect(appender.size == expected.count)
            #expect(appender.finish())
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected, "in \(folder), direct: \(appender.isDirect)")
        }
    }
}
