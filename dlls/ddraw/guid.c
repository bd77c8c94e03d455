/*
 * ddraw: definitions of the DirectDraw and Direct3D GUIDs (the headers only
 * declare them unless INITGUID is defined).
 */
#include "config.h"

#define INITGUID
#include <ddraw.h>
#include <d3d.h>
