import UIKit

protocol StoryboardInstantiable {}
extension StoryboardInstantiable where Self: UIViewController {
    static func instantiateFromStoryboard() -> Self {
        let id = String(describing: self)
        return UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: id) as! Self
    }
}

class AppCoordinator {
    func start() {
        let profile = ProfileViewController.instantiateFromStoryboard()
        let list = UIStoryboard(name: "Main", bundle: nil)
            .instantiateViewController(withIdentifier: String(describing: ListViewController.self))
        _ = (profile, list)
    }
}

enum AppStoryboard: String {
    case Main, Preferences
    var instance: UIStoryboard {
        return UIStoryboard(name: self.rawValue, bundle: Bundle.main)
    }
}

class PrefsOpener {
    func open() {
        _ = AppStoryboard.Preferences.instance.instantiateViewController(withIdentifier: "Prefs")
        _ = UIStoryboard.add.instantiateInitialViewController()
        _ = NSStoryboard(name: NSStoryboard.Name("Inspector"), bundle: nil).instantiateController(withIdentifier: NSStoryboard.SceneIdentifier("InspectorWindow"))
    }
}
