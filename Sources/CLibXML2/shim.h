#ifndef SBMAP_CLIBXML2_SHIM_H
#define SBMAP_CLIBXML2_SHIM_H
// libxml2's SAX2 push parser, used to stream storyboards and XML plists.
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
