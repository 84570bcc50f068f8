#ifndef RECITE_CLIBXML2_SHIM_H
#define RECITE_CLIBXML2_SHIM_H
/* libxml2 can pull in ICU headers, whose UErrorCode then clashes with the one
   Foundation's module sees ("has different definitions in different modules")
   on a clean build. Recite needs no ICU from libxml2, so switch it off first. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>
/* xmlFree is a global function pointer, which Swift 6 sees as shared mutable state. */
static inline void recite_xml_free(void *pointer) { xmlFree(pointer); }
#endif
