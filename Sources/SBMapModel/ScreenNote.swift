/// A note `.sbmap.yml` attaches to a scene or screen (`notes: { "Settings:AccountSettings": "Reached only from the
/// account menu" }`): shown like the doc comment of the screen's class, in the map's tooltip and on the site.
public struct ScreenNote: Hashable, Sendable {
    /// The scene as written: `STORYBOARD:SCENE` (the scene by its Storyboard ID, class or title; a xib by its name,
    /// with or without `.xib`), or `SCENE` alone.
    public var scene: String
    public var text: String
    /// Where the note's key is written in the settings file.
    public var location: SourceLocation

    public init(scene: String, text: String, location: SourceLocation) {
        self.scene = scene
        self.text = text
        self.location = location
    }
}
