/*
 * GIF packet interpreter: GIF tags (PACKED, REGLIST, IMAGE), A+D register
 * writes, packed vertex data and the vertex kick.
 *
 * A malformed packet never crashes and never writes GS memory: a tag whose
 * data runs past the end of the buffer is refused before any of its data is
 * used, and unknown registers are skipped with a message.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "gs_private.h"
#include "dx7gl/debug.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(gs);

static const char * const register_names[GS_REGISTER_COUNT] =
{
    [GS_PRIM] = "PRIM", [GS_RGBAQ] = "RGBAQ", [GS_ST] = "ST", [GS_UV] = "UV", [GS_XYZF2] = "XYZF2",
    [GS_XYZ2] = "XYZ2", [GS_TEX0_1] = "TEX0_1", [GS_TEX0_2] = "TEX0_2", [GS_CLAMP_1] = "CLAMP_1",
    [GS_CLAMP_2] = "CLAMP_2", [GS_FOG] = "FOG", [GS_XYZF3] = "XYZF3", [GS_XYZ3] = "XYZ3",
    [GS_TEX1_1] = "TEX1_1", [GS_TEX1_2] = "TEX1_2", [GS_TEX2_1] = "TEX2_1", [GS_TEX2_2] = "TEX2_2",
    [GS_XYOFFSET_1] = "XYOFFSET_1", [GS_XYOFFSET_2] = "XYOFFSET_2", [GS_PRMODECONT] = "PRMODECONT",
    [GS_PRMODE] = "PRMODE", [GS_TEXCLUT] = "TEXCLUT", [GS_SCANMSK] = "SCANMSK",
    [GS_MIPTBP1_1] = "MIPTBP1_1", [GS_MIPTBP1_2] = "MIPTBP1_2", [GS_MIPTBP2_1] = "MIPTBP2_1",
    [GS_MIPTBP2_2] = "MIPTBP2_2", [GS_TEXA] = "TEXA", [GS_FOGCOL] = "FOGCOL", [GS_TEXFLUSH] = "TEXFLUSH",
    [GS_SCISSOR_1] = "SCISSOR_1", [GS_SCISSOR_2] = "SCISSOR_2", [GS_ALPHA_1] = "ALPHA_1",
    [GS_ALPHA_2] = "ALPHA_2", [GS_DIMX] = "DIMX", [GS_DTHE] = "DTHE", [GS_COLCLAMP] = "COLCLAMP",
    [GS_TEST_1] = "TEST_1", [GS_TEST_2] = "TEST_2", [GS_PABE] = "PABE", [GS_FBA_1] = "FBA_1",
    [GS_FBA_2] = "FBA_2", [GS_FRAME_1] = "FRAME_1", [GS_FRAME_2] = "FRAME_2", [GS_ZBUF_1] = "ZBUF_1",
    [GS_ZBUF_2] = "ZBUF_2", [GS_BITBLTBUF] = "BITBLTBUF", [GS_TRXPOS] = "TRXPOS", [GS_TRXREG] = "TRXREG",
    [GS_TRXDIR] = "TRXDIR", [GS_HWREG] = "HWREG", [GS_SIGNAL] = "SIGNAL", [GS_FINISH] = "FINISH",
    [GS_LABEL] = "LABEL",
};

int gs_register_known(unsigned int reg)
{
    return reg < GS_REGISTER_COUNT && register_names[reg];
}

const char *gs_register_name(unsigned int reg)
{
    return gs_register_known(reg) ? register_names[reg] : "unknown";
}

int gs_device_create(struct gs_device **out)
{
    struct gs_device *gs;

    *out = NULL;
    if (!(gs = calloc(1, sizeof(*gs)))) return -1;
    if (!(gs->memory = calloc(GS_MEMORY_WORDS, sizeof(uint32_t))))
    {
        free(gs);
        return -1;
    }
    gs_device_reset(gs);
    *out = gs;
    return 0;
}

void gs_device_destroy(struct gs_device *gs)
{
    if (!gs) return;
    free(gs->memory);
    free(gs);
}

void gs_device_reset(struct gs_device *gs)
{
    memset(gs->regs, 0, sizeof(gs->regs));
    memset(gs->memory, 0, GS_MEMORY_WORDS * sizeof(uint32_t));
    memset(&gs->transfer, 0, sizeof(gs->transfer));
    memset(&gs->stats, 0, sizeof(gs->stats));
    gs->queue_count = 0;
    gs->internal_q = 1.0f;
    gs->regs[GS_PRMODECONT] = 1;
    gs->regs[GS_COLCLAMP] = 1;
}

void gs_device_set_draw_sink(struct gs_device *gs, const struct gs_draw_sink *sink)
{
    if (sink) gs->sink = *sink;
    else memset(&gs->sink, 0, sizeof(gs->sink));
}

uint64_t gs_device_get_register(const struct gs_device *gs, unsigned int reg)
{
    return reg < GS_REGISTER_COUNT ? gs->regs[reg] : 0;
}

void gs_device_get_stats(const struct gs_device *gs, struct gs_stats *stats)
{
    *stats = gs->stats;
}

/* Vertices a primitive type needs before it draws. */
static unsigned int prim_vertex_count(unsigned int type)
{
    static const unsigned int counts[8] = {1, 2, 2, 3, 3, 3, 2, 0};
    return counts[type & 7];
}

static void fill_vertex(struct gs_device *gs, struct gs_vertex *v, uint64_t xyz, int has_fog)
{
    uint64_t rgbaq = gs->regs[GS_RGBAQ], st = gs->regs[GS_ST], uv = gs->regs[GS_UV];
    union { uint32_t u; float f; } cvt;

    v->x = xyz & 0xffff;
    v->y = (xyz >> 16) & 0xffff;
    if (has_fog)
    {
        v->z = (xyz >> 32) & 0xffffff;
        v->fog = xyz >> 56;
    }
    else
    {
        v->z = xyz >> 32;
        v->fog = gs->regs[GS_FOG] >> 56;
    }
    v->r = rgbaq; v->g = rgbaq >> 8; v->b = rgbaq >> 16; v->a = rgbaq >> 24;
    cvt.u = rgbaq >> 32; v->q = cvt.f;
    cvt.u = (uint32_t)st; v->s = cvt.f;
    cvt.u = st >> 32; v->t = cvt.f;
    v->u = uv & 0x3fff;
    v->v = (uv >> 16) & 0x3fff;
}

static void vertex_kick(struct gs_device *gs, uint64_t xyz, int has_fog, int draw)
{
    uint64_t prim = gs->regs[GS_PRIM];
    unsigned int type = prim & 7, need = prim_vertex_count(type);
    struct gs_primitive p;

    if (!need)
    {
        WARN("Vertex with the prohibited primitive type 7 ignored.\n");
        gs->stats.errors++;
        return;
    }
    if (gs->queue_count >= need) gs->queue_count = need - 1;
    fill_vertex(gs, &gs->queue[gs->queue_count++], xyz, has_fog);
    gs->stats.vertices++;
    if (gs->queue_count < need) return;

    if (draw)
    {
        uint64_t attr = gs->regs[GS_PRMODECONT] & 1 ? prim : gs->regs[GS_PRMODE];
        memset(&p, 0, sizeof(p));
        p.type = type;
        p.attr = attr & 0x7f8;
        p.context = (attr >> 9) & 1;
        p.vertex_count = need;
        memcpy(p.v, gs->queue, need * sizeof(p.v[0]));
        gs->stats.primitives++;
        if (gs->sink.primitive) gs->sink.primitive(gs->sink.ctx, gs, &p);
    }

    /* What stays in the queue for the next vertex. */
    switch (type)
    {
        case GS_PRIM_LINESTRIP:
            gs->queue[0] = gs->queue[1];
            gs->queue_count = 1;
            break;
        case GS_PRIM_TRISTRIP:
            gs->queue[0] = gs->queue[1];
            gs->queue[1] = gs->queue[2];
            gs->queue_count = 2;
            break;
        case GS_PRIM_TRIFAN:
            gs->queue[1] = gs->queue[2];
            gs->queue_count = 2;
            break;
        default:
            gs->queue_count = 0;
            break;
    }
}

static void flush_sink(struct gs_device *gs)
{
    if (gs->sink.flush) gs->sink.flush(gs->sink.ctx, gs);
}

int gs_device_write_register(struct gs_device *gs, unsigned int reg, uint64_t value)
{
    if (!gs_register_known(reg))
    {
        WARN("Unknown GS register %#x (value %#llx) refused.\n", reg, (unsigned long long)value);
        gs->stats.errors++;
        return -1;
    }
    gs->stats.register_writes++;
    TRACE("%s = %#llx\n", gs_register_name(reg), (unsigned long long)value);
    switch (reg)
    {
        case GS_XYZ2: case GS_XYZF2: case GS_XYZ3: case GS_XYZF3:
            gs->regs[reg] = value;
            vertex_kick(gs, value, reg == GS_XYZF2 || reg == GS_XYZF3, reg == GS_XYZ2 || reg == GS_XYZF2);
            return 0;
        case GS_RGBAQ: case GS_ST: case GS_UV: case GS_FOG:
            /* Vertex data: no effect on how primitives are drawn. */
            gs->regs[reg] = value;
            return 0;
        case GS_PRIM:
            /* The queue restarts even when the value is the same. */
            if ((value & 0x7ff) != gs->regs[reg]) flush_sink(gs);
            gs->regs[reg] = value & 0x7ff;
            gs->queue_count = 0;
            return 0;
        case GS_TRXDIR:
            gs->regs[reg] = value & 3;
            flush_sink(gs);
            gs_transfer_start(gs, value & 3);
            return 0;
        case GS_TEX0_1: case GS_TEX0_2:
        {
            /* TEX2 and TEX0 share fields; CLD decides CLUT loading (the
             * CLUT is read from memory at draw time here, so loading is
             * implicit). */
            if (gs->regs[reg] == value) return 0;
            flush_sink(gs);
            gs->regs[reg] = value;
            return 0;
        }
        case GS_TEX2_1: case GS_TEX2_2:
        {
            /* Writes only PSM and the CLUT fields of TEX0. */
            unsigned int tex0 = reg == GS_TEX2_1 ? GS_TEX0_1 : GS_TEX0_2;
            uint64_t mask = ((uint64_t)0x3f << 20) | ~(((uint64_t)1 << 37) - 1);
            flush_sink(gs);
            gs->regs[reg] = value;
            gs->regs[tex0] = (gs->regs[tex0] & ~mask) | (value & mask);
            return 0;
        }
        case GS_SIGNAL: case GS_FINISH: case GS_LABEL: case GS_TEXFLUSH:
            gs->regs[reg] = value;
            return 0;
        default:
            /* The driver resends whole registers; an unchanged value
             * changes nothing and keeps the batch going. */
            if (gs->regs[reg] == value) return 0;
            flush_sink(gs);
            gs->regs[reg] = value;
            return 0;
    }
}

/* PACKED mode: one quadword for one register descriptor. */
static void packed_write(struct gs_device *gs, unsigned int desc, uint64_t lo, uint64_t hi)
{
    union { uint32_t u; float f; } cvt;

    switch (desc)
    {
        case GS_PRIM:
            gs_device_write_register(gs, GS_PRIM, lo & 0x7ff);
            break;
        case GS_RGBAQ:
        {
            uint64_t v = (lo & 0xff) | ((lo >> 32) & 0xff) << 8 | (hi & 0xff) << 16 | ((hi >> 32) & 0xff) << 24;
            cvt.f = gs->internal_q;
            gs_device_write_register(gs, GS_RGBAQ, v | (uint64_t)cvt.u << 32);
            break;
        }
        case GS_ST:
            cvt.u = (uint32_t)hi;
            gs->internal_q = cvt.f;
            gs_device_write_register(gs, GS_ST, lo);
            break;
        case GS_UV:
            gs_device_write_register(gs, GS_UV, (lo & 0x3fff) | ((lo >> 32) & 0x3fff) << 16);
            break;
        case GS_XYZF2:
        {
            uint64_t v = (lo & 0xffff) | ((lo >> 32) & 0xffff) << 16 | ((hi >> 4) & 0xffffff) << 32
                    | ((hi >> 36) & 0xff) << 56;
            gs_device_write_register(gs, (hi >> 47) & 1 ? GS_XYZF3 : GS_XYZF2, v);
            break;
        }
        case GS_XYZ2:
        {
            uint64_t v = (lo & 0xffff) | ((lo >> 32) & 0xffff) << 16 | (hi & 0xffffffff) << 32;
            gs_device_write_register(gs, (hi >> 47) & 1 ? GS_XYZ3 : GS_XYZ2, v);
            break;
        }
        case GS_FOG:
            gs_device_write_register(gs, GS_FOG, ((hi >> 36) & 0xff) << 56);
            break;
        case GS_GIF_REG_AD:
            gs_device_write_register(gs, hi & 0xff, lo);
            break;
        case GS_GIF_REG_NOP:
            break;
        case 0x0b:
            WARN("Reserved PACKED descriptor 0xb skipped.\n");
            gs->stats.errors++;
            break;
        default: /* TEX0_1/2, CLAMP_1/2, XYZF3, XYZ3: the low 64 bits as they are */
            gs_device_write_register(gs, desc, lo);
            break;
    }
}

int gs_device_process(struct gs_device *gs, const uint64_t *qw, size_t count)
{
    size_t i = 0;

    gs->stats.packets++;
    while (i < count)
    {
        uint64_t tag = qw[i * 2], regs = qw[i * 2 + 1];
        unsigned int nloop = tag & 0x7fff, eop = (tag >> 15) & 1, pre = (tag >> 46) & 1;
        unsigned int flg = (tag >> 58) & 3, nreg = (tag >> 60) & 0xf;
        size_t need, j;

        if (!nreg) nreg = 16;
        gs->stats.giftags++;
        ++i;
        switch (flg)
        {
            case GS_GIF_PACKED: need = (size_t)nloop * nreg; break;
            case GS_GIF_REGLIST: need = ((size_t)nloop * nreg + 1) / 2; break;
            default: need = nloop; break;  /* IMAGE (and the disabled mode, treated as IMAGE) */
        }
        if (need > count - i)
        {
            WARN("GIF tag %#llx:%#llx needs %lu quadwords, %lu left: packet refused.\n",
                    (unsigned long long)tag, (unsigned long long)regs, (unsigned long)need, (unsigned long)(count - i));
            gs->stats.errors++;
            return -1;
        }
        /* Q starts at 1.0 for every tag. */
        gs->internal_q = 1.0f;
        if (flg == GS_GIF_PACKED)
        {
            if (pre) gs_device_write_register(gs, GS_PRIM, (tag >> 47) & 0x7ff);
            for (j = 0; j < need; ++j)
            {
                unsigned int desc = (regs >> ((j % nreg) * 4)) & 0xf;
                packed_write(gs, desc, qw[(i + j) * 2], qw[(i + j) * 2 + 1]);
            }
        }
        else if (flg == GS_GIF_REGLIST)
        {
            size_t n = (size_t)nloop * nreg;
            for (j = 0; j < n; ++j)
            {
                unsigned int desc = (regs >> ((j % nreg) * 4)) & 0xf;
                uint64_t v = qw[(i + j / 2) * 2 + (j & 1)];
                if (desc == GS_GIF_REG_AD || desc == GS_GIF_REG_NOP) continue;
                gs_device_write_register(gs, desc, v);
            }
        }
        else
        {
            if (flg == GS_GIF_DISABLED) WARN("GIF tag with FLG 3 treated as IMAGE.\n");
            gs->stats.image_qwords += need;
            if (need && gs_transfer_data(gs, (const uint8_t *)&qw[i * 2], need * 16) < 0)
                gs->stats.errors++;
        }
        i += need;
        /* EOP ends a packet; what follows is the next packet's tag. */
        if (eop) TRACE("End of packet at quadword %lu.\n", (unsigned long)i);
    }
    return 0;
}
