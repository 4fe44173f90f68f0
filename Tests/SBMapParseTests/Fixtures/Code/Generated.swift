import UIKit

class GeneratedUser: UIViewController {
    func swiftGen() {
        let a = StoryboardScene.Main.messagesList.instantiate()
        let b = StoryboardScene.Main.initialScene.instantiate()
        let c = StoryboardScene.Settings.instantiateAbout()
        perform(segue: StoryboardSegue.Main.showDetail, sender: nil)
        _ = (a, b, c)
    }
    func rSwift() {
        let d = R.storyboard.main.settingsController()
        let e = R.storyboard.settings.initialViewController()
        //    guard let first = R.storyboard.main.firstViewController() else {
        performSegue(withIdentifier: R.segue.generatedUser.openSettings, sender: nil)
        _ = (d, e)
    }
}
