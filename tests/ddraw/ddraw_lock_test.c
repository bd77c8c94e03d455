/*
 * ddraw's process-wide lock (dlls/ddraw/main.c): the first thread that takes
 * it becomes its bias owner and enters and leaves without atomic operations;
 * the first other thread revokes that for good.  These tests check mutual
 * exclusion (also at the moment of revocation, while the owner holds the
 * lock on its fast path), recursion on the fast path and across the
 * revocation, and that the bias goes away at the second thread's first lock.
 *
 * The lock's state is the process's, and only the first thread to lock is
 * ever biased, so each test runs in a child of fork() made before this
 * process ever took the lock.  A child that hangs is ended by alarm().
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <pthread.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "../../dlls/ddraw/ddraw_private.h"

/* ddraw_lock_bias_state's bits. */
#define BIAS_MINE    1u
#define BIAS_SET     2u
#define BIAS_REVOKED 4u
#define BIAS_FAST    8u

#define CHECK(cond) \
    do { if (!(cond)) { fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); _exit(1); } } while (0)

static void run_in_child(void (*body)(void))
{
    int status = 0;
    pid_t pid;

    pid = fork();
    assert_true(pid >= 0);
    if (!pid)
    {
        alarm(20);
        body();
        _exit(0);
    }
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

static void sleep_ms(unsigned int ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};

    nanosleep(&t, NULL);
}

/* A thread that takes the lock once, marks that it got in and leaves. */
struct taker
{
    pthread_t thread;
    int entered;            /* atomic */
    unsigned int state;     /* ddraw_lock_bias_state() inside */
    unsigned int *counter;  /* incremented under the lock, not atomic */
};

static void *taker_proc(void *arg)
{
    struct taker *t = arg;

    ddraw_lock();
    __atomic_store_n(&t->entered, 1, __ATOMIC_SEQ_CST);
    t->state = ddraw_lock_bias_state();
    if (t->counter)
        ++*t->counter;
    ddraw_unlock();
    return NULL;
}

static void taker_start(struct taker *t, unsigned int *counter)
{
    memset(t, 0, sizeof(*t));
    t->counter = counter;
    CHECK(!pthread_create(&t->thread, NULL, taker_proc, t));
}

static int taker_entered(struct taker *t)
{
    return __atomic_load_n(&t->entered, __ATOMIC_SEQ_CST);
}

/* The first thread's first lock sets the bias to it; the second thread's
 * first lock revokes it, and nothing sets it again. */
static void body_revocation(void)
{
    struct taker b, c;

    CHECK(ddraw_lock_bias_state() == 0);
    /* The first lock takes the word and claims the bias (natively it then
     * holds on the fast path already); the next ones are fast. */
    ddraw_lock();
    CHECK((ddraw_lock_bias_state() & ~BIAS_FAST) == (BIAS_MINE | BIAS_SET));
    ddraw_unlock();
    ddraw_lock();
    CHECK(ddraw_lock_bias_state() == (BIAS_MINE | BIAS_SET | BIAS_FAST));
    ddraw_unlock();
    CHECK(ddraw_lock_bias_state() == (BIAS_MINE | BIAS_SET));

    taker_start(&b, NULL);
    CHECK(!pthread_join(b.thread, NULL));
    CHECK(b.state == BIAS_REVOKED);
    CHECK(ddraw_lock_bias_state() == BIAS_REVOKED);

    ddraw_lock();
    CHECK(ddraw_lock_bias_state() == BIAS_REVOKED);
    ddraw_unlock();
    taker_start(&c, NULL);
    CHECK(!pthread_join(c.thread, NULL));
    CHECK(c.state == BIAS_REVOKED);
    CHECK(ddraw_lock_bias_state() == BIAS_REVOKED);
}

static void test_revocation(void **state)
{
    run_in_child(body_revocation);
}

/* The owner holds the lock on its fast path, twice over, when a second
 * thread asks for it: the second thread waits until the owner's outermost
 * unlock.  After the revocation the owner's recursion goes through the
 * word, and a third thread waits likewise. */
static void body_wait_at_revocation(void)
{
    unsigned int counter = 0;
    struct taker b, c;

    ddraw_lock();
    ddraw_unlock();
    ddraw_lock();
    ddraw_lock();
    CHECK(ddraw_lock_bias_state() == (BIAS_MINE | BIAS_SET | BIAS_FAST));
    taker_start(&b, &counter);
    sleep_ms(100);
    CHECK(!taker_entered(&b));
    ++counter;
    ddraw_unlock();
    sleep_ms(50);
    CHECK(!taker_entered(&b));
    ++counter;
    ddraw_unlock();
    CHECK(!pthread_join(b.thread, NULL));
    CHECK(taker_entered(&b));
    CHECK(counter == 3);
    CHECK(ddraw_lock_bias_state() == BIAS_REVOKED);

    ddraw_lock();
    ddraw_lock();
    ddraw_lock();
    taker_start(&c, &counter);
    sleep_ms(50);
    CHECK(!taker_entered(&c));
    ddraw_unlock();
    ddraw_unlock();
    sleep_ms(50);
    CHECK(!taker_entered(&c));
    ++counter;
    ddraw_unlock();
    CHECK(!pthread_join(c.thread, NULL));
    CHECK(counter == 5);
}

static void test_wait_at_revocation(void **state)
{
    run_in_child(body_wait_at_revocation);
}

/* Recursion on the fast path: after the outermost unlock the lock is free,
 * so another thread gets it at once (a depth or a fast_active left behind
 * would keep it waiting until alarm() ends the child). */
static void body_fast_recursion(void)
{
    unsigned int counter = 0, i;
    struct taker b;

    ddraw_lock();
    ddraw_unlock();
    for (i = 0; i < 3; ++i)
        ddraw_lock();
    CHECK(ddraw_lock_bias_state() == (BIAS_MINE | BIAS_SET | BIAS_FAST));
    for (i = 0; i < 3; ++i)
        ddraw_unlock();
    CHECK(ddraw_lock_bias_state() == (BIAS_MINE | BIAS_SET));
    taker_start(&b, &counter);
    CHECK(!pthread_join(b.thread, NULL));
    CHECK(counter == 1);
    CHECK(ddraw_lock_bias_state() == BIAS_REVOKED);
}

static void test_fast_recursion(void **state)
{
    run_in_child(body_fast_recursion);
}

/* Threads hammering lock, read, write, unlock on one plain counter; the
 * owner lets the others start a quarter into its run, so the revocation
 * falls in the middle of it, most likely while the owner is inside. */
#define HAMMER_ITERATIONS 20000
/* Most sections are short; every 16th is long, so that the owner is
 * inside one most of the time. */
#define HAMMER_STEPS(i) ((i) % 16 ? 16u : 16384u)
static unsigned int hammer_counter;
static int hammer_go;

static void hammer(int owner)
{
    unsigned int i, j, v;

    for (i = 0; i < HAMMER_ITERATIONS; ++i)
    {
        if (owner && i == HAMMER_ITERATIONS / 4)
            __atomic_store_n(&hammer_go, 1, __ATOMIC_RELEASE);
        ddraw_lock();
        if (!(i % 4))
            ddraw_lock();
        for (j = 0; j < HAMMER_STEPS(i); ++j)
        {
            v = hammer_counter;
            __asm__ __volatile__("" ::: "memory");  /* keep the read and the write apart */
            hammer_counter = v + 1;
        }
        if (!(i % 4))
            ddraw_unlock();
        ddraw_unlock();
    }
}

static void *hammer_proc(void *arg)
{
    while (!__atomic_load_n(&hammer_go, __ATOMIC_ACQUIRE))
        ;
    hammer(0);
    return NULL;
}

static void body_hammer(unsigned int threads)
{
    pthread_t t[8];
    unsigned int i;

    ddraw_lock();
    ddraw_unlock();
    for (i = 0; i < threads - 1; ++i)
        CHECK(!pthread_create(&t[i], NULL, hammer_proc, NULL));
    hammer(1);
    for (i = 0; i < threads - 1; ++i)
        CHECK(!pthread_join(t[i], NULL));
    CHECK(hammer_counter == threads * (HAMMER_ITERATIONS / 16) * (15 * HAMMER_STEPS(1) + HAMMER_STEPS(0)));
    CHECK(ddraw_lock_bias_state() == BIAS_REVOKED);
}

static void body_hammer2(void)
{
    body_hammer(2);
}

static void body_hammer4(void)
{
    body_hammer(4);
}

/* A lock that let the revoker in without waiting for the owner's section
 * shows here in about one run in three: so several runs. */
static void test_hammer(void **state)
{
    unsigned int i;

    for (i = 0; i < 6; ++i)
    {
        run_in_child(body_hammer2);
        run_in_child(body_hammer4);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_revocation),
        cmocka_unit_test(test_wait_at_revocation),
        cmocka_unit_test(test_fast_recursion),
        cmocka_unit_test(test_hammer),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
