#include "core/bounded_input.h"

#include <filesystem>
#include <fstream>

#include "core/utf8.h"

namespace qi {

Expected<std::string> read_file_bounded(const std::string& path, std::size_t max_bytes) {
  const std::string name = "'" + printable(path) + "'";
  auto too_large = [&] {
    return make_error("file_too_large",
                      name + " is larger than " + std::to_string(max_bytes) + " bytes, the most read");
  };
  std::error_code ec;
  const bool regular = std::filesystem::is_regular_file(path, ec);
  std::string out;
  if (regular) {
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec && size > max_bytes) return too_large();
    if (!ec) out.reserve(static_cast<std::size_t>(size));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("cannot read " + name);
  // One byte past the bound tells a file of exactly the bound from a longer one.
  constexpr std::size_t kPiece = 64 * 1024;
  char piece[kPiece];
  while (in) {
    const std::size_t room = max_bytes + 1 - out.size();
    in.read(piece, static_cast<std::streamsize>(std::min(kPiece, room)));
    out.append(piece, static_cast<std::size_t>(in.gcount()));
    if (out.size() > max_bytes) return too_large();
  }
  if (in.bad()) return make_error("cannot read " + name);
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
