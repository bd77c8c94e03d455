/*
 * glcount: one counting trampoline per GL entry point (x86_64 SysV).
 *
 * glcount_names.h is generated from the system's GL headers (every gl*
 * function of gl.h, glext.h and glcorearb.h, minus the ones glcount.c wraps
 * in C to detect redundant calls).  Each stub adds one to its counter and
 * jumps to the real function, so it works for any signature; the first call
 * of a stub whose real address is not known yet goes through the resolver,
 * with the argument registers saved around it.
 *
 * This file includes nothing: __COUNTER__ must count from 0 here, and the GL
 * headers' prototypes would clash with the stubs' names.
 */
#if defined(__x86_64__) && defined(__linux__)

/* Hidden, so the stubs may address them PC-relative from a shared object. */
__attribute__((visibility("hidden"))) unsigned long long glcount_stub_calls[4096];
__attribute__((visibility("hidden"))) void *glcount_stub_real[4096];
__attribute__((visibility("hidden"))) void glcount_resolve_stub(unsigned int index);

#define GLCOUNT_STR_(x) #x
#define GLCOUNT_STR(x) GLCOUNT_STR_(x)

#define GLCOUNT_STUB_(name, i) __asm__( \
    ".text\n" \
    ".globl " #name "\n" \
    ".type " #name ", @function\n" \
    #name ":\n" \
    "    lock incq glcount_stub_calls+8*" #i "(%rip)\n" \
    "    movq glcount_stub_real+8*" #i "(%rip), %rax\n" \
    "    testq %rax, %rax\n" \
    "    jz 1f\n" \
    "    jmp *%rax\n" \
    "1:  pushq %rdi\n    pushq %rsi\n    pushq %rdx\n    pushq %rcx\n    pushq %r8\n    pushq %r9\n" \
    "    subq $136, %rsp\n" \
    "    movdqu %xmm0, 0(%rsp)\n    movdqu %xmm1, 16(%rsp)\n    movdqu %xmm2, 32(%rsp)\n" \
    "    movdqu %xmm3, 48(%rsp)\n    movdqu %xmm4, 64(%rsp)\n    movdqu %xmm5, 80(%rsp)\n" \
    "    movdqu %xmm6, 96(%rsp)\n    movdqu %xmm7, 112(%rsp)\n" \
    "    movl $" #i ", %edi\n" \
    "    call glcount_resolve_stub\n" \
    "    movdqu 0(%rsp), %xmm0\n    movdqu 16(%rsp), %xmm1\n    movdqu 32(%rsp), %xmm2\n" \
    "    movdqu 48(%rsp), %xmm3\n    movdqu 64(%rsp), %xmm4\n    movdqu 80(%rsp), %xmm5\n" \
    "    movdqu 96(%rsp), %xmm6\n    movdqu 112(%rsp), %xmm7\n" \
    "    addq $136, %rsp\n" \
    "    popq %r9\n    popq %r8\n    popq %rcx\n    popq %rdx\n    popq %rsi\n    popq %rdi\n" \
    "    jmp *glcount_stub_real+8*" #i "(%rip)\n" \
    ".size " #name ", .-" #name "\n");
#define GLCOUNT_STUB(name, i) GLCOUNT_STUB_(name, i)

#define GLFN(name) GLCOUNT_STUB(name, __COUNTER__)
#include "glcount_names.h"
#undef GLFN

/* The names and addresses, in the same (sorted) order. */
#define GLFN(name) extern char name[];
#include "glcount_names.h"
#undef GLFN

__attribute__((visibility("hidden"))) const char *const glcount_stub_names[] =
{
#define GLFN(name) #name,
#include "glcount_names.h"
#undef GLFN
};

__attribute__((visibility("hidden"))) void *const glcount_stub_addresses[] =
{
#define GLFN(name) (void *)name,
#include "glcount_names.h"
#undef GLFN
};

__attribute__((visibility("hidden"))) const unsigned int glcount_stub_count =
        sizeof(glcount_stub_names) / sizeof(glcount_stub_names[0]);

#endif
