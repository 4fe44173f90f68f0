#include "SBMapBuildInfo.h"

#ifndef SBMAP_BUILD_ID
#define SBMAP_BUILD_ID ""
#endif

const char *sbmap_build_id(void) { return SBMAP_BUILD_ID; }
