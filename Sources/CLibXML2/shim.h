#ifndef SBMAP_CLIBXML2_SHIM_H
#define SBMAP_CLIBXML2_SHIM_H
// libxml2's SAX2 push parser, used to stream storyboards and XML plists.
//
// Debian's libxml2 is built with ICU, and its encoding.h then includes the system's <unicode/ucnv.h>.
// Foundation on Linux carries its own copy of the ICU headers (_FoundationICU), and a Swift module that
// sees both fails to build ("'UErrorCode' … is not present in definition … in module 'CLibXML2'").
// sbmap uses none of libxml2's ICU declarations (they only add trailing fields to
// xmlCharEncodingHandler, which sbmap never touches), so hide them from this module.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
