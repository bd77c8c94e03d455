/* The GUIDs dx7z uses, defined once (ddraw.dll exports none). */
#include "config.h"

#define INITGUID
#include "dx7z_private.h"
