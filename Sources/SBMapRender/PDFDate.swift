import Foundation

/// Makes PDF output reproducible: cairo (1.16, as shipped by Debian and Ubuntu) stamps every PDF with
/// `/CreationDate (D:YYYYMMDDHHmmSSZ)` from the clock and ignores `SOURCE_DATE_EPOCH`, so two renders of the
/// same map differed in those 14 digits. The stamp is rewritten in place, with the same length so the
/// cross-reference offsets stay valid: to `SOURCE_DATE_EPOCH` when it is set (the reproducible-builds
/// convention), otherwise to the Unix epoch, which says plainly that the date is not a real one.
enum PDFDate {
    static func normalize(_ pdf: [UInt8], environment: [String: String] = ProcessInfo.processInfo.environment) -> [UInt8] {
        let marker = Array("/CreationDate (D:".utf8)
        let digits = 14
        guard let start = firstIndex(of: marker, in: pdf), start + marker.count + digits <= pdf.count else { return pdf }
        let from = start + marker.count
        guard pdf[from..<(from + digits)].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return pdf }
        let seconds = environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }.map { max(0, $0) } ?? 0
        var out = pdf
        out.replaceSubrange(from..<(from + digits), with: Array(stamp(seconds).utf8))
        return out
    }

    /// `YYYYMMDDHHmmSS` in UTC.
    static func stamp(_ seconds: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                        from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", c.year ?? 1970) + two(c.month) + two(c.day) + two(c.hour) + two(c.minute) + two(c.second)
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        // The info dictionary is written near the end of the file.
        for index in stride(from: haystack.count - needle.count, through: 0, by: -1)
        where haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
