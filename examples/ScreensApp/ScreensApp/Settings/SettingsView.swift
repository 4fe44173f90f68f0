import SwiftUI

/// The app's settings, in SwiftUI.
struct SettingsView: View {
    @AppStorage("fontSize") private var fontSize = 17.0

    var body: some View {
        NavigationStack {
            Form {
                Slider(value: $fontSize, in: 12...28) { Text("Text size") }
                NavigationLink("Account") { AccountScreen() }
            }
        }
    }
}

/// The account screen is older UIKit code, shown inside the SwiftUI settings.
struct AccountScreen: UIViewControllerRepresentable {
    func makeUIViewController(context: Context) -> AccountViewController { AccountViewController() }
    func updateUIViewController(_ controller: AccountViewController, context: Context) {}
}
