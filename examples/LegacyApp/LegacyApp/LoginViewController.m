#import <UIKit/UIKit.h>

@interface AppDelegate : UIResponder <UIApplicationDelegate>
- (void)showMain;
@end

@interface LoginViewController : UIViewController
@end

@implementation LoginViewController

- (IBAction)signIn:(id)sender {
    [(AppDelegate *)[UIApplication sharedApplication].delegate showMain];
}

@end
