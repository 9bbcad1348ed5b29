/* gtsim_version(): GTSIM_VERSION_STRING comes from gtsim_version.h, which
 * the build writes (cmake/gtsim_version.cmake: the project version, plus
 * `git describe` of the tree at build time). */
#include "gtsim.h"
#include "gtsim_version.h"

const char *gtsim_version(void)
{
    return GTSIM_VERSION_STRING;
}
