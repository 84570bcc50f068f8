#if canImport(Glibc)
import Glibc
#endif

/// Calls `call` again for as long as a signal interrupts it (it returns -1 with `errno` EINTR),
/// as swift-system's `retryOnInterrupt` does: Recite's processes take SIGCHLD, SIGALRM and the
/// terminal's signals, and a blocking call cut short by one is not a failure. Any other result,
/// an error included, is returned as it is (with `errno` still set).
@inlinable
public func retryingOnInterrupt<Result: SignedInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result != -1 || errno != EINTR { return result }
    }
}
