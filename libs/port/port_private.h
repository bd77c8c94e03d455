/*
 * libs/port's private header: what its files share.
 */
#ifndef DX7GL_PORT_PRIVATE_H
#define DX7GL_PORT_PRIVATE_H

/* One built-in default of one program (profile.c). */
struct port_profile_entry
{
    const char *program;    /* file name, compared without case */
    const char *key;
    const char *value;
    const char *symptom;    /* what goes wrong in that program without it */
};

/* The entries, ended by one whose program is NULL. */
extern const struct port_profile_entry port_profiles[];

#endif
