#import <UIKit/UIKit.h>

/// The storyboard names, in one place (the UIStoryboard category of the "UIStoryboards and UITabBarController" article).
@interface UIStoryboard (Extras)
+ (UIStoryboard *)favoritesStoryboard;
+ (UIStoryboard *)contactStoryboard;
@end
