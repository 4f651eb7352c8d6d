// An SQLite VFS in front of the default one whose writes can be made to fail
// as a full disk fails them (SQLITE_FULL), or every access as a failing disk
// fails it (an I/O error), so that the store's handling of them is tested
// with SQLite's own error paths, not a stand-in store.
#pragma once

#include <sqlite3.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>

namespace qi::test {

// Every write fails as on a full disk.
inline std::atomic<bool> g_disk_full{false};
// A disk of this many bytes (0: the real disk's size): a write that would
// take the files of the database's folder beyond it fails as on a full disk,
// and truncating or deleting a file gives its space back, as on a real disk.
inline std::atomic<std::int64_t> g_disk_bytes{0};
// Every read, write and lock fails with an I/O error: the disk (or the
// mount it is on) has failed.
inline std::atomic<bool> g_disk_broken{false};

// The bytes the files of a folder take.
inline std::int64_t folder_bytes(const std::filesystem::path& folder) {
  std::int64_t total = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.is_regular_file(ec)) total += static_cast<std::int64_t>(entry.file_size(ec));
  return total;
}

namespace faulty_vfs_detail {

struct File {
  sqlite3_file base;
  sqlite3_file* real;   // the default VFS's file, allocated right after
  std::string* folder;  // where it is (null for a temporary file)
};

inline sqlite3_file* real(sqlite3_file* f) { return reinterpret_cast<File*>(f)->real; }

// Whether writing `n` bytes at `at` would grow the folder beyond g_disk_bytes.
inline bool beyond_disk(sqlite3_file* f, sqlite3_int64 end) {
  const std::int64_t capacity = g_disk_bytes;
  auto* file = reinterpret_cast<File*>(f);
  if (capacity <= 0 || !file->folder) return false;
  sqlite3_int64 size = 0;
  if (real(f)->pMethods->xFileSize(real(f), &size) != SQLITE_OK) return false;
  return end > size && folder_bytes(*file->folder) + (end - size) > capacity;
}

inline int close(sqlite3_file* f) {
  int rc = real(f)->pMethods ? real(f)->pMethods->xClose(real(f)) : SQLITE_OK;
  delete reinterpret_cast<File*>(f)->folder;
  reinterpret_cast<File*>(f)->folder = nullptr;
  return rc;
}
inline int read(sqlite3_file* f, void* buf, int n, sqlite3_int64 at) {
  if (g_disk_broken) return SQLITE_IOERR_READ;
  return real(f)->pMethods->xRead(real(f), buf, n, at);
}
inline int write(sqlite3_file* f, const void* buf, int n, sqlite3_int64 at) {
  if (g_disk_broken) return SQLITE_IOERR_WRITE;
  if (g_disk_full || beyond_disk(f, at + n)) return SQLITE_FULL;
  return real(f)->pMethods->xWrite(real(f), buf, n, at);
}
inline int truncate(sqlite3_file* f, sqlite3_int64 size) {
  if (g_disk_broken) return SQLITE_IOERR_TRUNCATE;
  if (g_disk_full || beyond_disk(f, size)) return SQLITE_FULL;
  return real(f)->pMethods->xTruncate(real(f), size);
}
inline int sync(sqlite3_file* f, int flags) {
  if (g_disk_broken) return SQLITE_IOERR_FSYNC;
  return real(f)->pMethods->xSync(real(f), flags);
}
inline int file_size(sqlite3_file* f, sqlite3_int64* size) {
  return real(f)->pMethods->xFileSize(real(f), size);
}
// A broken disk refuses locks too: every transaction, a read's as well,
// begins with one, so no read is answered from SQLite's cache alone.
inline int lock(sqlite3_file* f, int level) {
  if (g_disk_broken) return SQLITE_IOERR_LOCK;
  return real(f)->pMethods->xLock(real(f), level);
}
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
  if (g_disk_broken && (flags & SQLITE_SHM_LOCK)) return SQLITE_IOERR_SHMLOCK;
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
  file->folder = nullptr;
  std::memset(file->real, 0, default_vfs()->szOsFile);
  int rc = default_vfs()->xOpen(default_vfs(), name, file->real, flags, out_flags);
  file->base.pMethods = file->real->pMethods ? &kMethods : nullptr;
  if (rc == SQLITE_OK && name) {
    const std::filesystem::path folder = std::filesystem::path(name).parent_path();
    file->folder = new std::string(folder.empty() ? "." : folder.string());
  }
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
