#ifndef RECITE_CLIBZIP_SHIM_H
#define RECITE_CLIBZIP_SHIM_H
#include <zip.h>
#endif
