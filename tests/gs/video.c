/*
 * Video modes, GS memory layout, display records, the fog curve, the
 * anti-flicker filter and the texture cache (seed 003).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "gs.h"

static void test_mode_table(void **state)
{
    unsigned int i, n1 = 0, n3 = 0, n203 = 0, n5 = 0, n101 = 0;
    struct gs_rw_video_mode m, m82;

    for (i = 0; i < GS_RW_VIDEO_MODE_COUNT; ++i)
    {
        assert_int_equal(gs_rw_get_video_mode(i, &m), 1);
        switch (m.flags)
        {
            case 0x1: ++n1; break;
            case 0x3: ++n3; break;
            case 0x203: ++n203; break;
            case 0x5: ++n5; assert_true(m.height == 224 || m.height == 256); break;
            case 0x101: ++n101; assert_true(m.height == 448 || m.height == 512); break;
            default: fail_msg("mode %u has flags %#x", i, m.flags);
        }
    }
    assert_int_equal(n1, 22);
    assert_int_equal(n3, 20);
    assert_int_equal(n203, 20);
    assert_int_equal(n5, 20);
    assert_int_equal(n101, 8);
    assert_int_equal(gs_rw_get_video_mode(90, &m), 0);

    assert_int_equal(gs_rw_get_video_mode(82, &m82), 1);
    assert_int_equal(m82.width, 640);
    assert_int_equal(m82.height, 448);
    assert_int_equal(m82.depth, 32);
    assert_int_equal(m82.flags, 0x203);
    assert_int_equal(m82.refresh, 60);
    assert_int_equal(m82.format, 0x500);
    /* 72 and 77 differ from 82 only in flags. */
    gs_rw_get_video_mode(72, &m);
    assert_int_equal(m.flags, 0x101);
    m.flags = m82.flags;
    assert_memory_equal(&m, &m82, sizeof(m));
    gs_rw_get_video_mode(77, &m);
    assert_int_equal(m.flags, 0x3);
    m.flags = m82.flags;
    assert_memory_equal(&m, &m82, sizeof(m));
    gs_rw_get_video_mode(87, &m);
    assert_int_equal(m.width, 640);
    assert_int_equal(m.height, 480);
    assert_int_equal(m.flags & (GS_RW_VM_INTERLACE | GS_RW_VM_FFINTERLACE | GS_RW_VM_FULLFRAME), 0);
}

static void test_reset_args(void **state)
{
    struct gs_rw_video_mode m;
    struct gs_reset_args a;
    unsigned int i;

    gs_rw_get_video_mode(82, &m);
    gs_rw_reset_args(&m, &a);
    assert_int_equal(a.mode, 0);
    assert_int_equal(a.interlace, 1);
    assert_int_equal(a.video, 2);
    assert_int_equal(a.field, 0);
    for (i = 0; i < GS_RW_VIDEO_MODE_COUNT; ++i)
    {
        gs_rw_get_video_mode(i, &m);
        gs_rw_reset_args(&m, &a);
        if (m.flags & (GS_RW_VM_FFINTERLACE | GS_RW_VM_FULLFRAME))
        {
            assert_int_equal(a.interlace, 1);
            assert_int_equal(a.field, 1);
        }
        else if (m.flags & GS_RW_VM_INTERLACE)
        {
            assert_int_equal(a.interlace, 1);
            assert_int_equal(a.field, 0);
        }
        else
        {
            assert_int_equal(a.interlace, 0);
            assert_int_equal(a.field, 1);
        }
    }
}

static void test_layout(void **state)
{
    struct gs_rw_video_mode m;
    struct gs_memory_layout l;
    struct gs_rw *rw;

    gs_rw_get_video_mode(82, &m);
    assert_int_equal(gs_rw_compute_layout(&m, 24, &l), 1);
    assert_int_equal(l.fbp[0], 0);
    assert_int_equal(l.fbp[1], 0x8c);
    assert_int_equal(l.zbp, 0x118);
    assert_int_equal(l.texture_start, 0xd2000);
    assert_int_equal(l.texture_memory_size, 753664);
    assert_int_equal(l.texture_memory_size, (0x100000 - 0xd2000) * 4);
    assert_int_equal(l.frame_1[1], 0x000a008c);
    assert_int_equal(l.zbuf_1, 0x31000118);
    assert_int_equal(gs_rw_create(82, 24, NULL, &rw), 0);
    assert_int_equal(gs_rw_texture_memory_size(rw), 753664);
    gs_rw_destroy(rw);
    /* 16-bit Z: half the Z pages, the cache starts earlier. */
    assert_int_equal(gs_rw_compute_layout(&m, 16, &l), 1);
    assert_int_equal(l.zbp, 0x118);
    assert_int_equal(l.zpsm, GS_PSMZ16S);
    assert_int_equal(l.texture_start, (0x118 + 70) * 2048);
    assert_int_equal(gs_rw_compute_layout(&m, 8, &l), 0);
}

static void test_display_records(void **state)
{
    struct gs_rw_video_mode m;
    struct gs_memory_layout l;
    struct gs_display_record r;

    gs_rw_get_video_mode(82, &m);
    gs_rw_compute_layout(&m, 24, &l);
    assert_int_equal(gs_rw_display_record(&m, &l, 0, &r), 1);
    assert_int_equal(r.pmode, 0x8067);
    assert_int_equal(r.smode2, 0x1);
    assert_true(r.dispfb2 == 0x0000080000001400ull);
    assert_true(r.display2 == 0x001be9ff0183227cull);
    /* Decoded: DX 636, DY 50, MAGH 3, DW 2559, DH 446; DBY 1. */
    assert_int_equal(gs_field(r.display2, 0, 12), 636);
    assert_int_equal(gs_field(r.display2, 12, 11), 50);
    assert_int_equal(gs_field(r.display2, 23, 4), 3);
    assert_int_equal(gs_field(r.display2, 32, 12), 2559);
    assert_int_equal(gs_field(r.display2, 44, 11), 446);
    assert_int_equal(gs_field(r.dispfb2, 43, 11), 1);
    /* Circuit 1: the same buffer from its first line, 448 lines. */
    assert_int_equal(gs_field(r.dispfb1, 43, 11), 0);
    assert_int_equal(gs_field(r.display1, 44, 11), 447);
    assert_int_equal(gs_field(r.dispfb1, 0, 9), 0);
    /* Buffer 1 at FBP 0x8c. */
    assert_int_equal(gs_rw_display_record(&m, &l, 1, &r), 1);
    assert_true(r.dispfb2 == 0x000008000000148cull);
    assert_int_equal(gs_rw_display_record(&m, &l, 2, &r), 0);
    /* Without 0x200 only one read circuit. */
    gs_rw_get_video_mode(77, &m);
    gs_rw_display_record(&m, &l, 0, &r);
    assert_int_equal(r.pmode & 3, 2);
    assert_int_equal(gs_field(r.dispfb2, 43, 11), 0);
}

static void test_fog_curve(void **state)
{
    /* level99: far 115, start 0.5. */
    assert_int_equal(gs_rw_fog_value(1.0f, 115.0f, 0.5f), 255);
    assert_int_equal(gs_rw_fog_value(57.5f, 115.0f, 0.5f), 255);
    assert_int_equal(gs_rw_fog_value(115.0f, 115.0f, 0.5f), 0);
    assert_int_equal(gs_rw_fog_value(200.0f, 115.0f, 0.5f), 0);
    assert_int_equal(gs_rw_fog_value(86.25f, 115.0f, 0.5f), 128);
    /* title screen: far 150. */
    assert_int_equal(gs_rw_fog_value(75.0f, 150.0f, 0.5f), 255);
    assert_int_equal(gs_rw_fog_value(112.5f, 150.0f, 0.5f), 128);
    assert_int_equal(gs_rw_fog_value(142.5f, 150.0f, 0.5f), 26);
}

static void test_anti_flicker(void **state)
{
    uint32_t img[4 * 3];
    unsigned int i;

    for (i = 0; i < 4; ++i)
    {
        img[i] = 0xff000000;        /* black line */
        img[4 + i] = 0xffffffff;    /* white line */
        img[8 + i] = 0xff000000;
    }
    gs_anti_flicker(img, 4, 3);
    /* Each line the average of itself and the next: a one-line white
     * line spreads over two output lines at half brightness. */
    assert_int_equal(img[0], 0xff808080);
    assert_int_equal(img[4], 0xff808080);
    assert_int_equal(img[8], 0xff000000);
}

static void test_texcache(void **state)
{
    struct gs_texcache *cache;
    struct gs_raster r[8];
    struct gs_texcache_counters c;
    const struct gs_raster *er;
    uint32_t addr, size;
    unsigned int i;

    /* A small cache of 10 units of 2048 words. */
    assert_int_equal(gs_texcache_create(0xd2000, 10 * 2048, &cache), 0);
    memset(r, 0, sizeof(r));
    for (i = 0; i < 8; ++i) r[i].size_words = 3000;  /* rounds to 4096 */
    assert_int_equal(gs_texcache_round(1), 2048);
    assert_int_equal(gs_texcache_round(2048), 2048);
    assert_int_equal(gs_texcache_round(3000), 4096);

    assert_int_equal(gs_texcache_find_upload(cache, &r[0]), 2);
    assert_int_equal(r[0].cache_address, 0xd2000);
    assert_int_equal(gs_texcache_find_upload(cache, &r[1]), 2);
    assert_int_equal(r[1].cache_address, 0xd2000 + 4096);
    assert_int_equal(gs_texcache_find_upload(cache, &r[0]), 1);   /* resident: a hit */
    assert_int_equal(gs_texcache_find_upload(cache, &r[2]), 2);
    assert_int_equal(gs_texcache_find_upload(cache, &r[3]), 2);
    assert_int_equal(r[3].cache_address, 0xd2000 + 3 * 4096);
    assert_int_equal(gs_texcache_resident_count(cache), 4);
    /* r[4] does not fit before the end (16384 + 4096 > 20480? no: fits exactly). */
    assert_int_equal(gs_texcache_find_upload(cache, &r[4]), 2);
    assert_int_equal(r[4].cache_address, 0xd2000 + 4 * 4096);
    /* r[5] wraps to the start and drops the oldest (r[0]) only. */
    assert_int_equal(gs_texcache_find_upload(cache, &r[5]), 2);
    assert_int_equal(r[5].cache_address, 0xd2000);
    assert_int_equal(r[0].resident, 0);
    assert_int_equal(r[1].resident, 1);
    gs_texcache_get_entry(cache, 0, &er, &addr, &size);
    assert_ptr_equal(er, &r[1]);
    gs_texcache_get_entry(cache, gs_texcache_resident_count(cache) - 1, &er, &addr, &size);
    assert_ptr_equal(er, &r[5]);
    assert_int_equal(size, 4096);

    /* Protected: r[1] is context 1's raster; r[6] would overwrite it. */
    gs_texcache_set_context_rasters(cache, &r[1], NULL);
    assert_int_equal(gs_texcache_find_upload(cache, &r[6]), 0);
    assert_int_equal(r[1].resident, 1);
    assert_int_equal(r[6].resident, 0);
    gs_texcache_set_context_rasters(cache, NULL, &r[1]);
    assert_int_equal(gs_texcache_find_upload(cache, &r[6]), 0);
    gs_texcache_set_context_rasters(cache, NULL, NULL);
    assert_int_equal(gs_texcache_find_upload(cache, &r[6]), 2);
    assert_int_equal(r[1].resident, 0);
    assert_int_equal(r[6].cache_address, 0xd2000 + 4096);

    /* Locked rasters are never placed; too big ones neither. */
    r[7].locked = 1;
    assert_int_equal(gs_texcache_find_upload(cache, &r[7]), 0);
    r[7].locked = 0;
    r[7].size_words = 11 * 2048;
    assert_int_equal(gs_texcache_find_upload(cache, &r[7]), 0);

    gs_texcache_get_counters(cache, 1, &c);
    assert_int_equal(c.uploads, 7);
    assert_int_equal(c.evictions, 2);
    assert_int_equal(c.hits, 1);
    assert_int_equal(c.refused, 4);
    assert_int_equal(c.words_sent, 7 * 3000);
    gs_texcache_end_frame(cache);
    gs_texcache_get_counters(cache, 1, &c);
    assert_int_equal(c.uploads, 0);
    gs_texcache_get_counters(cache, 0, &c);
    assert_int_equal(c.uploads, 7);
    gs_texcache_remove(cache, &r[6]);
    assert_int_equal(r[6].resident, 0);
    gs_texcache_destroy(cache);
    assert_int_equal(r[5].resident, 0);
}

/* Every frame re-sends nearly every texture: a cache much smaller than the
 * frame's textures keeps only the latest. */
static void test_texcache_frame(void **state)
{
    struct gs_rw *rw;
    struct gs_texcache *cache;
    struct gs_raster r[300];
    struct gs_texcache_counters c;
    unsigned int i, frame;

    assert_int_equal(gs_rw_create(82, 24, NULL, &rw), 0);
    cache = gs_rw_get_texcache(rw);
    memset(r, 0, sizeof(r));
    for (i = 0; i < 300; ++i) r[i].size_words = 3600;
    for (frame = 0; frame < 2; ++frame)
    {
        for (i = 0; i < 300; ++i)
        {
            gs_texcache_set_context_rasters(cache, &r[i], NULL);
            assert_int_not_equal(gs_texcache_find_upload(cache, &r[i]), 0);
        }
        gs_texcache_get_counters(cache, 1, &c);
        assert_int_equal(c.uploads, 300);
        assert_int_equal(c.words_sent, 300 * 3600);
        gs_rw_flip(rw);
    }
    /* 188416 words / 4096 per raster = 46 resident. */
    assert_int_equal(gs_texcache_resident_count(cache), 46);
    gs_rw_destroy(rw);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_mode_table),
        cmocka_unit_test(test_reset_args),
        cmocka_unit_test(test_layout),
        cmocka_unit_test(test_display_records),
        cmocka_unit_test(test_fog_curve),
        cmocka_unit_test(test_anti_flicker),
        cmocka_unit_test(test_texcache),
        cmocka_unit_test(test_texcache_frame),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
