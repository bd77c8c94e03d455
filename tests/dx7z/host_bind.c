/* thrashhost's bind.c: the test binds and draws as the host does. */
#include "../../programs/thrashhost/bind.c"
