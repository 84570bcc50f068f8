#ifndef RECITE_CDYNAMICLINKER_SHIM_H
#define RECITE_CDYNAMICLINKER_SHIM_H
/* The dynamic loader's list of loaded objects and their program headers (glibc). Swift's Glibc
   module leaves <link.h> out. */
/* dl_iterate_phdr is a GNU extension. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <link.h>
#endif
