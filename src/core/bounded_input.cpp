#include "core/bounded_input.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <vector>

#include "core/utf8.h"

namespace qi {

Expected<std::string> read_file_bounded(const std::string& path, std::size_t max_bytes) {
  const std::string name = "'" + printable(path) + "'";
  auto too_large = [&] {
    return make_error("file_too_large",
                      name + " is larger than " + std::to_string(max_bytes) + " bytes, the most read");
  };
  std::error_code ec;
  std::optional<std::uintmax_t> size;
  if (std::filesystem::is_regular_file(path, ec)) {
    size = std::filesystem::file_size(path, ec);
    if (ec) size.reset();
  }
  if (size && *size > max_bytes) return too_large();
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("cannot read " + name);
  // In pieces of 1 MiB: into the string sized for a regular file; else
  // kept apart and joined at the end, so that what is held while reading
  // something without an end is the bound, not a string doubled past it.
  // One byte past the bound tells a file of exactly the bound from a longer one.
  constexpr std::size_t kPiece = 1 << 20;
  std::string out;
  if (size) out.reserve(static_cast<std::size_t>(*size));
  std::vector<std::string> pieces;
  std::size_t total = 0;
  while (in && total <= max_bytes) {
    std::string piece(std::min(kPiece, max_bytes + 1 - total), '\0');
    in.read(piece.data(), static_cast<std::streamsize>(piece.size()));
    piece.resize(static_cast<std::size_t>(in.gcount()));
    total += piece.size();
    if (size)
      out += piece;
    else if (!piece.empty())
      pieces.push_back(std::move(piece));
  }
  if (total > max_bytes) return too_large();
  if (in.bad()) return make_error("cannot read " + name);
  if (size) return out;
  out.reserve(total);
  for (std::string& piece : pieces) {
    out += piece;
    std::string().swap(piece);  // each piece freed once copied
  }
  return out;
}

LineRead read_line_bounded(std::istream& in, std::string& line, std::size_t max_bytes) {
  line.clear();
  bool any = false, too_long = false;
  for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
    any = true;
    if (c == '\n') return too_long ? LineRead::TooLong : LineRead::Line;
    if (line.size() < max_bytes)
      line += static_cast<char>(c);
    else
      too_long = true;
  }
  if (!any) return LineRead::End;
  return too_long ? LineRead::TooLong : LineRead::Line;
}

}  // namespace qi
