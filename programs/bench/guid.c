/* The GUIDs bench uses, defined once (ddraw.dll exports none). */
#include "config.h"

#define INITGUID
#include "ddraw.h"
#include "d3d.h"
