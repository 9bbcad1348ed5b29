/* Per-platform descriptions.  Skylake GT2 (PCI 0x1912 family; NEO's AUB
 * default skl config is 1x3x8: 1 slice, 3 subslices, 8 EUs each), 7 threads
 * per EU on Gen9. */
#include <string.h>

#include "gt.h"

static const gt_platform platforms[] = {
    {.name = "skl", .gen = 9, .pci_id = 0x1912, .eu_count = 24, .threads_per_eu = 7,
     .max_threads = 24 * 7},
};

const gt_platform *gt_platform_find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof(platforms) / sizeof(platforms[0]); i++)
        if (!strcmp(platforms[i].name, name))
            return &platforms[i];
    return NULL;
}
