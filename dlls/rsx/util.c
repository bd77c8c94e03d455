/*
 * RSX front end: text buffers and float literals shared by the
 * disassembler and the GLSL translators.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsx_private.h"

void rsx_buffer_init(struct rsx_buffer *b)
{
    memset(b, 0, sizeof(*b));
}

void rsx_buffer_printf(struct rsx_buffer *b, const char *format, ...)
{
    va_list args;
    int n;

    if (b->failed)
        return;
    for (;;)
    {
        size_t room = b->capacity - b->size;
        va_start(args, format);
        n = vsnprintf(b->data ? b->data + b->size : NULL, b->data ? room : 0, format, args);
        va_end(args);
        if (n < 0)
        {
            b->failed = 1;
            return;
        }
        if (b->data && (size_t)n < room)
        {
            b->size += n;
            return;
        }
        {
            size_t capacity = b->capacity ? b->capacity : 1024;
            char *grown;
            while (capacity < b->size + n + 1)
                capacity *= 2;
            if (!(grown = realloc(b->data, capacity)))
            {
                b->failed = 1;
                return;
            }
            b->data = grown;
            b->capacity = capacity;
        }
    }
}

char *rsx_buffer_take(struct rsx_buffer *b)
{
    char *s = b->data;

    if (b->failed || !s)
    {
        free(s);
        rsx_buffer_init(b);
        return NULL;
    }
    rsx_buffer_init(b);
    return s;
}

/* GLSL has no hexadecimal floats: finite values print with %.9g (which
 * reads back to the same float), the others through their bits. */
void rsx_float_literal(char out[48], uint32_t bits)
{
    float f;

    memcpy(&f, &bits, 4);
    if (isfinite(f))
    {
        char *p;
        snprintf(out, 48, "%.9g", f);
        for (p = out; *p; ++p)
            if (*p == '.' || *p == 'e' || *p == 'n' || *p == 'i')
                return;
        strcat(out, ".0");
    }
    else
        snprintf(out, 48, "uintBitsToFloat(0x%08xu)", bits);
}

void rsx_glsl_free(struct rsx_glsl *glsl)
{
    if (!glsl)
        return;
    free(glsl->body);
    memset(glsl, 0, sizeof(*glsl));
}
