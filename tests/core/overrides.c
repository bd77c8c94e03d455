/*
 * The quality overrides of the settings that the core applies: the
 * frame-rate limit (pace.c), the vsync choice, texture filtering, automatic
 * mip maps, forced MSAA and the resolution scale (supersample.c).
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


/* A device of 64x64 with a 24-bit depth buffer, made with a setting. */
static struct wined3d_device *create_ds_with(const char *variable, const char *value)
{
    struct wined3d_device *device;

    if (variable) setenv(variable, value, 1);
    dx7gl_config_reset(NULL);
    device = create_device_ex(64, 64, WINED3DFMT_D24S8, 0);
    if (variable) unsetenv(variable);
    dx7gl_config_reset(NULL);
    return device;
}

/* The render target's pixels through a Lock, and its size. */
static void lock_target(struct wined3d_device *device, uint32_t *pixels, uint32_t *w, uint32_t *h)
{
    struct wined3d_texture *rt = wined3d_device_get_render_target(device, NULL);
    struct wined3d_map_desc map;
    unsigned int y;

    wined3d_texture_get_level_size(rt, 0, w, h);
    assert_int_equal(wined3d_texture_map(rt, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    for (y = 0; y < *h; ++y)
        memcpy(pixels + y * *w, (const uint8_t *)map.data + y * map.row_pitch, *w * 4);
    assert_int_equal(wined3d_texture_unmap(rt, 0), WINED3D_OK);
}

/* Pixels whose green is neither 0 nor 255: edge coverage. */
static unsigned int partial_pixels(const uint32_t *pixels, unsigned int count)
{
    unsigned int i, n = 0, g;

    for (i = 0; i < count; ++i)
    {
        g = (pixels[i] >> 8) & 0xff;
        if (g && g != 255) ++n;
    }
    return n;
}

/* A white slanted triangle on black, z-tested against a cleared depth
 * buffer; returns the pixels with edge coverage between 0 and 255. */
static unsigned int slanted_triangle(struct wined3d_device *device, uint32_t *pixels)
{
    struct tl_vertex v[3] =
    {
        {6.0f, 4.0f, 0.5f, 1.0f, 0xffffffff}, {58.0f, 17.0f, 0.5f, 1.0f, 0xffffffff},
        {11.0f, 60.0f, 0.5f, 1.0f, 0xffffffff},
    };
    uint32_t w, h;

    assert_int_equal(wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER,
            0xff000000, 1.0f, 0), WINED3D_OK);
    wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, WINED3D_ZB_TRUE);
    assert_int_equal(wined3d_device_set_fvf(device, TL_FVF), WINED3D_OK);
    assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 3, sizeof(v[0])),
            WINED3D_OK);
    lock_target(device, pixels, &w, &h);
    /* The program's size, whatever the target was drawn at. */
    assert_int_equal(w, 64);
    assert_int_equal(h, 64);
    /* Inside and outside. */
    assert_int_equal(pixels[30 * 64 + 20] & 0xffffff, 0xffffff);
    assert_int_equal(pixels[60 * 64 + 60] & 0xffffff, 0x000000);
    return partial_pixels(pixels, 64 * 64);
}

/* msaa = 4: the triangle's edges have coverage between 0 and 255 in what a
 * Lock and a blit read; without, none. */
static void test_msaa(void **state)
{
    static uint32_t pixels[64 * 64];
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, 0, 64, 64, 1};
    struct wined3d_device *device;
    struct wined3d_texture *copy;
    struct wined3d_map_desc map;
    unsigned int off, on, y, n;

    device = create_ds_with(NULL, NULL);
    assert_int_equal(device->ss_samples, 0);
    off = slanted_triangle(device, pixels);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);

    device = create_ds_with("DX7GL_MSAA", "4");
    assert_int_equal(device->ss_samples, 4);
    assert_non_null(wined3d_device_get_render_target(device, NULL)->draw_copy);
    on = slanted_triangle(device, pixels);
    /* A blit out of the target sees the resolved pixels too. */
    assert_int_equal(wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0), WINED3D_OK);
    slanted_triangle(device, pixels);
    desc.usage = 0;
    assert_int_equal(wined3d_texture_create(device, &desc, &copy), WINED3D_OK);
    assert_int_equal(wined3d_texture_blt(copy, 0, NULL, wined3d_device_get_render_target(device, NULL), 0, NULL,
            0, NULL, WINED3D_TEXF_POINT), WINED3D_OK);
    assert_int_equal(wined3d_texture_map(copy, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
    for (y = 0; y < 64; ++y)
        memcpy(pixels + y * 64, (const uint8_t *)map.data + y * map.row_pitch, 64 * 4);
    wined3d_texture_unmap(copy, 0);
    n = partial_pixels(pixels, 64 * 64);
    wined3d_texture_destroy(copy);
    assert_no_gl_error(device);
    wined3d_device_destroy(device);
    print_message("edge pixels with partial coverage: msaa off %u, 4x %u (blit %u)\n", off, on, n);
    assert_int_equal(off, 0);
    assert_true(on >= 60);
    assert_int_equal(n, on);
}

/* resolution_scale = 2: the target is drawn at 128x128 and read at 64x64,
 * so the triangle's edges come out with partial coverage (2x2 samples a
 * pixel); a quad lands on the same pixels as at scale 1 (viewport), a clear
 * rectangle and the scissor rectangle keep their places, a point covers
 * a pixel's area, and a present shows the 128x128 picture. */
static void test_resolution_scale(void **state)
{
    static uint32_t pixels[64 * 64], shown[128 * 128];
    struct wined3d_texture_desc desc = {WINED3D_RTYPE_TEXTURE_2D, WINED3DFMT_A8R8G8B8, WINED3D_USAGE_RENDERTARGET,
            128, 128, 1};
    struct wined3d_rect rect = {0, 0, 20, 64};
    struct tl_vertex point = {40.0f, 40.0f, 0.5f, 1.0f, 0xffffffff};
    struct wined3d_device *device;
    struct wined3d_texture *window;
    struct wined3d_map_desc map;
    unsigned int scale, off = 0, on = 0, x, y, split = 0;

    for (scale = 1; scale <= 2; ++scale)
    {
        device = create_ds_with("DX7GL_RESOLUTION_SCALE", scale == 1 ? "1" : "2");
        assert_int_equal(device->ss_scale, scale);
        if (scale == 1) off = slanted_triangle(device, pixels);
        else on = slanted_triangle(device, pixels);

        /* A quad from 16 to 48: the same pixels at both scales. */
        assert_int_equal(wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET, 0xff000000, 1.0f, 0), WINED3D_OK);
        wined3d_device_set_render_state(device, WINED3D_RS_ZENABLE, WINED3D_ZB_FALSE);
        draw_quad(device, 16, 16, 48, 48, 0xff00ff00, 0.5f);
        assert_int_equal(read_pixel(device, 16, 16), 0xff00ff00);
        assert_int_equal(read_pixel(device, 47, 47), 0xff00ff00);
        assert_int_equal(read_pixel(device, 15, 16), 0xff000000);
        assert_int_equal(read_pixel(device, 48, 47), 0xff000000);

        /* A clear rectangle and the scissor rectangle. */
        assert_int_equal(wined3d_device_clear(device, 1, &rect, WINED3DCLEAR_TARGET, 0xffff0000, 1.0f, 0), WINED3D_OK);
        rect.left = 0; rect.top = 0; rect.right = 10; rect.bottom = 10;
        wined3d_device_set_scissor_rect(device, &rect);
        wined3d_device_set_render_state(device, WINED3D_RS_SCISSORTESTENABLE, 1);
        draw_quad(device, 0, 0, 64, 64, 0xff0000ff, 0.5f);
        wined3d_device_set_render_state(device, WINED3D_RS_SCISSORTESTENABLE, 0);
        rect.right = 20; rect.bottom = 64;
        assert_int_equal(read_pixel(device, 9, 9), 0xff0000ff);
        assert_int_equal(read_pixel(device, 10, 9), 0xffff0000);
        assert_int_equal(read_pixel(device, 19, 30), 0xffff0000);
        assert_int_equal(read_pixel(device, 20, 30), 0xff00ff00);
        assert_int_equal(read_pixel(device, 50, 50), 0xff000000);

        /* A point covers one pixel's area: at scale 2 a point 2 pixels
         * wide, centred half a scaled pixel from the pixel's centre (the
         * shift of every primitive), so spread over the four pixels around
         * (40, 40) (blue: 0 on the green quad, 255 under the point). */
        assert_int_equal(wined3d_device_set_fvf(device, TL_FVF), WINED3D_OK);
        assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_POINTLIST, &point, 1, sizeof(point)),
                WINED3D_OK);
        {
            unsigned int blue = 0;
            for (y = 38; y <= 41; ++y)
                for (x = 38; x <= 41; ++x)
                    blue += read_pixel(device, x, y) & 0xff;
            assert_in_range(blue, 250, 260);
        }
        if (scale == 1)
            assert_int_equal(read_pixel(device, 40, 40), 0xffffffff);

        if (scale == 2)
        {
            /* Drawn again after the Locks: the present shows the scaled
             * picture pixel for pixel, whose 2x2 blocks are not all one
             * colour along the triangle's edges. */
            slanted_triangle(device, pixels);
            wined3d_device_clear(device, 0, NULL, WINED3DCLEAR_TARGET | WINED3DCLEAR_ZBUFFER, 0xff000000, 1.0f, 0);
            {
                struct tl_vertex v[3] =
                {
                    {6.0f, 4.0f, 0.5f, 1.0f, 0xffffffff}, {58.0f, 17.0f, 0.5f, 1.0f, 0xffffffff},
                    {11.0f, 60.0f, 0.5f, 1.0f, 0xffffffff},
                };
                assert_int_equal(wined3d_device_draw_primitive_up(device, WINED3D_PT_TRIANGLELIST, v, 3,
                        sizeof(v[0])), WINED3D_OK);
            }
            assert_int_equal(wined3d_texture_create(device, &desc, &window), WINED3D_OK);
            assert_int_equal(swapchain_present_to_texture(wined3d_device_get_swapchain(device, 0), NULL, 0, NULL,
                    WINED3D_PRESENT_POINT, window), WINED3D_OK);
            assert_int_equal(wined3d_texture_map(window, 0, NULL, WINED3D_MAP_READ, &map), WINED3D_OK);
            for (y = 0; y < 128; ++y)
                memcpy(shown + y * 128, (const uint8_t *)map.data + y * map.row_pitch, 128 * 4);
            wined3d_texture_unmap(window, 0);
            wined3d_texture_destroy(window);
            assert_int_equal(partial_pixels(shown, 128 * 128), 0);
            for (y = 0; y < 128; y += 2)
                for (x = 0; x < 128; x += 2)
                {
                    uint32_t a = shown[y * 128 + x];
                    if (shown[y * 128 + x + 1] != a || shown[(y + 1) * 128 + x] != a
                            || shown[(y + 1) * 128 + x + 1] != a)
                        ++split;
                }
            assert_int_equal(shown[60 * 128 + 40] & 0xffffff, 0xffffff);
            assert_int_equal(shown[120 * 128 + 120] & 0xffffff, 0x000000);
        }
        assert_no_gl_error(device);
        wined3d_device_destroy(device);
    }
    print_message("partial pixels: scale 1 %u, scale 2 %u; 2x2 blocks split in the present %u\n", off, on, split);
    assert_int_equal(off, 0);
    assert_true(on >= 60);
    assert_true(split >= 60);
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
        cmocka_unit_test(test_msaa),
        cmocka_unit_test(test_resolution_scale),
    };
    return cmocka_run_group_tests(tests, gl_group_setup, NULL);
}
