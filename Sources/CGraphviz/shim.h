#ifndef SBMAP_CGRAPHVIZ_SHIM_H
#define SBMAP_CGRAPHVIZ_SHIM_H
// Graphviz's cgraph and gvc, driven in process (never by spawning `dot`).
#include <gvc.h>
#include <cgraph.h>
#endif
