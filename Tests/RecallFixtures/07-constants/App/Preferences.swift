import Cocoa

extension NSStoryboard.Name {
    static let preferences = NSStoryboard.Name("Preferences")
    static let settings = NSStoryboard.Name("Settings")
}

extension NSStoryboard.SceneIdentifier {
    static let generalPreferences = NSStoryboard.SceneIdentifier("GeneralPreferencesViewControler")
}

enum PreferencesSegue: String {
    case showAccount
}

final class GeneralPreferencesViewController: NSViewController {
    static func loadFromStoryboard() -> GeneralPreferencesViewController {
        NSStoryboard(name: .preferences, bundle: nil).instantiateController(withIdentifier: .generalPreferences) as! GeneralPreferencesViewController
    }

    static func loadSettings() -> NSViewController {
        NSStoryboard(name: .settings, bundle: nil).instantiateInitialController() as! NSViewController
    }

    func showAccounts() {
        performSegue(withIdentifier: NSStoryboardSegue.Identifier("showAccount"), sender: nil)
        performSegue(withIdentifier: PreferencesSegue.showAccount.rawValue, sender: nil)
    }
}

final class AccountsPreferencesViewController: NSViewController {}
