#ifndef RECITE_CDYNAMICLINKER_SHIM_H
#define RECITE_CDYNAMICLINKER_SHIM_H
/* The dynamic loader's list of loaded objects and their program headers (glibc).
   <link.h> declares dl_iterate_phdr only under _GNU_SOURCE, and defining that here changed how
   glibc's own headers read inside this module (fd_set's member became fds_bits), which clashed
   with the same headers as Dispatch's module reads them: a fresh build failed. So the few
   declarations needed are written here, as glibc's <link.h> gives them for 64-bit ELF; glibc
   passes the structure's size, and only its first four members are read. */
#include <elf.h>
#include <stddef.h>

struct dl_phdr_info {
    Elf64_Addr dlpi_addr;
    const char *dlpi_name;
    const Elf64_Phdr *dlpi_phdr;
    Elf64_Half dlpi_phnum;
};

extern int dl_iterate_phdr(int (*callback)(struct dl_phdr_info *info, size_t size, void *data), void *data);
#endif
