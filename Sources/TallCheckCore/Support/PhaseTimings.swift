import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a run's time goes, phase by phase, for `docs/performance.md`: set `TALLCHECK_TIMINGS=1`
/// and the command prints a table on standard error when it ends. Off, a phase costs one branch.
///
/// Phases on the main thread follow one another; a phase run beside them (the source scan on
/// its own thread) is marked `(background)`, and the main thread's wait for it is its own phase.
public final class PhaseTimings: Sendable {
    public static let shared = PhaseTimings(enabled: getenv("TALLCHECK_TIMINGS") != nil)

    public let isEnabled: Bool
    private let start = ContinuousClock.now
    private let entries = Mutex<[(phase: String, began: Double, milliseconds: Double, cpu: Double?)]>([])
    /// `TALLCHECK_TIMINGS=timeline`: every phase run on its own line, with when it began, so
    /// the gaps between phases and what overlapped show.
    private let isTimeline: Bool

    init(enabled: Bool) {
        isEnabled = enabled
        isTimeline = enabled && getenv("TALLCHECK_TIMINGS").map { String(cString: $0) == "timeline" } ?? false
    }

    /// Runs `body`, adding its wall time to `phase` when timings are on.
    @inline(__always)
    public func measure<T, E: Error>(_ phase: @autoclosure () -> String, _ body: () throws(E) -> T) throws(E) -> T {
        guard isEnabled else { return try body() }
        let cpu = isTimeline ? Self.processCPUMilliseconds() : nil
        let began = ContinuousClock.now
        defer { record(phase(), since: began, cpuSince: cpu) }
        return try body()
    }

    package func record(_ phase: String, since began: ContinuousClock.Instant, cpuSince: Double? = nil) {
        let milliseconds = Self.milliseconds(ContinuousClock.now - began)
        let offset = Self.milliseconds(began - start)
        let cpu = cpuSince.map { Self.processCPUMilliseconds() - $0 }
        entries.withLock { $0.append((phase, offset, milliseconds, cpu)) }
    }

    /// The CPU time of every thread of the process so far.
    private static func processCPUMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1e3 + Double(now.tv_nsec) / 1e6
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    /// The table: each phase's milliseconds (summed when it ran more than once), in first-run
    /// order, and the whole run since the process started.
    public func table() -> String {
        let rows = entries.withLock { $0 }
        if isTimeline {
            // The cores busy: the process's CPU time over the phase's wall time (every thread's,
            // the phase's own and whatever ran beside it).
            var out = "tallcheck timeline (ms, wall: began, ended, took; cores busy meanwhile):\n"
            for (phase, began, milliseconds, cpu) in rows.sorted(by: { $0.began < $1.began }) {
                out += String(format: "%8.1f %8.1f %8.1f", began, began + milliseconds, milliseconds)
                out += cpu.map { String(format: " %5.2f  ", milliseconds > 0 ? $0 / milliseconds : 0) } ?? "        "
                out += phase + "\n"
            }
            return out
                + String(
                    format: "%8.1f  whole run (from the first phase)\n", Self.milliseconds(ContinuousClock.now - start))
        }
        var order: [String] = []
        var totals: [String: Double] = [:]
        for (phase, _, milliseconds, _) in rows {
            if totals[phase] == nil { order.append(phase) }
            totals[phase, default: 0] += milliseconds
        }
        let totalMilliseconds = Self.milliseconds(ContinuousClock.now - start)
        var out = "tallcheck timings (ms, wall):\n"
        for phase in order {
            out += "  " + phase.padding(toLength: max(44, phase.count + 1), withPad: " ", startingAt: 0)
            out += String(format: "%9.1f", totals[phase]!) + "\n"
        }
        out += "  " + "whole run (from process start)".padding(toLength: 44, withPad: " ", startingAt: 0)
        out += String(format: "%9.1f", totalMilliseconds) + "\n"
        return out
    }
}
