/* The driver's batch.c, built here against the recording fake device. */
#include "../../dlls/dx7z/batch.c"
