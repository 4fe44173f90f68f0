#import <UIKit/UIKit.h>

@interface AppDelegate : UIResponder <UIApplicationDelegate>
@property (strong, nonatomic) UIWindow *window;
- (void)showMain;
- (void)showLogin;
@end

/// Signing in and out swaps the window's root view controller for another storyboard's initial scene.
@implementation AppDelegate

- (void)showMain {
    UIStoryboard *main = [UIStoryboard storyboardWithName:@"Main" bundle:nil];
    self.window.rootViewController = [main instantiateInitialViewController];
}

- (void)showLogin {
    UIStoryboard *login = [UIStoryboard storyboardWithName:@"Login" bundle:nil];
    self.window.rootViewController = [login instantiateInitialViewController];
}

@end
