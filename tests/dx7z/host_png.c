/* thrashhost's capture.c: the test binds and draws as the host does. */
#include "../../programs/thrashhost/capture.c"
