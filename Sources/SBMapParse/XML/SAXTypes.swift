import CLibXML2
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An element name as libxml2 hands it over: a NUL-terminated UTF-8 C string, valid during the callback.
///
/// Names are compared as C strings against `StaticString` literals, so the hot path (every element of a
/// half-megabyte storyboard) creates no Swift `String`; only what is kept becomes one.
struct SAXName {
    let pointer: UnsafePointer<UInt8>

    @inline(__always)
    func equals(_ literal: StaticString) -> Bool {
        // The first byte rules out nearly every comparison before strcmp is even called.
        guard pointer.pointee == literal.utf8Start.pointee else { return false }
        return strcmp(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self),
                      UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    var string: String { String(cString: pointer) }

    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: pointer, count: strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)))
    }
}

/// An attribute value: a byte range inside libxml2's buffer, valid during the callback, not NUL-terminated.
struct SAXValue {
    let bytes: UnsafeBufferPointer<UInt8>

    var isEmpty: Bool { bytes.isEmpty }

    @inline(__always)
    func equals(_ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount
            && (bytes.isEmpty || memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0)
    }

    /// The value as a Swift string.
    ///
    /// Without `XML_PARSE_NOENT` (which this loader never sets), libxml2's SAX2 parser leaves a literal
    /// ampersand in attribute values as the character reference `&#38;`, for a tree builder to decode
    /// later; every other predefined entity and character reference arrives decoded. Since any `&` in the
    /// value is written that way, replacing every `&#38;` with `&` is an exact decoding.
    var string: String {
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(UInt8(ascii: "&")) ? text.replacingOccurrences(of: "&#38;", with: "&") : text
    }

    /// The value as a string, or `nil` when it is empty: an empty attribute means "not set" in IB files.
    var nonEmptyString: String? { isEmpty ? nil : string }
}

/// The attributes of one start tag, in libxml2's SAX2 layout: five pointers per attribute
/// (local name, prefix, namespace URI, value start, value end).
struct SAXAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    let count: Int

    /// The value of the attribute named `name` (namespace ignored: IB files use none).
    @inline(__always)
    subscript(_ name: StaticString) -> SAXValue? {
        guard let base else { return nil }
        for index in 0..<count {
            let slot = base + index * 5
            guard let localName = slot[0], SAXName(pointer: localName).equals(name),
                  let start = slot[3], let end = slot[4] else { continue }
            return SAXValue(bytes: UnsafeBufferPointer(start: start, count: end - start))
        }
        return nil
    }

    func string(_ name: StaticString) -> String? { self[name]?.nonEmptyString }
}
