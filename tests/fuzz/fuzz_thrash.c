/*
 * libFuzzer harness: THRASH call sequences on the real driver (dlls/dx7z on
 * our ddraw, natively on EGL surfaceless with llvmpipe), as Porsche.exe
 * makes them: setstate/getstate with any id and stage bits (pointer-valued
 * ids get the harness's own buffers, as the game passes them), triangles,
 * quads, lines, points, sprites, meshes, strips, fans, 0x1b3 primitives,
 * textures in every THRASH format (talloc, tupdate, settexture, tfree),
 * window selection, locks, readrect/writerect, clip, clears and flips.
 * Indices stay below the vertices the harness gives: THRASH has no vertex
 * count to check them against (the game's own contract).
 */
#include "config.h"

#include <stdlib.h>

#include "fuzz.h"
#include "dx7z_private.h"

#define MAX_VERTICES 64
#define MAX_TEXTURES 8

static BOOL ready;
static unsigned int callbacks;

static void THRASHAPI state_callback(DWORD state, DWORD_PTR value)
{
    ++callbacks;
}

static void read_vertices(struct fuzz_input *in, struct thrash_vertex2 *v, unsigned int count)
{
    unsigned int i;

    for (i = 0; i < count; ++i)
    {
        v[i].v.x = fuzz_float(in);
        v[i].v.y = fuzz_float(in);
        v[i].v.z = fuzz_float(in);
        v[i].v.rhw = fuzz_float(in);
        v[i].v.diffuse = fuzz_u32(in);
        v[i].v.specular = fuzz_u32(in);
        v[i].v.u = fuzz_float(in);
        v[i].v.v = fuzz_float(in);
        v[i].u2 = fuzz_float(in);
        v[i].v2 = fuzz_float(in);
    }
}

static DWORD_PTR pointer_value(struct fuzz_input *in, DWORD id, struct dx7z_texture **textures,
        struct thrash_primitive *prim, void *vertices, WORD *indices)
{
    static BYTE fog[65];
    static float guard[4];
    static DWORD caps[64];

    switch (id)
    {
        case THRASH_STATE_TEXTURE:
            return (DWORD_PTR)textures[fuzz_below(in, MAX_TEXTURES)];
        case THRASH_STATE_FOGTABLE:
        case THRASH_STATE_FOGTABLE2:
            fuzz_bytes(in, fog, sizeof(fog));
            return fuzz_u8(in) & 1 ? (DWORD_PTR)fog : 0;
        case THRASH_STATE_GUARDBAND:
            return (DWORD_PTR)guard;
        case THRASH_STATE_CAPS:
            return (DWORD_PTR)caps;
        case THRASH_STATE_CALLBACK:
            return fuzz_u8(in) & 1 ? (DWORD_PTR)state_callback : 0;
        case THRASH_STATE_SPRITESTRIDE:
            /* The step between the caller's sprite vertices: the game's
             * layout, trusted as the DLL trusts it. The harness's array
             * holds 40-byte vertices. */
        {
            static const DWORD steps[] = {0, 32, 40};
            return steps[fuzz_below(in, 3)];
        }
        case THRASH_STATE_DRAWPRIMITIVE:
        {
            unsigned int i;
            prim->type = fuzz_below(in, 8);
            prim->vertices = vertices;
            prim->vertex_count = 1 + fuzz_below(in, MAX_VERTICES);
            prim->index_count = fuzz_below(in, 96);
            /* Indices may be bad here: Direct3D checks them (fault 6). */
            for (i = 0; i < prim->index_count; ++i)
                indices[i] = fuzz_below(in, MAX_VERTICES + 4);
            prim->indices = fuzz_u8(in) & 1 ? indices : NULL;
            return (DWORD_PTR)prim;
        }
    }
    return fuzz_u32(in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct thrash_vertex2 vertices[MAX_VERTICES];
    static BYTE pixels[256 * 256 * 4 * 2];
    static DWORD clut[256], mesh[3 * MAX_VERTICES * 4];
    static WORD prim_indices[96];
    static BYTE rect[64 * 64 * 4];
    struct dx7z_texture *textures[MAX_TEXTURES] = {0};
    struct fuzz_input in = {data, size, 0};
    struct thrash_primitive prim;
    unsigned int ops = 0, i, n;
    struct thrash_lock *lock;

    if (!ready)
    {
        /* As thrashhost opens its window natively: windowed, a stand-in
         * window handle (the driver's ddraw draws offscreen). */
        dx7z_setstate(THRASH_STATE_WINDOWED, 1);
        dx7z_setstate(THRASH_STATE_HWND, 1);
        if (!dx7z_init() || !dx7z_setvideomode(1, 2, 2))
            abort();
        ready = TRUE;
    }
    dx7z_state_reset();
    dx7z_default_states();
    dx7z_window(2);

    while (fuzz_more(&in) && ops++ < 48)
    {
        switch (fuzz_below(&in, 16))
        {
            case 0: case 1: case 2:
            {
                DWORD id = fuzz_u16(&in) % 0x2d0, stage = fuzz_u8(&in), state;

                /* Window-system ids (window hooks, HWND) are the host's. */
                if (id == THRASH_STATE_WINDOWHOOKS || id == THRASH_STATE_HWND || id == THRASH_STATE_WINDOWED)
                    break;
                state = id | (stage < 200 ? (stage & 7) << 16 : (DWORD)stage << 16);
                dx7z_setstate(state, pointer_value(&in, id, textures, &prim, vertices, prim_indices));
                dx7z_getstate(state);
                break;
            }
            case 3:
                read_vertices(&in, vertices, 4);
                switch (fuzz_below(&in, 5))
                {
                    case 0: dx7z_batch_tri(&vertices[0].v, &vertices[1].v, &vertices[2].v); break;
                    case 1: dx7z_batch_quad(&vertices[0].v, &vertices[1].v, &vertices[2].v, &vertices[3].v); break;
                    case 2: dx7z_batch_line(&vertices[0].v, &vertices[1].v); break;
                    case 3: dx7z_draw_point(&vertices[0].v); break;
                    case 4: dx7z_draw_sprite(&vertices[0].v, &vertices[1].v); break;
                }
                break;
            case 4: case 5:
            {
                unsigned int count = 1 + fuzz_below(&in, 16), kind = fuzz_below(&in, 9);
                unsigned int nv = 4 + fuzz_below(&in, MAX_VERTICES - 4);

                read_vertices(&in, vertices, nv < 8 ? nv : 8);
                for (i = 0; i < count * 4; ++i)
                    mesh[i] = fuzz_below(&in, nv);
                switch (kind)
                {
                    case 0: dx7z_draw_trimesh(count, (BYTE *)vertices, mesh); break;
                    case 1: dx7z_draw_quadmesh(count, (BYTE *)vertices, mesh); break;
                    case 2: dx7z_draw_linemesh(count, (BYTE *)vertices, mesh); break;
                    case 3: dx7z_draw_pointmesh(count, (BYTE *)vertices, mesh); break;
                    case 4: dx7z_draw_spritemesh(count, (BYTE *)vertices, mesh); break;
                    case 5: dx7z_draw_strip(D3DPT_TRIANGLESTRIP, count, (BYTE *)vertices, mesh); break;
                    case 6: dx7z_draw_strip(D3DPT_TRIANGLEFAN, count, (BYTE *)vertices, mesh); break;
                    case 7: dx7z_draw_strip(D3DPT_LINESTRIP, count, (BYTE *)vertices, mesh); break;
                    case 8: dx7z_draw_strip(D3DPT_POINTLIST, count, (BYTE *)vertices, mesh); break;
                }
                break;
            }
            case 6:
            {
                unsigned int slot = fuzz_below(&in, MAX_TEXTURES);
                DWORD w = 1u << fuzz_below(&in, 9), h = 1u << fuzz_below(&in, 9);

                if (textures[slot]) break;
                textures[slot] = dx7z_talloc(w, h, fuzz_below(&in, 40), fuzz_u8(&in) & 1 ? (DWORD_PTR)clut : 0,
                        fuzz_below(&in, 10));
                break;
            }
            case 7:
            {
                struct dx7z_texture *t = textures[fuzz_below(&in, MAX_TEXTURES)];
                size_t avail;

                if (!t) break;
                for (i = 0; i < 256; ++i) clut[i] = fuzz_u32(&in);
                avail = in.size - in.pos;
                /* Texels: the rest of the input repeated. */
                for (i = 0; i < sizeof(pixels); ++i)
                    pixels[i] = avail ? in.data[in.pos + i % avail] : (BYTE)i;
                dx7z_tupdate(t, pixels, fuzz_u8(&in) & 1 ? clut : NULL);
                break;
            }
            case 8:
                dx7z_settexture(fuzz_below(&in, 9), textures[fuzz_below(&in, MAX_TEXTURES)]);
                break;
            case 9:
            {
                unsigned int slot = fuzz_below(&in, MAX_TEXTURES);
                if (textures[slot]) dx7z_tfree(textures[slot]);
                /* Still valid until treset: kept for later calls. */
                break;
            }
            case 10:
                dx7z_window(fuzz_below(&in, 7));
                break;
            case 11:
                if ((lock = dx7z_lockwindow()))
                {
                    if (lock->pixels && lock->pitch && lock->height)
                        memset(lock->pixels, fuzz_u8(&in), lock->pitch);
                    dx7z_unlockwindow();
                }
                break;
            case 12:
            {
                DWORD x = fuzz_u16(&in) % 700, y = fuzz_u16(&in) % 520, w = fuzz_below(&in, 64), h = fuzz_below(&in, 16);
                fuzz_bytes(&in, rect, 64);
                if (fuzz_u8(&in) & 1) dx7z_readrect(x, y, w, h, rect);
                else dx7z_writerect(x, y, w, h, rect);
                break;
            }
            case 13:
                dx7z_clip(fuzz_u16(&in), fuzz_u16(&in), fuzz_u16(&in), fuzz_u16(&in));
                break;
            case 14:
                n = fuzz_below(&in, 3);
                if (n == 0) dx7z_clearwindow();
                else if (n == 1) dx7z_flushwindow();
                else dx7z_pageflip();
                break;
            case 15:
                dx7z_batch_flush();
                break;
        }
    }
    dx7z_flushwindow();
    dx7z_settexture(0, NULL);
    dx7z_settexture(1, NULL);
    dx7z_setstate(THRASH_STATE_CALLBACK, 0);
    /* tfree keeps a texture until treset, as the DLL does. */
    dx7z_treset();
    return 0;
}
