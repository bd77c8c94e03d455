/* thrashhost's scene.c: the test binds and draws as the host does. */
#include "../../programs/thrashhost/scene.c"
