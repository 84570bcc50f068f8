#ifndef RECITE_CLIBCRYPTO_SHIM_H
#define RECITE_CLIBCRYPTO_SHIM_H
/* Only the EVP digest interface: <openssl/sha.h> would bring a C function named SHA256. */
#include <openssl/evp.h>
#include <openssl/crypto.h>
#endif
