/*
 * gsplay: replays GIF packet streams through the GS adapter and writes
 * PNG frames.
 *
 * Stream container (little-endian), "GSPLAY" files:
 *   offset 0   8 bytes  magic "DX7GLGS1"
 *          8   u32      frame width in pixels (1..2048)
 *         12   u32      frame height in pixels (1..2048)
 *         16   u32      flags: bit 0 = show with the anti-flicker filter
 *         20   u32      reserved, 0
 *   then records up to the end of the file, each
 *              u32      type
 *              u32      length of the payload in bytes
 *              ...      payload
 *   type 1 GIF:     GIF data, a whole number of 16-byte quadwords, fed to
 *                   the GS as it is (tags, A+D, vertices, IMAGE data)
 *   type 2 FRAME:   no payload; the picture so far is written as a PNG
 *   type 3 COMMENT: text, ignored
 * Unknown record types are skipped; a record running past the end of the
 * file or a GIF record that is not whole quadwords is refused.
 */
#ifndef GSPLAY_H
#define GSPLAY_H

#include <stddef.h>
#include <stdint.h>

#define GSPLAY_MAGIC "DX7GLGS1"
#define GSPLAY_HEADER_SIZE 24
#define GSPLAY_FLAG_ANTI_FLICKER 0x1
enum gsplay_record { GSPLAY_GIF = 1, GSPLAY_FRAME = 2, GSPLAY_COMMENT = 3 };

struct gsplay_buffer
{
    uint8_t *data;
    size_t size, capacity;
};
int gsplay_buffer_append(struct gsplay_buffer *b, const void *data, size_t size);
int gsplay_append_record(struct gsplay_buffer *b, uint32_t type, const void *payload, size_t size);

/* demo.c: the built-in stream. */
int gsplay_build_demo(struct gsplay_buffer *stream);

#endif
