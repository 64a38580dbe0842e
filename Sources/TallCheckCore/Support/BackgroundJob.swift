import Dispatch

/// Work started on another thread now, whose result is waited for later.
package final class BackgroundJob<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the job before it signals, read only after the wait: no overlap.
    private var value: Value?

    package init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.value = work()
            self.done.signal()
        }
    }

    /// Waits for the job, then gives its result (once).
    package func result() -> Value {
        done.wait()
        return value!
    }
}
