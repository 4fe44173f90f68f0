window.sbmapSearchIndex = {"storyboards": [
["DetailViewController.xib","ScreensApp/Detail/DetailViewController.xib","storyboards/DetailViewController.xib.html"],
["Home","ScreensApp/Home/Home.storyboard","storyboards/Home.html"],
["ProfileViewController.xib","ScreensApp/Profile/ProfileViewController.xib","storyboards/ProfileViewController.xib.html"]
], "scenes": [
[0,1,"DetailViewController","","","scene-1-14cd0a2b","ScreensApp"],
[1,1,"HomeViewController","Home","Today","scene-Hm1-To-Dy1","ScreensApp"],
[2,1,"ProfileViewController","","","scene-1-14cd0a2b","ScreensApp"]
], "screens": [
["AccountViewController","screen made in code","scene-code-AccountViewController-23546650"],
["LibraryViewController","screen made in code","scene-code-LibraryViewController-78999158"],
["SettingsView","SwiftUI screen","scene-swiftui-SettingsView-e6103610"]
], "segues": [

], "codes": [

]};
