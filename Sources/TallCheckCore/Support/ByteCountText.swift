/// A number of bytes as people read them: `812 bytes`, `12.1 KB`, `3.4 MB` (decimal units,
/// as Finder and App Store Connect count them).
package func byteCountText(_ bytes: Int) -> String {
    if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
    let units = ["KB", "MB", "GB", "TB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 999.95 && unit < units.count - 1 {
        value /= 1000
        unit += 1
    }
    let tenths = (value * 10).rounded()
    let text = tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))" : "\(tenths / 10)"
    return "\(text) \(units[unit])"
}
