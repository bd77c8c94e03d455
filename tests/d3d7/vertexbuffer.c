#include "d3d7_test.h"
START_TEST(vertexbuffer) {}
