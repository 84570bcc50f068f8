#ifndef RECITE_CCMARKGFM_SHIM_H
#define RECITE_CCMARKGFM_SHIM_H
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
/* CMARK_OPT_* are macros that Swift may not import as typed constants. */
static inline int recite_cmark_options(void) {
    return CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8;
}
#endif
