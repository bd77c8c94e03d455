/* The driver's about.c, built here against the recording fake device. */
#include "../../dlls/dx7z/about.c"
