#import <UIKit/UIKit.h>

// The Objective-C spellings: a property set from outside (dynamic), and a getter that loads by name.

@interface FlowController : NSObject
@property (nonatomic, strong) UIStoryboard *storyboard;
@end

@implementation FlowController
- (void)start {
    [self.storyboard instantiateViewControllerWithIdentifier:@"Home"];
}
@end

@implementation SearchFlow
- (UIStoryboard *)storyboard {
    return [UIStoryboard storyboardWithName:@"Settings" bundle:nil];
}

- (void)start {
    [[self storyboard] instantiateViewControllerWithIdentifier:@"SettingsRoot"];
}
@end
