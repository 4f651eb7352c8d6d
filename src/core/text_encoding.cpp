#include "core/text_encoding.h"

#include <iconv.h>

#include <cerrno>

#include <optional>

#include "core/utf8.h"

namespace qi {
namespace {

// The whole of `bytes` converted from `encoding` to UTF-8 by the C library's
// iconv, or nullopt where a byte sequence is not of that encoding.
std::optional<std::string> converted(std::string_view bytes, const char* encoding) {
  iconv_t cd = iconv_open("UTF-8", encoding);
  if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
  std::string out(bytes.size() * 2 + 16, '\0');
  char* in = const_cast<char*>(bytes.data());
  std::size_t in_left = bytes.size();
  std::size_t done = 0;
  bool ok = true;
  while (in_left > 0) {
    char* to = out.data() + done;
    std::size_t room = out.size() - done;
    const std::size_t r = iconv(cd, &in, &in_left, &to, &room);
    done = static_cast<std::size_t>(to - out.data());
    if (r != static_cast<std::size_t>(-1)) break;
    if (errno == E2BIG) {
      out.resize(out.size() * 2);
      continue;
    }
    ok = false;  // EILSEQ or EINVAL: not this encoding
    break;
  }
  iconv_close(cd);
  if (!ok) return std::nullopt;
  out.resize(done);
  return out;
}

// The words every Chinese move has one of (advance, retreat, sideways), in
// simplified and traditional characters.
bool has_chinese_move_words(std::string_view text) {
  for (std::string_view word : {"进", "退", "平", "進"})
    if (text.find(word) != std::string_view::npos) return true;
  return false;
}

}  // namespace

DecodedText decode_text(std::string bytes) {
  if (is_valid_utf8(bytes)) return {std::move(bytes), "UTF-8"};
  const std::string_view b = bytes;
  for (auto [mark, encoding] : {std::pair{std::string_view("\xFF\xFE"), "UTF-16LE"},
                                std::pair{std::string_view("\xFE\xFF"), "UTF-16BE"}})
    if (b.starts_with(mark))
      if (std::optional<std::string> text = converted(b.substr(2), encoding))
        return {std::move(*text), encoding};
  if (std::optional<std::string> text = converted(b, "GB18030"); text && has_chinese_move_words(*text))
    return {std::move(*text), "GB18030"};
  if (std::optional<std::string> text = converted(b, "WINDOWS-1252"))
    return {std::move(*text), "WINDOWS-1252"};
  // Windows-1252 leaves five bytes undefined; ISO-8859-1 takes every byte.
  if (std::optional<std::string> text = converted(b, "ISO-8859-1")) return {std::move(*text), "ISO-8859-1"};
  return {std::move(bytes), ""};
}

}  // namespace qi
