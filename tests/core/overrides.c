/*
 * The quality overrides of the settings that the core applies: the
 * frame-rate limit (pace.c) and the vsync choice.
 */
#include "config.h"

#include <time.h>

#include "core_test.h"
#include "dx7gl/config.h"

static struct wined3d_device *create_with(const char *variable, const char *value, uint32_t flags)
{
    struct wined3d_device *device;

    setenv(variable, value, 1);
    dx7gl_config_reset(NULL);
    device = create_device_ex(64, 64, WINED3DFMT_UNKNOWN, flags);
    unsetenv(variable);
    dx7gl_config_reset(NULL);
    return device;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* Six presents at 50 frames a second: five frame times of 20 ms at least;
 * every frame's picture is still drawn. */
static void test_frame_rate_limit(void **state)
{
    struct wined3d_device *device = create_with("DX7GL_FRAME_RATE_LIMIT", "50", 0);
    struct wined3d_swapchain *swapchain = wined3d_device_get_swapchain(device, 0);
    double start;
    unsigned int i;

    assert_int_equal(swapchain->frame_interval_us, 20000);
    start = now_ms();
    for (i = 0; i < 6; ++i)
    {
        draw_quad(device, 0, 0, 64, 64, 0xff000000 | (i * 40), 0.5f);
        assert_int_equal(wined3d_swapchain_present(swapchain, NULL, 0, NULL, 0), WINED3D_OK);
        assert_int_equal(read_pixel(device, 10, 10), 0xff000000 | (i * 40));
    }
    assert_true(now_ms() - start >= 99.0);
    wined3d_device_destroy(device);

    /* Off by default. */
    dx7gl_config_reset(NULL);
    device = create_device_ex(64, 64, WINED3DFMT_UNKNOWN, 0);
    assert_int_equal(wined3d_device_get_swapchain(device, 0)->frame_interval_us, 0);
    wined3d_device_destroy(device);
}

static void test_vsync(void **state)
{
    struct wined3d_device *device;

    device = create_with("DX7GL_VSYNC", "off", 0);
    assert_true(device->flags & WINED3D_DEVICE_NO_VSYNC);
    wined3d_device_destroy(device);
    device = create_with("DX7GL_VSYNC", "on", WINED3D_DEVICE_NO_VSYNC);
    assert_false(device->flags & WINED3D_DEVICE_NO_VSYNC);
    wined3d_device_destroy(device);
    /* "app" leaves the caller's choice. */
    device = create_with("DX7GL_VSYNC", "app", WINED3D_DEVICE_NO_VSYNC);
    assert_true(device->flags & WINED3D_DEVICE_NO_VSYNC);
    wined3d_device_destroy(device);
}

/* A 2x1 texture, black then white, stretched over 64 pixels with the
 * filters the program chose; returns the green channel at x. */
static unsigned int filtered(const char *setting, uint32_t program_filter, unsigned int x)
{
    static const uint32_t texels[2] = {0xff000000, 0xffffffff};
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 2, 1, 1};
    struct wined3d_device *device = create_with("DX7GL_TEXTURE_FILTER", setting, 0);
    struct tl_tex_vertex v[4] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 0.0f}, {64.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 0.0f},
        {0.0f, 64.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 1.0f}, {64.0f, 64.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 1.0f},
    };
    struct wined3d_texture *texture;
    unsigned int value;

    assert_int_equal(wined3d_texture_create(device, &desc, &texture), WINED3D_OK);
    assert_int_equal(wined3d_texture_upload_data(texture, 0, texels, sizeof(texels)), WINED3D_OK);
    wined3d_device_set_texture(device, 0, texture);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MAGFILTER, program_filter);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MINFILTER, program_filter);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_ADDRESSU, WINED3D_TADDRESS_CLAMP);
    assert_int_equal(wined3d_device_set_fvf(device, TL_TEX_FVF), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])),
            WINED3D_OK);
    value = (read_pixel(device, x, 10) >> 8) & 0xff;
    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(texture);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
    return value;
}

static void test_texture_filter(void **state)
{
    unsigned int v;

    /* Point sampling as the program asked: black or white, nothing between. */
    v = filtered("app", WINED3D_TEXF_POINT, 30);
    assert_true(v == 0 || v == 255);
    /* Bilinear forced: a ramp between the two texel centres (16 and 48). */
    v = filtered("linear", WINED3D_TEXF_POINT, 30);
    assert_in_range(v, 80, 150);
    v = filtered("trilinear", WINED3D_TEXF_POINT, 24);
    assert_in_range(v, 40, 100);
    /* Point forced on a program that asked for bilinear. */
    v = filtered("app", WINED3D_TEXF_LINEAR, 30);
    assert_in_range(v, 80, 150);
    v = filtered("point", WINED3D_TEXF_LINEAR, 30);
    assert_true(v == 0 || v == 255);
}

/* Vertical stripes, 8 texels a period, with every mip level, seen with v
 * squeezed 32 texels into a pixel and u one to one: an isotropic footprint
 * takes the level the squeeze asks for, where the stripes are grey; 16x
 * anisotropic filtering samples along v at a level that keeps them.
 * Returns the green channel's spread along a row. */
static unsigned int stripe_contrast(const char *anisotropy)
{
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 64, 64, 7};
    struct wined3d_device *device = create_with("DX7GL_ANISOTROPY", anisotropy, 0);
    struct tl_tex_vertex v[4] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 0.0f}, {64.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 0.0f},
        {0.0f, 16.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 8.0f}, {64.0f, 16.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 8.0f},
    };
    static uint32_t texels[64 * 64];
    unsigned int level, x, y, lo = 255, hi = 0;
    struct wined3d_texture *texture;

    assert_int_equal(wined3d_texture_create(device, &desc, &texture), WINED3D_OK);
    for (level = 0; level < 7; ++level)
    {
        unsigned int size = 64 >> level, step = 1u << level;
        for (y = 0; y < size; ++y)
            for (x = 0; x < size; ++x)
            {
                /* The box filter of level 0's stripes over the texel's footprint. */
                unsigned int k, white = 0, g;
                for (k = 0; k < step; ++k) white += ((x * step + k) / 4) % 2;
                g = white * 255 / step;
                texels[y * size + x] = 0xff000000 | g << 16 | g << 8 | g;
            }
        assert_int_equal(wined3d_texture_upload_data(texture, level, texels, size * 4), WINED3D_OK);
    }
    wined3d_device_set_texture(device, 0, texture);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MAGFILTER, WINED3D_TEXF_LINEAR);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MINFILTER, WINED3D_TEXF_LINEAR);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MIPFILTER, WINED3D_TEXF_LINEAR);
    assert_int_equal(wined3d_device_set_fvf(device, TL_TEX_FVF), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])),
            WINED3D_OK);
    for (x = 8; x < 56; ++x)
    {
        unsigned int g = (read_pixel(device, x, 8) >> 8) & 0xff;
        if (g < lo) lo = g;
        if (g > hi) hi = g;
    }
    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(texture);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
    return hi - lo;
}

static void test_anisotropy(void **state)
{
    unsigned int off, on;

    if (!GLEW_EXT_texture_filter_anisotropic && !GLEW_ARB_texture_filter_anisotropic)
    {
        /* Never a pass: this GL cannot show the override. */
        fail_msg("GL has no anisotropic filtering (GL_EXT/ARB_texture_filter_anisotropic)");
    }
    off = stripe_contrast("0");
    on = stripe_contrast("16");
    print_message("stripe contrast: anisotropy off %u, 16x %u\n", off, on);
    assert_true(off < 64);
    assert_true(on > 128);
}

/* A 64x64 texel checkerboard made without mip levels, minified about 7
 * times onto 9x9 pixels with point filtering as the program asked: level
 * 0's texels, black or white; with auto_mipmaps generated levels, grey.  Returns the spread of
 * the green channel over the quad. */
static unsigned int minified_spread(const char *auto_mipmaps)
{
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 64, 64, 1};
    struct wined3d_device *device = create_with("DX7GL_AUTO_MIPMAPS", auto_mipmaps, 0);
    struct tl_tex_vertex v[4] =
    {
        {0.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 0.0f}, {9.0f, 0.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 0.0f},
        {0.0f, 9.0f, 0.5f, 1.0f, 0xffffffff, 0.0f, 1.0f}, {9.0f, 9.0f, 0.5f, 1.0f, 0xffffffff, 1.0f, 1.0f},
    };
    static uint32_t texels[64 * 64];
    unsigned int x, y, lo = 255, hi = 0;
    struct wined3d_texture *texture;

    for (y = 0; y < 64; ++y)
        for (x = 0; x < 64; ++x)
            texels[y * 64 + x] = (x + y) % 2 ? 0xffffffff : 0xff000000;
    assert_int_equal(wined3d_texture_create(device, &desc, &texture), WINED3D_OK);
    /* The program sees the one level it made. */
    assert_int_equal(wined3d_texture_get_sub_resource_count(texture), 1);
    assert_int_equal(wined3d_texture_upload_data(texture, 0, texels, 64 * 4), WINED3D_OK);
    wined3d_device_set_texture(device, 0, texture);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MAGFILTER, WINED3D_TEXF_POINT);
    wined3d_device_set_texture_stage_state(device, 0, WINED3D_TSS_MINFILTER, WINED3D_TEXF_POINT);
    assert_int_equal(wined3d_device_set_fvf(device, TL_TEX_FVF), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLESTRIP, v, 4, sizeof(v[0])),
            WINED3D_OK);
    for (y = 0; y < 9; ++y)
        for (x = 0; x < 9; ++x)
        {
            unsigned int g = (read_pixel(device, x, y) >> 8) & 0xff;
            if (g < lo) lo = g;
            if (g > hi) hi = g;
        }
    /* Level 0 reads back as it was uploaded. */
    {
        struct wined3d_map_desc map;
        assert_int_equal(wined3d_texture_map(texture, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
        assert_int_equal(((const uint32_t *)map.data)[1], 0xffffffff);
        assert_int_equal(((const uint32_t *)map.data)[0], 0xff000000);
        wined3d_texture_unmap(texture, 0);
    }
    wined3d_device_set_texture(device, 0, NULL);
    wined3d_texture_destroy(texture);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
    print_message("auto_mipmaps=%s: spread %u (%u..%u)\n", auto_mipmaps, hi - lo, lo, hi);
    return hi - lo;
}

static void test_auto_mipmaps(void **state)
{
    assert_true(minified_spread("0") >= 250);
    assert_true(minified_spread("1") <= 8);
}

int main(void)
{
    static const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_frame_rate_limit),
        cmocka_unit_test(test_vsync),
        cmocka_unit_test(test_texture_filter),
        cmocka_unit_test(test_anisotropy),
        cmocka_unit_test(test_auto_mipmaps),
    };
    return cmocka_run_group_tests(tests, gl_group_setup, NULL);
}
