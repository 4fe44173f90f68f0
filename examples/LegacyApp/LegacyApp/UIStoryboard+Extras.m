#import "UIStoryboard+Extras.h"

@implementation UIStoryboard (Extras)

+ (UIStoryboard *)favoritesStoryboard {
    return [UIStoryboard storyboardWithName:@"Favorites" bundle:nil];
}

+ (UIStoryboard *)contactStoryboard {
    return [UIStoryboard storyboardWithName:@"Contact" bundle:nil];
}

@end
