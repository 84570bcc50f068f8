#ifndef RECITE_CEBUR128_SHIM_H
#define RECITE_CEBUR128_SHIM_H
/* libebur128 (Debian's libebur128-dev, MIT): EBU R 128 / ITU-R BS.1770 loudness and true peak. */
#include <ebur128.h>
#endif
