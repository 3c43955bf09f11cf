/*
 * Crash attribution for the plugin quarantine (docs/plugins.md, "Blame only the
 * guilty"). Each plugin gets a slot with the record the handler writes when
 * it is to blame; a thread-local mark says whose code a thread is running
 * (the daemon sets it around every call into a plugin); the plugin's
 * executable segments say whose code an instruction is in (for threads the
 * plugin started itself). The handler only reads memory and calls write(2)
 * and sigaction(2), both async-signal-safe.
 */
#define _GNU_SOURCE
#include "CLinux.h"

#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#define MAXIMUM_PLUGINS 1024
#define MAXIMUM_RANGES 4096

/* Immutable once published, and swapped whole, so the handler never pairs one record's bytes with another's length. */
typedef struct { size_t length; char bytes[]; } record;
typedef struct { uintptr_t start, end; int slot; } code_range;

static record *records[MAXIMUM_PLUGINS];
static int record_count;
static code_range ranges[MAXIMUM_RANGES];
static int range_count;
/* Initial-exec TLS in the executable: reading it in a signal handler is safe. */
static __thread int in_control = -1;

static int crash_marker_fd = -1;
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction previous_actions[CRASH_SIGNAL_COUNT];

static record *copy_record(const char *bytes, size_t length) {
    record *copy = malloc(sizeof(record) + length + 1);
    if (!copy) return NULL;
    memcpy(copy->bytes, bytes, length);
    copy->bytes[length] = '\n';
    copy->length = length + 1;
    return copy;
}

int clinux_plugin_register(const char *bytes, size_t length) {
    int slot = __atomic_load_n(&record_count, __ATOMIC_ACQUIRE);
    if (slot >= MAXIMUM_PLUGINS) return -1;
    __atomic_store_n(&records[slot], copy_record(bytes, length), __ATOMIC_RELEASE);
    /* Published after the record is in place: the handler reads only slots below the count. */
    __atomic_store_n(&record_count, slot + 1, __ATOMIC_RELEASE);
    return slot;
}

void clinux_plugin_relabel(int slot, const char *bytes, size_t length) {
    if (slot < 0 || slot >= __atomic_load_n(&record_count, __ATOMIC_ACQUIRE)) return;
    record *fresh = copy_record(bytes, length);
    if (!fresh) return;
    /* The old copy is never freed: a handler on another thread may be writing it. */
    __atomic_store_n(&records[slot], fresh, __ATOMIC_RELEASE);
}

typedef struct { uintptr_t base; int slot; int added; } segment_search;

static int add_segments(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    segment_search *search = data;
    if (info->dlpi_addr != search->base) return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X)) continue;
        int index = __atomic_load_n(&range_count, __ATOMIC_ACQUIRE);
        if (index >= MAXIMUM_RANGES) return 1;
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        ranges[index] = (code_range){ start, start + header->p_memsz, search->slot };
        __atomic_store_n(&range_count, index + 1, __ATOMIC_RELEASE);
        search->added++;
    }
    return 1;
}

int clinux_plugin_add_code(int slot, void *handle) {
    struct link_map *map = NULL;
    if (!handle || dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || !map) return -1;
    segment_search search = { (uintptr_t)map->l_addr, slot, 0 };
    dl_iterate_phdr(add_segments, &search);
    return search.added;
}

int clinux_plugin_enter(int slot) {
    int previous = in_control;
    in_control = slot;
    return previous;
}

void clinux_plugin_leave(int previous) {
    in_control = previous;
}

int clinux_plugin_in_control(void) {
    return in_control;
}

int clinux_plugin_owning(uintptr_t address) {
    int count = __atomic_load_n(&range_count, __ATOMIC_ACQUIRE);
    for (int i = 0; i < count; i++) {
        if (address >= ranges[i].start && address < ranges[i].end) return ranges[i].slot;
    }
    return -1;
}

/* The faulting instruction, and the return address that is sure to be readable: the
 * link register on arm64; on x86-64 the word at the stack pointer, read only when the
 * fault is not on the stack itself (an overflow would fault again in here). */
static void fault_addresses(const siginfo_t *info, const void *context, uintptr_t *pc, uintptr_t *caller) {
    *pc = 0;
    *caller = 0;
    const ucontext_t *state = context;
    if (!state) return;
#if defined(__x86_64__)
    *pc = (uintptr_t)state->uc_mcontext.gregs[REG_RIP];
    uintptr_t sp = (uintptr_t)state->uc_mcontext.gregs[REG_RSP];
    uintptr_t fault = (uintptr_t)info->si_addr;
    int on_stack = fault + 65536 > sp && fault < sp + 65536;
    if (sp && !(info->si_signo == SIGSEGV && on_stack)) *caller = *(const uintptr_t *)sp;
#elif defined(__aarch64__)
    (void)info;
    *pc = (uintptr_t)state->uc_mcontext.pc;
    *caller = (uintptr_t)state->uc_mcontext.regs[30];
#else
    (void)info;
#endif
}

static int guilty_slot(const siginfo_t *info, const void *context) {
    if (in_control >= 0) return in_control;
    uintptr_t pc, caller;
    fault_addresses(info, context, &pc, &caller);
    int slot = clinux_plugin_owning(pc);
    if (slot < 0 && caller) slot = clinux_plugin_owning(caller);
    return slot;
}

static void crash_marker_handler(int signal, siginfo_t *info, void *context) {
    static const char marker[] = "crash\n";
    if (crash_marker_fd >= 0) {
        ssize_t ignored = write(crash_marker_fd, marker, sizeof marker - 1);
        int slot = guilty_slot(info, context);
        if (slot >= 0 && slot < __atomic_load_n(&record_count, __ATOMIC_ACQUIRE)) {
            const record *blamed = __atomic_load_n(&records[slot], __ATOMIC_ACQUIRE);
            if (blamed) ignored = write(crash_marker_fd, blamed->bytes, blamed->length);
        }
        (void)ignored;
    }
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        if (crash_signals[i] != signal) continue;
        struct sigaction *previous = &previous_actions[i];
        if ((previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction) {
            sigaction(signal, previous, NULL);
            previous->sa_sigaction(signal, info, context);
            return;
        }
        if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN && previous->sa_handler) {
            sigaction(signal, previous, NULL);
            previous->sa_handler(signal);
            return;
        }
    }
    {
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigaction(signal, &fallback, NULL);
        raise(signal);
    }
}

int clinux_install_crash_marker(int fd) {
    crash_marker_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = crash_marker_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        if (sigaction(crash_signals[i], &action, &previous_actions[i]) != 0) return -1;
    }
    return 0;
}
