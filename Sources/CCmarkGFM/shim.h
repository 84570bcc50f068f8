#ifndef RECITE_CCMARKGFM_SHIM_H
#define RECITE_CCMARKGFM_SHIM_H
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
/* HTML5's named character references (all 2,231) and numeric ones, as CommonMark decodes them. */
#include <cmark-gfm/buffer.h>
#include <cmark-gfm/houdini.h>
/* CMARK_OPT_* are macros that Swift may not import as typed constants. */
static inline int recite_cmark_options(void) {
    return CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8;
}
#endif
