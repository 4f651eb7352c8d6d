// Record files as other programs write them: not always UTF-8. Chinese
// xiangqi software (XQBase, ElephantEye, the cchess libraries) writes GB18030
// (GBK), Windows tools UTF-16 with a byte order mark, and old chess
// databases Windows-1252 (Latin-1) names. Qi reads and writes UTF-8; a file
// is decoded once, when it is read, so that every parser sees UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace qi {

struct DecodedText {
  std::string text;      // UTF-8
  std::string encoding;  // what it was read as: "UTF-8", "UTF-16LE", "UTF-16BE", "GB18030", "WINDOWS-1252"
};

// UTF-8 stays as it is. Otherwise a UTF-16 byte order mark says UTF-16; text
// that GB18030 decodes whole into Chinese move words (进 退 平, or their
// traditional forms) is GB18030; anything else is Windows-1252, which
// decodes every byte (Latin-1's accented names).
DecodedText decode_text(std::string bytes);

}  // namespace qi
