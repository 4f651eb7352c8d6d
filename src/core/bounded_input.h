// Reading what someone else controls (a file named on the command line, a
// protocol's lines on standard input) in pieces and never past a bound, so
// that /dev/zero, a pipe that never ends or a file larger than the bound
// costs at most the bound and ends in an error that says so, not in all the
// machine's memory.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

#include "core/expected.h"

namespace qi {

// The whole file, or an error: "cannot read 'PATH'", or "'PATH' is larger
// than N bytes" (code "file_too_large"; a regular file is measured before
// anything is read).
Expected<std::string> read_file_bounded(const std::string& path, std::size_t max_bytes);

// The next line of `in` (without its '\n') into `line`, as std::getline; a
// line longer than `max_bytes` is read to its end but only its first
// `max_bytes` are kept, and the answer says so.
enum class LineRead { Line, TooLong, End };
LineRead read_line_bounded(std::istream& in, std::string& line, std::size_t max_bytes);

}  // namespace qi
