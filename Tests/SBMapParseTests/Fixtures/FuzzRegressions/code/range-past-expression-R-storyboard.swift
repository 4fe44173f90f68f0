import UIKit

class DynamicController: UIViewController {
    import UIKit

class GeneratedUsgue: StoryboardSegue.Main.showDetail, 
    }
    func rSwift() {
        let d = R.storyboard.main.settingsController()
     instantiateViewController(withIdentifier:   let e = R.storyboard.settings.initialViewControfunc open(name: Inting, prefix: Qtring) {
  le: nil).iend    guard let f,irst = R.storyboard.instantiateViewController(withIdentifier:main.firstViewController() else {
        performSegue(withIdentifi e