import Foundation

/// Runs a body on several threads at once and waits for all of them: for work that blocks on
/// pipes (a request waiting for its worker's answer). Dispatch's `concurrentPerform` runs at
/// most one body per core at a time, which leaves the workers without their next request.
///
/// The threads are kept and reused: a build hands out a few hundred batches, and starting a
/// thread for each body of each batch cost more than the batches' bookkeeping.
public enum BlockingThreads {
    /// The stack of each kept thread. Nothing in Recite recurses on its input's depth; parsers
    /// bound what their C libraries do.
    public static let stackSize = 1 << 20

    public static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let group = DispatchGroup()
        for index in 1..<count {
            group.enter()
            ThreadPool.shared.submit {
                body(index)
                group.leave()
            }
        }
        body(0)
        group.wait()
    }

    /// Runs `body` on a thread of its own (a kept one if one is free), without waiting for it.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        ThreadPool.shared.submit(body)
    }
}

/// Threads that wait for work and never end. A task never waits in the queue behind a busy
/// thread: when there are more tasks than idle threads, a new thread starts. So a body that
/// blocks until another task has run cannot deadlock the pool.
private final class ThreadPool: @unchecked Sendable {
    static let shared = ThreadPool()
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var tasks: [@Sendable () -> Void] = []
    /// Guarded by `condition`: threads waiting for a task.
    private var idle = 0

    func submit(_ task: @escaping @Sendable () -> Void) {
        condition.lock()
        tasks.append(task)
        let needsThread = tasks.count > idle
        if !needsThread { condition.signal() }
        condition.unlock()
        if needsThread {
            let thread = Thread { [self] in serve() }
            thread.stackSize = BlockingThreads.stackSize
            thread.start()
        }
    }

    private func serve() {
        condition.lock()
        while true {
            while tasks.isEmpty {
                idle += 1
                condition.wait()
                idle -= 1
            }
            let task = tasks.removeFirst()
            condition.unlock()
            task()
            condition.lock()
        }
    }
}
