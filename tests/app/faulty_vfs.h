// An SQLite VFS in front of the default one whose writes can be made to fail
// as a full disk fails them (SQLITE_FULL), so that the store's handling of a
// full disk is tested with SQLite's own error paths, not a stand-in store.
#pragma once

#include <sqlite3.h>

#include <atomic>
#include <cstring>

namespace qi::test {

inline std::atomic<bool> g_disk_full{false};

namespace faulty_vfs_detail {

struct File {
  sqlite3_file base;
  sqlite3_file* real;  // the default VFS's file, allocated right after
};

inline sqlite3_file* real(sqlite3_file* f) { return reinterpret_cast<File*>(f)->real; }

inline int close(sqlite3_file* f) {
  int rc = real(f)->pMethods ? real(f)->pMethods->xClose(real(f)) : SQLITE_OK;
  return rc;
}
inline int read(sqlite3_file* f, void* buf, int n, sqlite3_int64 at) {
  return real(f)->pMethods->xRead(real(f), buf, n, at);
}
inline int write(sqlite3_file* f, const void* buf, int n, sqlite3_int64 at) {
  if (g_disk_full) return SQLITE_FULL;
  return real(f)->pMethods->xWrite(real(f), buf, n, at);
}
inline int truncate(sqlite3_file* f, sqlite3_int64 size) {
  if (g_disk_full) return SQLITE_FULL;
  return real(f)->pMethods->xTruncate(real(f), size);
}
inline int sync(sqlite3_file* f, int flags) { return real(f)->pMethods->xSync(real(f), flags); }
inline int file_size(sqlite3_file* f, sqlite3_int64* size) {
  return real(f)->pMethods->xFileSize(real(f), size);
}
inline int lock(sqlite3_file* f, int level) { return real(f)->pMethods->xLock(real(f), level); }
inline int unlock(sqlite3_file* f, int level) { return real(f)->pMethods->xUnlock(real(f), level); }
inline int reserved(sqlite3_file* f, int* out) { return real(f)->pMethods->xCheckReservedLock(real(f), out); }
inline int control(sqlite3_file* f, int op, void* arg) {
  return real(f)->pMethods->xFileControl(real(f), op, arg);
}
inline int sector_size(sqlite3_file* f) { return real(f)->pMethods->xSectorSize(real(f)); }
inline int device(sqlite3_file* f) { return real(f)->pMethods->xDeviceCharacteristics(real(f)); }
inline int shm_map(sqlite3_file* f, int page, int size, int extend, void volatile** out) {
  return real(f)->pMethods->xShmMap(real(f), page, size, extend, out);
}
inline int shm_lock(sqlite3_file* f, int offset, int n, int flags) {
  return real(f)->pMethods->xShmLock(real(f), offset, n, flags);
}
inline void shm_barrier(sqlite3_file* f) { real(f)->pMethods->xShmBarrier(real(f)); }
inline int shm_unmap(sqlite3_file* f, int remove) { return real(f)->pMethods->xShmUnmap(real(f), remove); }

inline const sqlite3_io_methods kMethods = {
    2,       close,       read,   write,   truncate, sync,        file_size, lock,    unlock, reserved,
    control, sector_size, device, shm_map, shm_lock, shm_barrier, shm_unmap, nullptr, nullptr};

inline sqlite3_vfs* default_vfs() {
  static sqlite3_vfs* vfs = sqlite3_vfs_find(nullptr);
  return vfs;
}

inline int open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* f, int flags, int* out_flags) {
  auto* file = reinterpret_cast<File*>(f);
  file->real = reinterpret_cast<sqlite3_file*>(file + 1);
  std::memset(file->real, 0, default_vfs()->szOsFile);
  int rc = default_vfs()->xOpen(default_vfs(), name, file->real, flags, out_flags);
  file->base.pMethods = file->real->pMethods ? &kMethods : nullptr;
  return rc;
}

}  // namespace faulty_vfs_detail

// Registers the VFS "qi_faulty" (once) and returns its name.
inline const char* faulty_vfs() {
  static sqlite3_vfs vfs = [] {
    sqlite3_vfs v = *faulty_vfs_detail::default_vfs();
    v.szOsFile =
        static_cast<int>(sizeof(faulty_vfs_detail::File)) + faulty_vfs_detail::default_vfs()->szOsFile;
    v.zName = "qi_faulty";
    v.pNext = nullptr;
    v.xOpen = faulty_vfs_detail::open;
    return v;
  }();
  static bool registered = sqlite3_vfs_register(&vfs, 0) == SQLITE_OK;
  return registered ? vfs.zName : nullptr;
}

}  // namespace qi::test
