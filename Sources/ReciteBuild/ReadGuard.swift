import Foundation
import ReciteSystem
import ReciteWorkers

/// Reads each document first in a child process, so that whatever still crashes or hangs while
/// reading one (a parser, the normalizer, a C library) costs that document only, not the run.
///
/// When a run starts, before it starts any thread, the build forks a *zygote*: a copy of itself
/// that only forks *checkers*. A checker takes a document number from the build, prepares that
/// document as the build would (parse, normalize, pronounce, segment), throws the result away,
/// answers and exits; the zygote forks the next. The build prepares a document itself only after
/// a checker came through it. When a checker dies, the zygote reports how. Forking the zygote, which
/// never runs a second thread, is safe where forking the busy build (its locks held by threads
/// that a child would not have) is not.
///
/// Only the zygote writes answers: a checker tells how it went by its exit status alone. (When
/// checkers answered "ok" themselves, a checker's frame could land between the two writes of the
/// zygote's "ready" frame; the build then read garbage, stopped checking, and read the next
/// document itself, so a crash there took the whole run down, now and then, under load.)
final class ReadGuard: @unchecked Sendable {
    enum Verdict: Equatable {
        case readable
        /// The checker died on the document, killed by this signal.
        case crashed(signal: Int32)
        /// Reading took longer than `timeLimit`.
        case timedOut
    }

    /// The longest a document may take to read (a hang is taken for a crash).
    static let timeLimit = 120.0

    private let lock = NSLock()
    private let requests: Int32
    private let answers: Int32
    private let zygote: pid_t
    /// The checker now running, as the zygote last reported it.
    private var checker: pid_t = 0
    /// False once the zygote is gone: documents are then read without a check.
    private var working = true

    /// Forks the zygote; `check` runs in a checker for each document number asked about.
    /// Nil if the system refuses the pipes or the fork (the run then goes on without checks).
    init?(check: @escaping @Sendable (Int) -> Void) {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { return nil }
        guard pipe(&fromChild) == 0 else {
            toChild.forEach { close($0) }
            return nil
        }
        // Not inherited by the synthesis workers the build starts later.
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let pid = fork()
        if pid == 0 {
            close(toChild[1])
            close(fromChild[0])
            Self.serve(requests: toChild[0], answers: fromChild[1], check: check)
        }
        close(toChild[0])
        close(fromChild[1])
        guard pid > 0 else {
            close(toChild[1])
            close(fromChild[0])
            return nil
        }
        zygote = pid
        requests = toChild[1]
        answers = fromChild[0]
    }

    /// Whether the document numbered `index` can be read without crashing the reader. One
    /// document at a time: the checker is one process.
    func verdict(for index: Int) -> Verdict {
        lock.withLock {
            guard working, WorkerProtocol.writeFrame(Data(String(index).utf8), to: requests) else {
                working = false
                return .readable
            }
            var deadline = Date().addingTimeInterval(Self.timeLimit)
            var timedOut = false
            while true {
                var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
                let waited = retryingOnInterrupt { poll(&poller, 1, Int32(max(0, deadline.timeIntervalSinceNow) * 1000)) }
                if waited == 0 {
                    // Hung: the zygote will report the checker killed.
                    if checker > 0 { kill(checker, SIGKILL) }
                    timedOut = true
                    deadline = Date().addingTimeInterval(10)
                    continue
                }
                guard let frame = WorkerProtocol.readFrame(from: answers) else {
                    working = false
                    return .readable
                }
                let words = String(decoding: frame, as: UTF8.self).split(separator: " ")
                switch words.first {
                case "ready": checker = words.dropFirst().first.flatMap { pid_t($0) } ?? 0
                case "ok": return .readable
                case "crashed":
                    return timedOut ? .timedOut : .crashed(signal: words.dropFirst().first.flatMap { Int32($0) } ?? 0)
                default:
                    working = false
                    return .readable
                }
            }
        }
    }

    /// Ends the checker and the zygote, and waits for them.
    func stop() {
        lock.withLock {
            close(requests)
            close(answers)
            _ = TerminationStatus.wait(for: zygote)
        }
    }

    // MARK: - In the children

    /// The zygote's loop: forks a checker, waits for it, reports how it died, forks the next.
    /// Ends (the process) when a checker ends normally: the build has closed its pipe.
    private static func serve(requests: Int32, answers: Int32, check: @escaping @Sendable (Int) -> Void) -> Never {
        signal(SIGPIPE, SIG_IGN)
        while true {
            let pid = fork()
            if pid == 0 { runChecker(requests: requests, answers: answers, check: check) }
            guard pid > 0, WorkerProtocol.writeFrame(Data("ready \(pid)".utf8), to: answers) else { _exit(1) }
            switch TerminationStatus.wait(for: pid) {
            case .exited(Self.nextPlease):
                // The checker read one document and left; the next one is forked.
                guard WorkerProtocol.writeFrame(Data("ok".utf8), to: answers) else { _exit(1) }
            case .signaled(let signal):
                guard WorkerProtocol.writeFrame(Data("crashed \(signal)".utf8), to: answers) else { _exit(1) }
            case .exited, nil:
                _exit(0)
            }
        }
    }

    /// A checker's exit status after one document: the zygote forks the next checker.
    private static let nextPlease: Int32 = 3

    /// A checker: reads the one document asked for, on a thread with the stack the build's own
    /// threads have (so that what overflows there overflows here first), and exits, so that what
    /// the document took goes back to the system at once (a checker left holding a book's memory
    /// raised the run's peak by a fifth). It writes nothing: the zygote answers for it.
    private static func runChecker(requests: Int32, answers: Int32, check: @escaping @Sendable (Int) -> Void) -> Never {
        close(answers)
        guard let frame = WorkerProtocol.readFrame(from: requests) else { _exit(0) }
        let index = Int(String(decoding: frame, as: UTF8.self)) ?? -1
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            check(index)
            done.signal()
        }
        thread.stackSize = BlockingThreads.stackSize
        thread.start()
        done.wait()
        _exit(nextPlease)
    }
}
