import Foundation
import Testing
import ReciteSystem

/// The system-call helper: interrupted calls are tried again, other failures are not, and a
/// child's end is told as its exit status or the signal that ended it.
@Suite struct SystemCallTests {
    @Test func anInterruptedCallIsTriedAgainUntilItAnswers() {
        var calls = 0
        let result = retryingOnInterrupt { () -> Int32 in
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 42
        }
        #expect(result == 42 && calls == 3)
    }

    @Test func anotherFailureIsReturnedAtOnce() {
        var calls = 0
        let result = retryingOnInterrupt { () -> Int in
            calls += 1
            errno = EBADF
            return -1
        }
        #expect(result == -1 && calls == 1 && errno == EBADF)
    }

    /// A real child, through the shell: its exit status, or the signal that ended it.
    @Test(arguments: [("exit 3", TerminationStatus.exited(3)), ("exit 0", .exited(0)),
                      ("kill -SEGV $$", .signaled(SIGSEGV)), ("kill -KILL $$", .signaled(SIGKILL))])
    func aChildsEndIsDecoded(script: String, expected: TerminationStatus) throws {
        var pid: pid_t = 0
        let arguments = ["/bin/sh", "-c", script]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        #expect(posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ) == 0)
        let status = TerminationStatus.wait(for: pid)
        #expect(status == expected)
        #expect(TerminationStatus.wait(for: pid) == nil, "a child is reaped once")
    }

    @Test func statusesReadAsMessagesSay() {
        #expect(TerminationStatus.signaled(SIGSEGV).description == "signal 11, segmentation fault")
        #expect(TerminationStatus.exited(3).description == "exit status 3")
        #expect(TerminationStatus.exited(0).isSuccess && !TerminationStatus.exited(1).isSuccess)
    }

    /// Whole writes and reads through a pipe, larger than the pipe holds at once.
    @Test func wholeWritesAndReadsGoThroughAPipe() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let writeEnd = fds[1]
        let writer = Thread {
            _ = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(writeEnd, $0) }
            close(writeEnd)
        }
        writer.start()
        var read = [UInt8](repeating: 0, count: bytes.count + 10)
        let count = read.withUnsafeMutableBytes { FileDescriptorIO.readAll(fds[0], into: $0) }
        close(fds[0])
        #expect(count == bytes.count)
        #expect(Array(read.prefix(count)) == bytes)
    }

    /// `pwrite` and `pread` at an offset, in a scratch file that is removed.
    @Test func writesAndReadsAtAnOffset() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("recite-io-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        defer { close(fd); unlink(path) }
        let bytes: [UInt8] = Array("hello, offset".utf8)
        #expect(bytes.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0, at: 100) })
        var back = [UInt8](repeating: 0, count: bytes.count)
        #expect(back.withUnsafeMutableBytes { FileDescriptorIO.readAll(fd, into: $0, at: 100) })
        #expect(back == bytes)
        var past = [UInt8](repeating: 0, count: 8)
        #expect(!past.withUnsafeMutableBytes { FileDescriptorIO.readAll(fd, into: $0, at: 110) }, "the file ends first")
    }
}
