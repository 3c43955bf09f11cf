/*
 * hello.c — a complete Petal plugin in plain C.
 *
 * It provides one action, "hello.greet": given {"name": "Ann"} it answers
 * {"greeting": "Hello, Ann!"}. A missing name, or one that is not a string,
 * is an InvalidParams error that says what was wrong and what is expected.
 *
 * To show that it may, the plugin finishes every invocation from a thread
 * of its own: invoke() only starts the work and returns at once, and the
 * thread calls complete() exactly once.
 *
 * The JSON handling below is deliberately tiny and hand-written, so that the
 * example needs nothing but libc: it finds one string member of the top-level
 * parameters object and escapes one string for the result. It is not a
 * general JSON parser; a real plugin should use a JSON library (json-c,
 * jansson, cJSON, ...).
 *
 * Build:  make            (or: cc -shared -fPIC -I<dir of petal_plugin.h> -o libhello.so hello.c -lpthread)
 * Try:    petald --plugin-dir "$PWD"
 */
#include <petal_plugin.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The host table from init(); it stays valid until the process exits. */
static const petal_host *host;

static void say(petal_log_level level, const char *message) {
    if (host && host->log) host->log(host->context, level, message);
}

/* ---- A tiny JSON reader: just enough to find a string member. ---- */

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return p;
}

/* Skips the string starting at *p == '"'; returns the byte after its closing quote, or NULL. */
static const char *skip_string(const char *p) {
    for (p++; *p; p++) {
        if (*p == '\\') {
            if (!*++p) return NULL;
        } else if (*p == '"') {
            return p + 1;
        }
    }
    return NULL;
}

/* Skips any JSON value; returns the byte after it, or NULL when the text ends first. */
static const char *skip_value(const char *p) {
    p = skip_space(p);
    if (*p == '"') return skip_string(p);
    if (*p != '{' && *p != '[') {  /* a number, true, false or null */
        while (*p && !strchr(",}] \t\n\r", *p)) p++;
        return p;
    }
    int depth = 0;  /* an object or array: count brackets outside strings */
    while (*p) {
        if (*p == '"') {
            if (!(p = skip_string(p))) return NULL;
            continue;
        }
        if (*p == '{' || *p == '[') depth++;
        else if ((*p == '}' || *p == ']') && --depth == 0) return p + 1;
        p++;
    }
    return NULL;
}

/* Appends the UTF-8 encoding of code point c to out. */
static char *put_utf8(char *out, unsigned long c) {
    if (c < 0x80) {
        *out++ = (char)c;
    } else if (c < 0x800) {
        *out++ = (char)(0xC0 | (c >> 6));
        *out++ = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        *out++ = (char)(0xE0 | (c >> 12));
        *out++ = (char)(0x80 | ((c >> 6) & 0x3F));
        *out++ = (char)(0x80 | (c & 0x3F));
    } else {
        *out++ = (char)(0xF0 | (c >> 18));
        *out++ = (char)(0x80 | ((c >> 12) & 0x3F));
        *out++ = (char)(0x80 | ((c >> 6) & 0x3F));
        *out++ = (char)(0x80 | (c & 0x3F));
    }
    return out;
}

static int read_hex4(const char *p, unsigned long *value) {
    *value = 0;
    for (int i = 0; i < 4; i++) {
        char h = p[i];
        int digit = h >= '0' && h <= '9' ? h - '0'
                  : h >= 'a' && h <= 'f' ? h - 'a' + 10
                  : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (digit < 0) return -1;
        *value = *value * 16 + (unsigned long)digit;
    }
    return 0;
}

/* Decodes the JSON string at p (at its opening quote) into a new malloc'd C string. */
static char *decode_string(const char *p) {
    const char *end = skip_string(p);
    if (!end) return NULL;
    char *text = malloc((size_t)(end - p));  /* decoding never makes a string longer */
    if (!text) return NULL;
    char *out = text;
    for (p++; p < end - 1; p++) {
        if (*p != '\\') { *out++ = *p; continue; }
        switch (*++p) {
        case 'b': *out++ = '\b'; break;
        case 'f': *out++ = '\f'; break;
        case 'n': *out++ = '\n'; break;
        case 'r': *out++ = '\r'; break;
        case 't': *out++ = '\t'; break;
        case 'u': {
            unsigned long c, low;
            if (read_hex4(p + 1, &c) != 0) { free(text); return NULL; }
            p += 4;
            if (c >= 0xD800 && c < 0xDC00 && p[1] == '\\' && p[2] == 'u' && read_hex4(p + 3, &low) == 0
                && low >= 0xDC00 && low < 0xE000) {
                c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
                p += 6;
            }
            if (c == 0) { free(text); return NULL; }  /* no NUL inside a C string */
            out = put_utf8(out, c);
            break;
        }
        default: *out++ = *p; break;  /* \" \\ \/ */
        }
    }
    *out = '\0';
    return text;
}

/*
 * Looks up member `key` of the top-level object in `json`.
 * Returns 1 and a malloc'd copy in *value when it is a string, 0 when the
 * member is absent, and -1 when it is present but not a string (or the text
 * is not an object).
 */
static int find_string_member(const char *json, const char *key, char **value) {
    const char *p = skip_space(json);
    if (*p != '{') return -1;
    p = skip_space(p + 1);
    if (*p == '}') return 0;
    for (;;) {
        if (*p != '"') return -1;
        char *name = decode_string(p);
        if (!name || !(p = skip_string(p))) { free(name); return -1; }
        int match = strcmp(name, key) == 0;
        free(name);
        p = skip_space(p);
        if (*p != ':') return -1;
        p = skip_space(p + 1);
        if (match) {
            if (*p != '"') return -1;
            *value = decode_string(p);
            return *value ? 1 : -1;
        }
        if (!(p = skip_value(p))) return -1;
        p = skip_space(p);
        if (*p == '}') return 0;
        if (*p != ',') return -1;
        p = skip_space(p + 1);
    }
}

/* Writes `text` as a JSON string (with quotes) into a new malloc'd buffer. */
static char *encode_string(const char *text) {
    char *json = malloc(strlen(text) * 6 + 3);  /* worst case: every byte as \u00XX */
    if (!json) return NULL;
    char *out = json;
    *out++ = '"';
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\') {
            *out++ = '\\';
            *out++ = (char)*p;
        } else if (*p < 0x20) {
            out += sprintf(out, "\\u%04x", *p);
        } else {
            *out++ = (char)*p;
        }
    }
    *out++ = '"';
    *out = '\0';
    return json;
}

/* ---- The action. ---- */

/* One invocation, handed to its thread. */
typedef struct job {
    char *name;
    petal_complete_fn complete;
    void *completion_context;
} job;

static void *greet(void *argument) {
    job *work = argument;
    char *quoted = encode_string(work->name);  /* "Ann" with its quotes, escaped */
    size_t size = quoted ? strlen(quoted) + sizeof "{\"greeting\":\"Hello, !\"}" : 0;
    char *result = quoted ? malloc(size) : NULL;
    if (result) {
        /* {"greeting":"Hello, <name>!"}: splice in the escaped name without its quotes. */
        snprintf(result, size, "{\"greeting\":\"Hello, %.*s!\"}", (int)(strlen(quoted) - 2), quoted + 1);
        work->complete(work->completion_context, result, NULL, NULL);
    } else {
        work->complete(work->completion_context, NULL, "ActionFailed", "hello.greet ran out of memory");
    }
    /* complete() copied what it needs before returning: everything can go now. */
    free(result);
    free(quoted);
    free(work->name);
    free(work);
    return NULL;
}

static void invoke(void *state, uint64_t invocation_id, const char *action_id, const char *params_json,
                   petal_complete_fn complete, void *completion_context) {
    (void)state;
    (void)invocation_id;
    if (strcmp(action_id, "hello.greet") != 0) {
        /* The daemon only invokes declared actions, but say so clearly if that ever changes. */
        complete(completion_context, NULL, "ActionFailed", "the hello plugin has only the action hello.greet");
        return;
    }
    char *name = NULL;
    int found = find_string_member(params_json, "name", &name);
    if (found == 0) {
        complete(completion_context, NULL, "InvalidParams",
                 "the parameter \"name\" is required: the name to greet, a string such as \"Ann\"");
        return;
    }
    if (found < 0) {
        complete(completion_context, NULL, "InvalidParams",
                 "the parameter \"name\" must be a string such as \"Ann\"");
        return;
    }

    job *work = malloc(sizeof *work);
    if (!work) {
        free(name);
        complete(completion_context, NULL, "ActionFailed", "hello.greet ran out of memory");
        return;
    }
    work->name = name;
    work->complete = complete;
    work->completion_context = completion_context;

    /* The params string is only valid during this call; the job owns its own copy of the name. */
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    int failed = pthread_create(&thread, &attributes, greet, work);
    pthread_attr_destroy(&attributes);
    if (failed) {
        /* No thread: finish here instead. Still exactly one completion. */
        say(PETAL_LOG_WARNING, "cannot start a thread; greeting on the daemon's thread");
        greet(work);
    }
}

static int init(const petal_host *given, void **state_out, const char **error_out) {
    (void)error_out;
    host = given;
    *state_out = NULL;  /* this plugin keeps no state */
    say(PETAL_LOG_INFO, "ready to greet");
    return 0;
}

static const petal_action actions[] = {
    { "hello.greet", "Say hello", "face-smile" },
};

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "hello",
    .version = "1.0.0",
    .actions = actions,
    .action_count = sizeof actions / sizeof actions[0],
    .init = init,
    .invoke = invoke,
    .cancel = NULL,  /* a greeting takes microseconds: nothing to cancel */
    .deinit = NULL,  /* nothing to release */
};

const petal_plugin *petal_plugin_entry_v1(void) {
    return &plugin;
}

/*
 * The same name and version in an ELF note (ABI 1.1), which petald reads
 * before it loads the library: a plugin it refuses (disabled, built for
 * another ABI, or named like one already loaded) then runs none of its code.
 * `readelf -n libhello.so` shows it.
 */
PETAL_PLUGIN_DESCRIBE("hello", "1.0.0");
