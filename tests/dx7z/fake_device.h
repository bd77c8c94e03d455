/*
 * A recording fake of the Direct3D device calls dx7z's logic makes
 * (dlls/dx7z/device.c's functions). Pure-logic tests only: rendering claims
 * are made by the PE tests on a real Direct3D 7 device.
 */
#ifndef DX7Z_FAKE_DEVICE_H
#define DX7Z_FAKE_DEVICE_H

#include "dx7z_private.h"

enum fake_call_type
{
    FAKE_RS, FAKE_TSS, FAKE_TEXTURE, FAKE_MATERIAL, FAKE_DRAW_INDEXED, FAKE_DRAW,
    FAKE_CLEAR, FAKE_BEGIN, FAKE_END, FAKE_VIEWPORT,
};

struct fake_call
{
    enum fake_call_type type;
    DWORD a, b, c;          /* rs/value; stage/tss/value; prim type/count/index count */
    BYTE vertices[64 * 40]; /* the first vertices of a draw */
    DWORD vertex_count;
    WORD indices[64];
};

#define FAKE_MAX_CALLS 4096
extern struct fake_call fake_calls[FAKE_MAX_CALLS];
extern unsigned int fake_call_count;

void fake_reset(void);
unsigned int fake_count(enum fake_call_type type);
const struct fake_call *fake_last(enum fake_call_type type);
/* The last value sent for a render state / stage state, or ~0u. */
DWORD fake_rs(D3DRENDERSTATETYPE rs);
DWORD fake_tss(DWORD stage, D3DTEXTURESTAGESTATETYPE tss);

#endif
