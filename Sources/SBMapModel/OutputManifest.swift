import Foundation

/// The file that says what a folder of sbmap's output holds (`sbmap site`'s `sbmap-site.json`, `render --all`'s
/// `maps.json`). Each is one `Codable` type, written and read by the code below: the command that writes the folder
/// reads the last run's manifest to remove what is gone, and discovery reads it to skip the folder as input.
public protocol OutputManifest: Codable, Sendable {
    /// The manifest's file name in its folder.
    static var fileName: String { get }
    /// What its `schema` field starts with (`sbmap-site/`): the version after the slash may grow.
    static var schemaPrefix: String { get }
    var schema: String { get }
}

extension OutputManifest {
    /// The manifest's bytes: pretty-printed JSON with sorted keys and a final newline, the same for the same manifest.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and arrays of them: encoding cannot fail.
        return ((try? encoder.encode(self)).map(Array.init) ?? []) + [UInt8(ascii: "\n")]
    }

    /// The manifest in `data`, or `nil` when it is not one of this kind (another schema, or not JSON).
    public static func decode(_ data: Data) -> Self? {
        guard let manifest = try? JSONDecoder().decode(Self.self, from: data),
              manifest.schema.hasPrefix(schemaPrefix) else { return nil }
        return manifest
    }

    /// The manifest in `folder`, or `nil`.
    public static func read(folder: String) -> Self? {
        FileManager.default.contents(atPath: folder + "/" + fileName).flatMap(decode)
    }
}

/// `sbmap-site.json`: the files of a site and the page of each storyboard.
public struct SiteManifest: OutputManifest, Hashable {
    public static let fileName = "sbmap-site.json"
    public static let schemaPrefix = "sbmap-site/"

    public struct Page: Codable, Hashable, Sendable {
        public var name: String
        public var page: String
        /// Scenes of the storyboard (placeholders are cross-file links, not scenes).
        public var scenes: Int
        /// The storyboard's path.
        public var storyboard: String

        public init(name: String, page: String, scenes: Int, storyboard: String) {
            self.name = name
            self.page = page
            self.scenes = scenes
            self.storyboard = storyboard
        }
    }

    public var schema = "sbmap-site/1"
    public var title: String
    /// Every file of the site, sorted, this one included.
    public var files: [String]
    public var storyboards: [Page]

    public init(title: String, files: [String], storyboards: [Page]) {
        self.title = title
        self.files = files.sorted()
        self.storyboards = storyboards
    }
}

/// `maps.json`: what `render --all` wrote, which file shows which storyboard, and the app's counts.
public struct MapsManifest: OutputManifest, Hashable {
    public static let fileName = "maps.json"
    public static let schemaPrefix = "sbmap-maps/"

    public struct Map: Codable, Hashable, Sendable {
        public var storyboard: String
        public var name: String
        public var file: String
        public var targets: [String]
        public var scenes: Int
        /// How far the map reaches (less than asked when the neighbourhood was over the budget).
        public var hops: Int

        public init(storyboard: String, name: String, file: String, targets: [String], scenes: Int, hops: Int) {
            self.storyboard = storyboard
            self.name = name
            self.file = file
            self.targets = targets
            self.scenes = scenes
            self.hops = hops
        }
    }

    public var schema = "sbmap-maps/1"
    public var format: String
    public var overview: String
    public var maps: [Map]
    /// The whole app's counts, the numbers of `check`'s summary line (absent in files of older versions).
    public var counts: GraphCounts?

    public init(format: String, overview: String, maps: [Map], counts: GraphCounts?) {
        self.format = format
        self.overview = overview
        self.maps = maps
        self.counts = counts
    }
}
