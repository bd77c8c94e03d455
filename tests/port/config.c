/*
 * The settings: dx7gl.conf sections, DX7GL_<KEY> variables, built-in
 * profiles, and what happens to unknown keys and bad values.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "dx7gl/config.h"
#include "dx7gl/debug.h"

static char dir[64];
static char program[128];

static const char * const variables[] =
{
    "DX7GL_CONFIG", "DX7GL_HUD", "DX7GL_FRAME_RATE_LIMIT", "DX7GL_VSYNC", "DX7GL_WINDOWED",
    "DX7GL_TEXTURE_FILTER", "DX7GL_ANISOTROPY", "DX7GL_MSAA", "DX7GL_RESOLUTION_SCALE",
    "DX7GL_AUTO_MIPMAPS", "DX7GL_DEPTH_BITS", "DX7GL_DISPLAY_MODE_ZERO", "DX7GL_STAGES",
};

static int setup(void **state)
{
    unsigned int i;

    strcpy(dir, "/tmp/dx7gl-config-XXXXXX");
    assert_non_null(mkdtemp(dir));
    for (i = 0; i < sizeof(variables) / sizeof(*variables); ++i) unsetenv(variables[i]);
    return 0;
}

static int teardown(void **state)
{
    char path[128];
    snprintf(path, sizeof(path), "%s/dx7gl.conf", dir);
    unlink(path);
    snprintf(path, sizeof(path), "%s/other.conf", dir);
    unlink(path);
    rmdir(dir);
    return 0;
}

static void write_file(const char *name, const char *text)
{
    char path[128];
    FILE *f;

    snprintf(path, sizeof(path), "%s/%s", dir, name);
    assert_non_null(f = fopen(path, "w"));
    fputs(text, f);
    fclose(f);
}

/* Reads the settings for dir/exe; returns how many lines the config
 * channel wrote to stderr meanwhile. */
static unsigned int load(const char *exe)
{
    char line[1024];
    unsigned int lines = 0;
    FILE *capture = tmpfile();
    int saved = dup(2);

    assert_non_null(capture);
    fflush(stderr);
    dup2(fileno(capture), 2);
    snprintf(program, sizeof(program), "%s/%s", dir, exe);
    dx7gl_config_reset(program);
    /* Asking again reports nothing more. */
    dx7gl_config_int("frame_rate_limit");
    dx7gl_config_string("hud");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(capture);
    while (fgets(line, sizeof(line), capture))
        if (strstr(line, ":config:")) ++lines;
    fclose(capture);
    return lines;
}

static void test_defaults(void **state)
{
    assert_int_equal(load("game.exe"), 0);
    assert_string_equal(dx7gl_config_program(), "game.exe");
    assert_string_equal(dx7gl_config_string("hud"), "");
    assert_int_equal(dx7gl_config_int("frame_rate_limit"), 0);
    assert_string_equal(dx7gl_config_string("vsync"), "app");
    assert_int_equal(dx7gl_config_int("resolution_scale"), 1);
    assert_int_equal(dx7gl_config_size("windowed", NULL, NULL), 0);
    assert_int_equal(dx7gl_config_source("msaa"), DX7GL_CONFIG_DEFAULT);
    assert_false(dx7gl_config_has("hud", "fps"));
    /* Keys that do not exist. */
    assert_null(dx7gl_config_string("no_such_key"));
    assert_null(dx7gl_config_string(NULL));
    assert_int_equal(dx7gl_config_int("no_such_key"), 0);
}

static void test_file_sections(void **state)
{
    unsigned int w = 0, h = 0;

    write_file("dx7gl.conf",
            "# every program\n"
            "frame_rate_limit = 60\n"
            "msaa=4\n"
            "\n"
            "[Other.exe]\n"
            "msaa = 8\n"
            "[GAME]\n"
            "  MSAA = 2  \n"
            "windowed = 800x600\n"
            "; a comment\n"
            "[game.exe]\n"
            "anisotropy = 16\n");
    assert_int_equal(load("Game.exe"), 0);
    assert_int_equal(dx7gl_config_int("frame_rate_limit"), 60);
    assert_int_equal(dx7gl_config_source("frame_rate_limit"), DX7GL_CONFIG_FILE);
    /* The program's section wins over the lines for every program, and
     * [GAME] and [game.exe] are both Game.exe's. */
    assert_int_equal(dx7gl_config_int("msaa"), 2);
    assert_int_equal(dx7gl_config_source("msaa"), DX7GL_CONFIG_FILE_SECTION);
    assert_int_equal(dx7gl_config_int("anisotropy"), 16);
    assert_int_equal(dx7gl_config_size("windowed", &w, &h), 1);
    assert_int_equal(w, 800);
    assert_int_equal(h, 600);

    /* Another program gets its own section. */
    assert_int_equal(load("other.EXE"), 0);
    assert_int_equal(dx7gl_config_int("msaa"), 8);
    assert_int_equal(dx7gl_config_int("anisotropy"), 0);
}

static void test_environment_wins(void **state)
{
    write_file("dx7gl.conf", "[game.exe]\nhud = fps\nvsync = on\n");
    setenv("DX7GL_HUD", "draws,glcalls", 1);
    assert_int_equal(load("game.exe"), 0);
    assert_int_equal(dx7gl_config_source("hud"), DX7GL_CONFIG_ENV);
    assert_true(dx7gl_config_has("hud", "draws"));
    assert_true(dx7gl_config_has("hud", "glcalls"));
    assert_false(dx7gl_config_has("hud", "fps"));
    assert_string_equal(dx7gl_config_string("vsync"), "on");
    /* A bad value in the environment is reported and the file's stays. */
    setenv("DX7GL_VSYNC", "sometimes", 1);
    assert_int_equal(load("game.exe"), 1);
    assert_string_equal(dx7gl_config_string("vsync"), "on");
    unsetenv("DX7GL_HUD");
    unsetenv("DX7GL_VSYNC");
}

static void test_config_variable(void **state)
{
    char path[128];

    write_file("dx7gl.conf", "msaa = 2\n");
    write_file("other.conf", "msaa = 4\n");
    snprintf(path, sizeof(path), "%s/other.conf", dir);
    setenv("DX7GL_CONFIG", path, 1);
    assert_int_equal(load("game.exe"), 0);
    assert_int_equal(dx7gl_config_int("msaa"), 4);
    /* A file that is not there is reported, once. */
    setenv("DX7GL_CONFIG", "/nonexistent/dx7gl.conf", 1);
    assert_int_equal(load("game.exe"), 1);
    assert_int_equal(dx7gl_config_int("msaa"), 0);
    unsetenv("DX7GL_CONFIG");
}

static void test_bad_lines(void **state)
{
    char text[2048];

    /* Each bad line is reported once and changes nothing. */
    snprintf(text, sizeof(text),
            "frobnicate = 1\n"          /* unknown key */
            "msaa = lots\n"             /* not a number */
            "anisotropy = 17\n"         /* out of range */
            "hud = fps,bogus\n"         /* an unknown item */
            "windowed = 0x600\n"        /* no size */
            "just words\n"              /* no = */
            "[broken\n"                 /* no ] */
            "resolution_scale = 2\n"    /* after a broken section: skipped, no report */
            "[other.exe]\n"
            "vsync = maybe\n"           /* another program's, still reported */
            "[game.exe]\n"
            "frame_rate_limit = 30\n"
            "%0600d\n"                  /* overlong */
            "texture_filter = linear\n", 0);
    write_file("dx7gl.conf", text);
    assert_int_equal(load("game.exe"), 9);
    assert_int_equal(dx7gl_config_int("msaa"), 0);
    assert_int_equal(dx7gl_config_int("anisotropy"), 0);
    assert_string_equal(dx7gl_config_string("hud"), "");
    assert_int_equal(dx7gl_config_size("windowed", NULL, NULL), 0);
    assert_int_equal(dx7gl_config_int("resolution_scale"), 1);
    assert_int_equal(dx7gl_config_int("frame_rate_limit"), 30);
    assert_string_equal(dx7gl_config_string("texture_filter"), "linear");

    /* Junk bytes and no newline at the end. */
    write_file("dx7gl.conf", "\x01\x02\xff=\xfe\n[\xff]\nmsaa=\x80");
    load("game.exe");
    assert_int_equal(dx7gl_config_int("msaa"), 0);
}

static void test_values(void **state)
{
    unsigned int w = 1, h = 1;

    setenv("DX7GL_AUTO_MIPMAPS", "Yes", 1);
    setenv("DX7GL_HUD", "full", 1);
    setenv("DX7GL_WINDOWED", "on", 1);
    setenv("DX7GL_TEXTURE_FILTER", "TRILINEAR", 1);
    assert_int_equal(load("game.exe"), 0);
    assert_int_equal(dx7gl_config_int("auto_mipmaps"), 1);
    assert_true(dx7gl_config_has("hud", "memory"));
    assert_true(dx7gl_config_has("hud", "version"));
    assert_false(dx7gl_config_has("hud", "full"));
    assert_false(dx7gl_config_has("hud", "nothing"));
    /* "on": windowed at the size the program asks for. */
    assert_int_equal(dx7gl_config_size("windowed", &w, &h), 1);
    assert_int_equal(w, 0);
    assert_int_equal(h, 0);
    assert_string_equal(dx7gl_config_string("texture_filter"), "trilinear");
    unsetenv("DX7GL_AUTO_MIPMAPS");
    unsetenv("DX7GL_HUD");
    unsetenv("DX7GL_WINDOWED");
    unsetenv("DX7GL_TEXTURE_FILTER");
}

static void test_profiles(void **state)
{
    /* Porsche Unleashed's built-in entries, each naming its symptom. */
    assert_int_equal(load("Porsche.exe"), 0);
    assert_int_equal(dx7gl_config_int("display_mode_zero"), 1);
    assert_int_equal(dx7gl_config_source("display_mode_zero"), DX7GL_CONFIG_PROFILE);
    assert_non_null(dx7gl_config_profile_reason("display_mode_zero"));
    assert_int_equal(dx7gl_config_int("auto_mipmaps"), 1);
    assert_string_equal(dx7gl_config_string("depth_bits"), "16");
    assert_null(dx7gl_config_profile_reason("msaa"));
    assert_int_equal(load("NFS5.EXE"), 0);
    assert_int_equal(dx7gl_config_int("display_mode_zero"), 1);

    /* Other programs get none of it. */
    assert_int_equal(load("game.exe"), 0);
    assert_int_equal(dx7gl_config_int("display_mode_zero"), 0);
    assert_null(dx7gl_config_profile_reason("display_mode_zero"));

    /* The file overrides the profile, the environment the file. */
    write_file("dx7gl.conf", "[Porsche.exe]\nauto_mipmaps = off\ndepth_bits = app\n");
    assert_int_equal(load("Porsche.exe"), 0);
    assert_int_equal(dx7gl_config_int("auto_mipmaps"), 0);
    assert_string_equal(dx7gl_config_string("depth_bits"), "app");
    assert_null(dx7gl_config_profile_reason("auto_mipmaps"));
    setenv("DX7GL_AUTO_MIPMAPS", "1", 1);
    assert_int_equal(load("Porsche.exe"), 0);
    assert_int_equal(dx7gl_config_int("auto_mipmaps"), 1);
    assert_int_equal(dx7gl_config_source("auto_mipmaps"), DX7GL_CONFIG_ENV);
    unsetenv("DX7GL_AUTO_MIPMAPS");
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_defaults, setup, teardown),
        cmocka_unit_test_setup_teardown(test_file_sections, setup, teardown),
        cmocka_unit_test_setup_teardown(test_environment_wins, setup, teardown),
        cmocka_unit_test_setup_teardown(test_config_variable, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_lines, setup, teardown),
        cmocka_unit_test_setup_teardown(test_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_profiles, setup, teardown),
    };

    /* The channel's ERRs on (the default), whatever the caller's DX7GL_DEBUG. */
    unsetenv("DX7GL_DEBUG");
    dx7gl_dbg_reset();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
