/* The driver's texture.c, built here against the recording fake device. */
#include "../../dlls/dx7z/texture.c"
