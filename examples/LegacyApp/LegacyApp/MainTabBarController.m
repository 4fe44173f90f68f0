#import <UIKit/UIKit.h>
#import "UIStoryboard+Extras.h"

/// The tab bar of Main.storyboard: two tabs come from the storyboard (runtime-attribute links to Search and Map),
/// two more are added in code from the category's storyboards.
@interface MainTabBarController : UITabBarController
@end

@implementation MainTabBarController

- (void)viewDidLoad {
    [super viewDidLoad];
    UIViewController *favorites = [[UIStoryboard favoritesStoryboard] instantiateInitialViewController];
    UIViewController *contact = [[UIStoryboard contactStoryboard] instantiateInitialViewController];
    self.viewControllers = [self.viewControllers arrayByAddingObjectsFromArray:@[favorites, contact]];
}

@end
