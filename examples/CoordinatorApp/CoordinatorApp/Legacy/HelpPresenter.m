#import <UIKit/UIKit.h>
#import "HelpPresenter.h"

/// Older Objective-C code that sends a signed-out user back to the welcome screen.
@implementation HelpPresenter

- (void)presentWelcomeFrom:(UIViewController *)presenter {
    UIStoryboard *onboarding = [UIStoryboard storyboardWithName:@"Onboarding" bundle:nil];
    UIViewController *welcome = [onboarding instantiateViewControllerWithIdentifier:@"Welcome"];
    [presenter presentViewController:welcome animated:YES completion:nil];
}

@end
