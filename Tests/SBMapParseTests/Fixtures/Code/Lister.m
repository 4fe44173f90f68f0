#import <UIKit/UIKit.h>
#import "AAPLAppDelegate.h"

NSString *const AAPLAppDelegateMainStoryboardName = @"Main";
static NSString * const AAPLEmptyIdentifier = @"emptyViewController";
#define kSettingsStoryboard @"Settings"
#define kDetailSegue @"showDetail"

@interface AAPLListViewController : UITableViewController
@end

@implementation AAPLListViewController

- (void)viewDidLoad {
    UIViewController *empty = [self.storyboard instantiateViewControllerWithIdentifier:AAPLEmptyIdentifier];
    UIStoryboard *settings = [UIStoryboard storyboardWithName:kSettingsStoryboard bundle:nil];
    UIViewController *root = [settings instantiateInitialViewController];
    UIViewController *other = [[UIStoryboard storyboardWithName:@"Main"
                                                         bundle:[NSBundle mainBundle]]
                               instantiateViewControllerWithIdentifier:@"Other"];
    [self performSegueWithIdentifier:kDetailSegue sender:self];
    // [self performSegueWithIdentifier:@"commented" sender:self];
    NSLog(@"[self performSegueWithIdentifier:@\"inString\" sender:self]");
    char c = '"';
    [[self storyboard] instantiateViewControllerWithIdentifier:NSStringFromClass([AAPLDetailViewController class])];
    [AAPLProfileViewController instantiateFromStoryboard];
}

- (BOOL)shouldPerformSegueWithIdentifier:(NSString *)identifier sender:(id)sender { return YES; }

- (IBAction)unwindToList:(UIStoryboardSegue *)segue {}

- (void)dynamic:(NSString *)name {
    [UIStoryboard storyboardWithName:name bundle:nil];
    [[UIStoryboard searchStoryboard] instantiateInitialViewController];
}

@end

@implementation UIStoryboard (Extras)

+ (UIStoryboard *)searchStoryboard {
    return [UIStoryboard storyboardWithName:@"Search" bundle:nil];
}

@end
