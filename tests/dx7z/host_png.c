/* thrashhost's png.c: the test binds and draws as the host does. */
#include "../../programs/thrashhost/png.c"
