import Foundation

/// Runs a body on several threads at once and waits for all of them: for work that blocks on
/// pipes (a request waiting for its worker's answer). Dispatch's `concurrentPerform` runs at
/// most one body per core at a time, which leaves the workers without their next request.
public enum BlockingThreads {
    public static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let group = DispatchGroup()
        for index in 1..<count {
            group.enter()
            let thread = Thread {
                body(index)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        body(0)
        group.wait()
    }
}
