/// The names a file's code may use as types (`LoadedCodeFile.referencedTypeNames`), kept as 64-bit digests of their
/// UTF-8 bytes, sorted and distinct. Every source file of an app has a few hundred such names; as Strings in a Set
/// they were most of the cost of collecting them (a scan of 10,000 Swift files made hundreds of thousands of Strings
/// for one question asked of a handful of classes). A digest is made from the bytes in place, and a lookup is a
/// binary search.
///
/// The one question asked is "may this file name type T" (`UnreferencedTypes`). Two different names share a digest
/// with a chance of about 2⁻⁶⁴ per pair; a false "yes" would keep a finding at the level it has, never add one.
public struct TypeNameDigests: Hashable, Sendable, ExpressibleByArrayLiteral {
    private var digests: [UInt64]

    public init() { digests = [] }

    /// From digests made by `digest(_:_:)`, in any order, repeats allowed.
    public init(digests: [UInt64]) {
        var sorted = digests
        sorted.sort()
        var distinct: [UInt64] = []
        distinct.reserveCapacity(sorted.count)
        for d in sorted where distinct.last != d { distinct.append(d) }
        self.digests = distinct
    }

    public init(names: some Sequence<String>) {
        self.init(digests: names.map(Self.digest))
    }

    public init(arrayLiteral names: String...) {
        self.init(names: names)
    }

    /// How many distinct names.
    public var count: Int { digests.count }

    public var isEmpty: Bool { digests.isEmpty }

    /// Whether `name` is one of the names.
    public func contains(_ name: String) -> Bool {
        let d = Self.digest(name)
        var low = 0, high = digests.count
        while low < high {
            let middle = (low + high) / 2
            if digests[middle] < d { low = middle + 1 } else { high = middle }
        }
        return low < digests.count && digests[low] == d
    }

    /// The digest of a name.
    public static func digest(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { digest($0.baseAddress, $0.count) }
    }

    /// The digest of the `count` bytes at `p`: eight bytes at a time, each mixed in (the finalizer of SplitMix64),
    /// seeded with the length.
    public static func digest(_ p: UnsafePointer<UInt8>?, _ count: Int) -> UInt64 {
        guard let p, count > 0 else { return mix(0x243F_6A88_85A3_08D3) }
        var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(count)
        var k = 0
        let raw = UnsafeRawPointer(p)
        while k + 8 <= count {
            h = mix(h ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)))
            k += 8
        }
        if k < count {
            var word: UInt64 = 0
            for j in k..<count { word |= UInt64(p[j]) << (8 * UInt64(j - k)) }
            h = mix(h ^ word)
        }
        return mix(h)
    }

    @inline(__always)
    private static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
