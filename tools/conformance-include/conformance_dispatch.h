/*
 * tools/conformance's dispatcher, included at the top of each Wine
 * dlls/ddraw test file it builds. The tool rewrites every test call in the
 * file's START_TEST body as
 *     if (conformance_begin("test_x")) { test_x(); conformance_end(); }
 * on the same line (line numbers stay Wine's), and conformance_dispatch.c,
 * included at the end, decides which calls run:
 *     CONFORMANCE_ONLY=a,b   only these test functions (the rest are skipped)
 *     CONFORMANCE_FROM=c     c and every one after it (resuming after a crash)
 * and prints, for the tool to read, each function's counts from test.h's own
 * counters, a crash with the counts reached so far, and the process total.
 */
#ifndef DX7GL_CONFORMANCE_DISPATCH_H
#define DX7GL_CONFORMANCE_DISPATCH_H

#define STANDALONE
static int conformance_begin(const char *name);
static void conformance_end(void);

#endif
