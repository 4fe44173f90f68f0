#import <UIKit/UIKit.h>
#import "ScreensApp-Swift.h"

// Older Objective-C code shows the profile from a share sheet, loading the same xib by name.
void SBShowProfile(UIViewController *presenter) {
    ProfileViewController *profile = [[ProfileViewController alloc] initWithNibName:@"ProfileViewController" bundle:nil];
    [presenter presentViewController:profile animated:YES completion:nil];
}
