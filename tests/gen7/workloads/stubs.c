#include "wl.h"




int wl_slm_reduce(wl *w) { (void)w; return 1; }
