/* The driver's state.c, built here against the recording fake device. */
#include "../../dlls/dx7z/state.c"
