// swiftlint:disable all
// Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen

import UIKit

// MARK: - Storyboard Scenes

internal enum StoryboardScene {
  internal enum Main: StoryboardType {
    internal static let storyboardName = "Main"

    internal static let initialScene = InitialSceneType<UIKit.UINavigationController>(storyboard: Main.self)

    internal static let messagesList = SceneType<GeneratedUser>(storyboard: Main.self, identifier: "MessagesList")
  }
}

internal enum StoryboardSegue {
  internal enum Main: String, SegueType {
    case showDetail = "ShowDetail"
  }
}

internal extension StoryboardType {
  static var storyboard: UIStoryboard {
    let name = self.storyboardName
    return UIStoryboard(name: name, bundle: BundleToken.bundle)
  }
}
