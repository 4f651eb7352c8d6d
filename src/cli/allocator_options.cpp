// jemalloc's options, which it reads as `qi` starts (this file is linked
// into `qi` only with jemalloc: src/cli/CMakeLists.txt). Its background
// thread gives memory that was freed back to the system about 10 s later
// (jemalloc's dirty_decay_ms), also while the server is idle: without it,
// freed pages are given back only when the allocator is next called, and a
// server left alone after games leave memory keeps them for good
// (docs/reliability.md measures both).
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's.
const char* malloc_conf = "background_thread:true";
}
