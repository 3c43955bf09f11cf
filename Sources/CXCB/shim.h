#ifndef PETAL_CXCB_SHIM_H
#define PETAL_CXCB_SHIM_H
// libxcb and its RandR extension, for petal-context's X11 backend. The XCB
// module wraps them in safe Swift types; nothing else imports this.
#include <stdlib.h>
#include <xcb/xcb.h>
#include <xcb/randr.h>

// RandR's extension record is a mutable C global, which Swift 6 refuses to
// touch from Swift code; its address, taken here, is all XCB needs.
static inline xcb_extension_t *petal_xcb_randr_extension(void) {
    return &xcb_randr_id;
}
#endif
