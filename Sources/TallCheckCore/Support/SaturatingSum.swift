extension Sequence where Element == Int {
    /// The elements added up, held at `Int.max` (or `Int.min`) instead of trapping: byte counts
    /// come from files and archives, and a claim near 2^63 must not stop the run.
    package func saturatingSum() -> Int {
        reduce(0) { total, next in
            let (sum, overflow) = total.addingReportingOverflow(next)
            return overflow ? (next > 0 ? Int.max : Int.min) : sum
        }
    }
}
