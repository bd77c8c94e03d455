/*
 * User settings: dx7gl.conf, the environment and built-in profiles.
 *
 * Every key has a value from, first found wins:
 *   1. the environment, DX7GL_<KEY> (the key in upper case);
 *   2. the configuration file's section named after the program
 *      ([Porsche.exe]; the name compared without case, ".exe" optional);
 *   3. the file's lines before any section (every program);
 *   4. the built-in profile of the program (libs/port/profile.c);
 *   5. the key's default.
 * The file is dx7gl.conf next to the program, or the one DX7GL_CONFIG names.
 * Unknown keys and values a key does not accept are reported once on the
 * "config" debug channel (an ERR, on by default) and ignored: the next
 * source down gives the value.  documentation/configuration.md lists the
 * keys.
 *
 * Everything is read once, on the first call; dx7gl_config_reset() reads it
 * again (tests).
 */
#ifndef DX7GL_CONFIG_H
#define DX7GL_CONFIG_H

#ifdef __cplusplus
extern "C" {
#endif

/* Where a key's value came from. */
enum dx7gl_config_source
{
    DX7GL_CONFIG_DEFAULT = 0,
    DX7GL_CONFIG_PROFILE,
    DX7GL_CONFIG_FILE,          /* the file's lines before any section */
    DX7GL_CONFIG_FILE_SECTION,  /* the program's section */
    DX7GL_CONFIG_ENV,
};

/* The value of a known key as text (its default when nothing sets it);
 * NULL for a key that does not exist. */
const char *dx7gl_config_string(const char *key);
/* A boolean or integer key's value (booleans read 0 or 1); 0 for others. */
int dx7gl_config_int(const char *key);
/* A size key ("WIDTHxHEIGHT"): 1 and the size when set, 0 when "off". */
int dx7gl_config_size(const char *key, unsigned int *width, unsigned int *height);
/* Whether a list key ("fps,draws") names item; "full" names every item. */
int dx7gl_config_has(const char *key, const char *item);
enum dx7gl_config_source dx7gl_config_source(const char *key);
/* The symptom the built-in profile entry for key fixes, when the program's
 * profile set it; NULL otherwise. */
const char *dx7gl_config_profile_reason(const char *key);

/* The program's file name without its directory ("Porsche.exe"). */
const char *dx7gl_config_program(void);
/* Reads the environment and the file again; program, when not NULL, stands
 * for the running program's path (tests). */
void dx7gl_config_reset(const char *program);

#ifdef __cplusplus
}
#endif

#endif
