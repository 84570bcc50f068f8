#ifndef RECITE_CSNDFILE_SHIM_H
#define RECITE_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
