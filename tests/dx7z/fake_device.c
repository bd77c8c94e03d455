/* The recording fake of dlls/dx7z/device.c; see fake_device.h. */
#include "config.h"

#include <string.h>

#include "fake_device.h"

struct dx7z dx7z;
struct fake_call fake_calls[FAKE_MAX_CALLS];
unsigned int fake_call_count;

void fake_reset(void)
{
    memset(&dx7z, 0, sizeof(dx7z));
    dx7z_caps_default(&dx7z.caps);
    dx7z_state_reset();
    dx7z.window = 2;
    fake_call_count = 0;
}

static struct fake_call *add(enum fake_call_type type, DWORD a, DWORD b, DWORD c)
{
    struct fake_call *call;

    if (fake_call_count >= FAKE_MAX_CALLS)
        return NULL;
    call = &fake_calls[fake_call_count++];
    memset(call, 0, sizeof(*call));
    call->type = type;
    call->a = a;
    call->b = b;
    call->c = c;
    return call;
}

unsigned int fake_count(enum fake_call_type type)
{
    unsigned int i, n = 0;

    for (i = 0; i < fake_call_count; ++i)
        if (fake_calls[i].type == type) ++n;
    return n;
}

const struct fake_call *fake_last(enum fake_call_type type)
{
    unsigned int i;

    for (i = fake_call_count; i > 0; --i)
        if (fake_calls[i - 1].type == type) return &fake_calls[i - 1];
    return NULL;
}

DWORD fake_rs(D3DRENDERSTATETYPE rs)
{
    unsigned int i;

    for (i = fake_call_count; i > 0; --i)
        if (fake_calls[i - 1].type == FAKE_RS && fake_calls[i - 1].a == (DWORD)rs) return fake_calls[i - 1].b;
    return ~0u;
}

DWORD fake_tss(DWORD stage, D3DTEXTURESTAGESTATETYPE tss)
{
    unsigned int i;

    for (i = fake_call_count; i > 0; --i)
    {
        const struct fake_call *c = &fake_calls[i - 1];
        if (c->type == FAKE_TSS && c->a == stage && c->b == (DWORD)tss) return c->c;
    }
    return ~0u;
}

void dx7z_dev_set_render_state(D3DRENDERSTATETYPE rs, DWORD value) { add(FAKE_RS, rs, value, 0); }
void dx7z_dev_set_texture_stage_state(DWORD stage, D3DTEXTURESTAGESTATETYPE tss, DWORD value)
{
    if (stage < dx7z.caps.stages) add(FAKE_TSS, stage, tss, value);
}
void dx7z_dev_set_texture(DWORD stage, IDirectDrawSurface7 *surface) { add(FAKE_TEXTURE, stage, 0, 0); }
void dx7z_dev_set_material(DWORD colour) { add(FAKE_MATERIAL, colour, 0, 0); }
void dx7z_dev_begin_scene(void) { add(FAKE_BEGIN, 0, 0, 0); }
void dx7z_dev_end_scene(void) { add(FAKE_END, 0, 0, 0); }
void dx7z_dev_clear(DWORD flags, DWORD colour, float z) { add(FAKE_CLEAR, flags, colour, 0); }
void dx7z_dev_set_viewport(const D3DVIEWPORT7 *vp) { add(FAKE_VIEWPORT, vp->dwX, vp->dwY, 0); }

static void record_draw(struct fake_call *call, DWORD fvf, const void *vertices, DWORD count, const WORD *indices,
        DWORD index_count)
{
    DWORD stride = fvf == THRASH_FVF_2TEX ? 40 : 32, n = count < 64 ? count : 64;

    if (!call) return;
    call->vertex_count = count;
    memcpy(call->vertices, vertices, n * stride);
    if (indices)
        memcpy(call->indices, indices, (index_count < 64 ? index_count : 64) * sizeof(WORD));
}

/* Like our ddraw, the fake refuses an index beyond the vertices (and
 * counts it as device.c does). */
BOOL dx7z_dev_draw_indexed(D3DPRIMITIVETYPE type, DWORD fvf, void *vertices, DWORD vertex_count,
        WORD *indices, DWORD index_count)
{
    DWORD i;

    for (i = 0; i < index_count; ++i)
        if (indices[i] >= vertex_count)
        {
            ++dx7z.refused_draws;
            return FALSE;
        }
    record_draw(add(FAKE_DRAW_INDEXED, type, vertex_count, index_count), fvf, vertices, vertex_count,
            indices, index_count);
    return TRUE;
}

BOOL dx7z_dev_draw(D3DPRIMITIVETYPE type, DWORD fvf, void *vertices, DWORD vertex_count)
{
    record_draw(add(FAKE_DRAW, type, vertex_count, 0), fvf, vertices, vertex_count, NULL, 0);
    return TRUE;
}

/* window.c's functions the logic calls. */
BOOL dx7z_surfaces_ok(void) { return TRUE; }
BOOL dx7z_set_gamma(float gamma) { return TRUE; }
