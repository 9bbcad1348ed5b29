/* gtsim_version(): GTSIM_VERSION_STRING comes from CMakeLists.txt (the
 * project version, plus `git describe` at configure time). */
#include "gtsim.h"

#ifndef GTSIM_VERSION_STRING
#error "GTSIM_VERSION_STRING is set by CMakeLists.txt"
#endif

const char *gtsim_version(void)
{
    return GTSIM_VERSION_STRING;
}
