#include "wl.h"



int wl_spawn(wl *w) { (void)w; return 1; }
int wl_slm_reduce(wl *w) { (void)w; return 1; }
