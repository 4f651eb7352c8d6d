// Record files in the encodings other programs write (core/text_encoding.h):
// each is read as the UTF-8 text it stands for, and UTF-8 is left alone.
#include "core/text_encoding.h"

#include <gtest/gtest.h>

namespace qi {
namespace {

TEST(TextEncoding, Utf8IsLeftAsItIs) {
  const std::string text = "[Event \"\xE5\xAF\xB9\xE5\xB1\x80\"]\n1. e4 *";
  const DecodedText d = decode_text(text);
  EXPECT_EQ(d.encoding, "UTF-8");
  EXPECT_EQ(d.text, text);
}

// XQBase, ElephantEye and the cchess libraries write GB18030 (GBK).
TEST(TextEncoding, ChineseRecordsInGb18030AreRead) {
  const DecodedText d =
      decode_text("\x31\x2E\x20\xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5\x20\xC2\xED\xA3\xB8\xBD\xF8\xA3\xB7\x20\x2A");
  EXPECT_EQ(d.encoding, "GB18030");
  EXPECT_EQ(d.text, "1. 炮二平五 马８进７ *");
}

// Old chess databases write names in Windows-1252; bytes that GB18030 would
// take as a Chinese character are not read so without Chinese move words.
TEST(TextEncoding, LatinNamesInWindows1252AreRead) {
  const DecodedText d = decode_text("[White \"Bj\xF6rn\"]\n1. e4 *");
  EXPECT_EQ(d.encoding, "WINDOWS-1252");
  EXPECT_EQ(d.text, "[White \"Bj\xC3\xB6rn\"]\n1. e4 *");
}

TEST(TextEncoding, Utf16WithItsByteOrderMarkIsRead) {
  const std::string le(
      "\xFF\xFE"
      "1\0.\0 \0e\0"
      "4\0",
      12);
  EXPECT_EQ(decode_text(le).text, "1. e4");
  EXPECT_EQ(decode_text(le).encoding, "UTF-16LE");
  const std::string be(
      "\xFE\xFF\0"
      "1\0.\0 \0e\0"
      "4",
      12);
  EXPECT_EQ(decode_text(be).text, "1. e4");
}

}  // namespace
}  // namespace qi
