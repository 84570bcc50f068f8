#if canImport(Glibc)
import Glibc
#endif

/// How a child process ended, as swift-subprocess's `TerminationStatus` tells it: the exit status
/// it gave, or the signal that ended it. Decoded in one place from `waitpid`'s status word, whose
/// layout (`WIFEXITED`, `WTERMSIG`: macros Swift cannot import) is glibc's.
public enum TerminationStatus: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    /// The status word `waitpid` filled in for a child that ended.
    public init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    /// Waits for the child `pid` to end (through interrupts); nil if it cannot be waited for
    /// (not a child of this process, or already reaped).
    public static func wait(for pid: pid_t) -> TerminationStatus? {
        var status: Int32 = 0
        guard retryingOnInterrupt({ waitpid(pid, &status, 0) }) == pid else { return nil }
        return TerminationStatus(waitStatus: status)
    }

    public var isSuccess: Bool { self == .exited(0) }

    /// "exit status 3", "signal 11, segmentation fault": for messages about a child that failed.
    public var description: String {
        switch self {
        case .exited(let code): "exit status \(code)"
        case .signaled(let signal): "signal \(signal)\(signal == SIGSEGV ? ", segmentation fault" : "")"
        }
    }
}
