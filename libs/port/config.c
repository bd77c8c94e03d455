/*
 * User settings: dx7gl.conf, DX7GL_<KEY> variables and built-in profiles
 * (dx7gl/config.h says which wins).  Read once; a bad line is reported on
 * the "config" channel and changes nothing.
 */

#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <unistd.h>
#endif

#include "dx7gl/config.h"
#include "dx7gl/debug.h"
#include "port_private.h"

DX7GL_DEFAULT_DEBUG_CHANNEL(config);

enum key_type
{
    KEY_BOOL,
    KEY_INT,
    KEY_CHOICE, /* one of items */
    KEY_LIST,   /* comma-separated items, "full" for all, "" for none */
    KEY_SIZE,   /* "off", "on" (0x0) or WIDTHxHEIGHT */
};

struct key
{
    const char *name;
    enum key_type type;
    const char *def;
    int min, max;
    const char *items;  /* '|'-separated, for choices and lists */
};

/* documentation/configuration.md describes each; keep the two together. */
static const struct key keys[] =
{
    {"hud", KEY_LIST, "", 0, 0, "fps|frametime|draws|groups|glcalls|uploads|memory|version"},
    {"frame_rate_limit", KEY_INT, "0", 0, 1000, NULL},
    {"vsync", KEY_CHOICE, "app", 0, 0, "app|on|off"},
    {"windowed", KEY_SIZE, "off", 0, 0, NULL},
    {"texture_filter", KEY_CHOICE, "app", 0, 0, "app|point|linear|trilinear"},
    {"anisotropy", KEY_INT, "0", 0, 16, NULL},
    {"msaa", KEY_INT, "0", 0, 16, NULL},
    {"resolution_scale", KEY_INT, "1", 1, 8, NULL},
    {"auto_mipmaps", KEY_BOOL, "0", 0, 0, NULL},
    {"depth_bits", KEY_CHOICE, "app", 0, 0, "app|16|24|32"},
    {"display_mode_zero", KEY_BOOL, "0", 0, 0, NULL},
    {"virtual_modes", KEY_BOOL, "0", 0, 0, NULL},
    {"stages", KEY_CHOICE, "auto", 0, 0, "auto|generic|ops|baked"},
    {"hold_runs", KEY_BOOL, "1", 0, 0, NULL},
};
#define KEY_COUNT (sizeof(keys) / sizeof(keys[0]))
#define VALUE_SIZE 128

struct setting
{
    char value[VALUE_SIZE];
    enum dx7gl_config_source source;
    const char *reason;
};

static struct setting settings[KEY_COUNT];
static char program_name[512];
static int loaded;

static int name_equal(const char *a, const char *b, size_t len_b)
{
    size_t i;
    for (i = 0; i < len_b; ++i)
        if (!a[i] || tolower((unsigned char)a[i]) != tolower((unsigned char)b[i])) return 0;
    return !a[len_b];
}

static const struct key *find_key(const char *name, size_t len)
{
    unsigned int i;
    for (i = 0; i < KEY_COUNT; ++i)
        if (name_equal(keys[i].name, name, len)) return &keys[i];
    return NULL;
}

/* Whether item (len chars) is one of the '|'-separated items. */
static int item_known(const char *items, const char *item, size_t len)
{
    const char *p = items, *end;
    for (;;)
    {
        end = strchr(p, '|');
        if (!end) end = p + strlen(p);
        if ((size_t)(end - p) == len && !strncmp(p, item, len)) return 1;
        if (!*end) return 0;
        p = end + 1;
    }
}

/* Checks value for key and writes its normal form (lower case, numbers in
 * decimal); 0 when the key does not take it. */
static int normalise(const struct key *key, const char *value, char out[VALUE_SIZE])
{
    char text[VALUE_SIZE], *end;
    size_t len = strlen(value), i;
    long n;
    unsigned long w, h;

    if (len >= VALUE_SIZE) return 0;
    for (i = 0; i <= len; ++i) text[i] = (char)tolower((unsigned char)value[i]);
    switch (key->type)
    {
    case KEY_BOOL:
        if (!strcmp(text, "1") || !strcmp(text, "true") || !strcmp(text, "yes") || !strcmp(text, "on"))
            strcpy(out, "1");
        else if (!strcmp(text, "0") || !strcmp(text, "false") || !strcmp(text, "no") || !strcmp(text, "off"))
            strcpy(out, "0");
        else return 0;
        return 1;
    case KEY_INT:
        if (!len) return 0;
        n = strtol(text, &end, 10);
        if (*end || n < key->min || n > key->max) return 0;
        snprintf(out, VALUE_SIZE, "%ld", n);
        return 1;
    case KEY_CHOICE:
        if (!item_known(key->items, text, len)) return 0;
        strcpy(out, text);
        return 1;
    case KEY_LIST:
    {
        const char *p = text, *q;
        if (!strcmp(text, "full") || !strcmp(text, "1"))
        {
            strcpy(out, "full");
            return 1;
        }
        while (*p)
        {
            q = strchr(p, ',');
            if (!q) q = p + strlen(p);
            if (q == p || !item_known(key->items, p, q - p)) return 0;
            p = *q ? q + 1 : q;
        }
        if (len && text[len - 1] == ',') return 0;
        strcpy(out, text);
        return 1;
    }
    case KEY_SIZE:
        if (!strcmp(text, "off") || !strcmp(text, "0") || !strcmp(text, "on") || !strcmp(text, "1"))
        {
            strcpy(out, !strcmp(text, "on") || !strcmp(text, "1") ? "on" : "off");
            return 1;
        }
        if (!isdigit((unsigned char)text[0])) return 0;
        w = strtoul(text, &end, 10);
        if (*end != 'x' || !isdigit((unsigned char)end[1])) return 0;
        h = strtoul(end + 1, &end, 10);
        if (*end || !w || !h || w > 16384 || h > 16384) return 0;
        snprintf(out, VALUE_SIZE, "%lux%lu", w, h);
        return 1;
    }
    return 0;
}

/* Sets key from source unless a source that wins already did. */
static void offer(const struct key *key, const char *value, enum dx7gl_config_source source,
        const char *where, const char *reason)
{
    struct setting *s = &settings[key - keys];
    char normal[VALUE_SIZE];

    if (!normalise(key, value, normal))
    {
        ERR("%s: %s=\"%s\" is not a value the key takes; ignored.\n", where, key->name, value);
        return;
    }
    if (source < s->source) return;
    strcpy(s->value, normal);
    s->source = source;
    s->reason = reason;
}

static void set_program_name(const char *path)
{
    const char *base = path, *p;

    for (p = path; *p; ++p)
        if (*p == '/' || *p == '\\') base = p + 1;
    snprintf(program_name, sizeof(program_name), "%s", base);
}

/* The running program's full path, "" when it cannot be found. */
static void get_program_path(char *path, size_t size)
{
#ifdef _WIN32
    DWORD len = GetModuleFileNameA(NULL, path, (DWORD)size);
    if (!len || len >= size) path[0] = 0;
#else
    ssize_t len = readlink("/proc/self/exe", path, size - 1);
    path[len > 0 ? len : 0] = 0;
#endif
}

/* Whether a [section] name is the program's, with or without ".exe". */
static int section_matches(const char *name, size_t len)
{
    size_t plen = strlen(program_name), i;

    if (name_equal(program_name, name, len)) return 1;
    if (plen <= 4 || !name_equal(program_name + plen - 4, ".exe", 4) || len != plen - 4) return 0;
    for (i = 0; i < len; ++i)
        if (tolower((unsigned char)program_name[i]) != tolower((unsigned char)name[i])) return 0;
    return 1;
}

static char *trim(char *s)
{
    char *end;
    while (isspace((unsigned char)*s)) ++s;
    end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1])) --end;
    *end = 0;
    return s;
}

static void read_line(char *line, const char *file, unsigned int number, int *section)
{
    char where[600], *eq, *name, *value;
    const struct key *key;

    snprintf(where, sizeof(where), "%s:%u", file, number);
    line = trim(line);
    if (!*line || *line == '#' || *line == ';') return;
    if (*line == '[')
    {
        char *end = strchr(line, ']');
        if (!end || end[1])
        {
            ERR("%s: a section line is [program.exe]; ignored to the next section.\n", where);
            *section = -1;
            return;
        }
        name = trim(line + 1);
        *end = 0;
        name = trim(name);
        *section = section_matches(name, strlen(name)) ? 1 : -1;
        return;
    }
    if (!(eq = strchr(line, '=')))
    {
        ERR("%s: \"%s\" is no key = value line; ignored.\n", where, line);
        return;
    }
    *eq = 0;
    name = trim(line);
    value = trim(eq + 1);
    if (!(key = find_key(name, strlen(name))))
    {
        ERR("%s: unknown key \"%s\"; ignored.\n", where, name);
        return;
    }
    if (*section < 0)
    {
        /* Another program's line: still checked, so a typo shows. */
        char normal[VALUE_SIZE];
        if (!normalise(key, value, normal))
            ERR("%s: %s=\"%s\" is not a value the key takes; ignored.\n", where, key->name, value);
        return;
    }
    offer(key, value, *section ? DX7GL_CONFIG_FILE_SECTION : DX7GL_CONFIG_FILE, where, NULL);
}

static void read_file(const char *path, int must_exist)
{
    char line[512];
    unsigned int number = 0;
    int section = 0, skipping = 0;
    FILE *f;

    if (!(f = fopen(path, "r")))
    {
        if (must_exist) ERR("Cannot open %s (DX7GL_CONFIG); no file settings.\n", path);
        return;
    }
    TRACE("Reading %s for %s.\n", path, program_name);
    while (fgets(line, sizeof(line), f))
    {
        size_t len = strlen(line);
        int whole = len && (line[len - 1] == '\n' || feof(f));

        if (skipping)
        {
            skipping = !whole;
            continue;
        }
        ++number;
        if (!whole)
        {
            ERR("%s:%u: line longer than %u characters; ignored.\n", path, number, (unsigned int)sizeof(line) - 2);
            skipping = 1;
            continue;
        }
        read_line(line, path, number, &section);
    }
    fclose(f);
}

static void read_environment(void)
{
    char name[64], where[80];
    unsigned int i, j;
    const char *value;

    for (i = 0; i < KEY_COUNT; ++i)
    {
        strcpy(name, "DX7GL_");
        for (j = 0; keys[i].name[j]; ++j) name[6 + j] = (char)toupper((unsigned char)keys[i].name[j]);
        name[6 + j] = 0;
        if (!(value = getenv(name))) continue;
        snprintf(where, sizeof(where), "%s", name);
        offer(&keys[i], value, DX7GL_CONFIG_ENV, where, NULL);
    }
}

static void read_profile(void)
{
    const struct port_profile_entry *e;
    const struct key *key;

    for (e = port_profiles; e->program; ++e)
    {
        if (!name_equal(e->program, program_name, strlen(program_name))) continue;
        if ((key = find_key(e->key, strlen(e->key))))
            offer(key, e->value, DX7GL_CONFIG_PROFILE, "profile", e->symptom);
    }
}

static void load(const char *program)
{
    char path[512];
    const char *file = getenv("DX7GL_CONFIG");
    unsigned int i;

    for (i = 0; i < KEY_COUNT; ++i)
    {
        strcpy(settings[i].value, keys[i].def);
        settings[i].source = DX7GL_CONFIG_DEFAULT;
        settings[i].reason = NULL;
    }
    if (program) snprintf(path, sizeof(path), "%s", program);
    else get_program_path(path, sizeof(path));
    set_program_name(path);
    read_profile();
    if (file && *file)
        read_file(file, 1);
    else if (path[0])
    {
        /* dx7gl.conf in the program's directory. */
        size_t dir = strlen(path) - strlen(program_name);
        if (dir + sizeof("dx7gl.conf") <= sizeof(path))
        {
            strcpy(path + dir, "dx7gl.conf");
            read_file(path, 0);
        }
    }
    read_environment();
    loaded = 1;
}

static const struct setting *get(const char *name, const struct key **key)
{
    if (!name || !(*key = find_key(name, strlen(name)))) return NULL;
    if (!loaded) load(NULL);
    return &settings[*key - keys];
}

const char *dx7gl_config_string(const char *name)
{
    const struct key *key;
    const struct setting *s = get(name, &key);
    return s ? s->value : NULL;
}

int dx7gl_config_int(const char *name)
{
    const struct key *key;
    const struct setting *s = get(name, &key);
    if (!s || (key->type != KEY_BOOL && key->type != KEY_INT)) return 0;
    return atoi(s->value);
}

int dx7gl_config_size(const char *name, unsigned int *width, unsigned int *height)
{
    const struct key *key;
    const struct setting *s = get(name, &key);
    unsigned int w = 0, h = 0;

    if (!s || key->type != KEY_SIZE || !strcmp(s->value, "off")) return 0;
    if (strcmp(s->value, "on")) sscanf(s->value, "%ux%u", &w, &h);
    if (width) *width = w;
    if (height) *height = h;
    return 1;
}

int dx7gl_config_has(const char *name, const char *item)
{
    const struct key *key;
    const struct setting *s = get(name, &key);
    const char *p, *q;
    size_t len;

    if (!s || key->type != KEY_LIST || !item) return 0;
    len = strlen(item);
    if (!strcmp(s->value, "full")) return item_known(key->items, item, len);
    for (p = s->value; *p; p = *q ? q + 1 : q)
    {
        q = strchr(p, ',');
        if (!q) q = p + strlen(p);
        if ((size_t)(q - p) == len && !strncmp(p, item, len)) return 1;
    }
    return 0;
}

enum dx7gl_config_source dx7gl_config_source(const char *name)
{
    const struct key *key;
    const struct setting *s = get(name, &key);
    return s ? s->source : DX7GL_CONFIG_DEFAULT;
}

const char *dx7gl_config_profile_reason(const char *name)
{
    const struct key *key;
    const struct setting *s = get(name, &key);
    return s && s->source == DX7GL_CONFIG_PROFILE ? s->reason : NULL;
}

const char *dx7gl_config_program(void)
{
    if (!loaded) load(NULL);
    return program_name;
}

void dx7gl_config_reset(const char *program)
{
    load(program);
}
