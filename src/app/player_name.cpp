#include "app/player_name.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include <cstdio>
#include <cstdlib>

#include "core/utf8.h"

namespace qi::app {
namespace {

using icu::UnicodeString;

Error name_rule(const std::string& why) { return make_error("name_rules", why); }

std::string code_point_text(UChar32 c) {
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(c));
  return text;
}

// A character nobody sees or that changes how the text around it is shown:
// a format character (U+200B, the bidirectional controls U+202A-U+202E and
// U+2066-U+2069, ...), any default-ignorable one (U+3164, variation
// selectors), controls and line separators, private-use and unassigned ones
// (their look is anyone's guess), surrogates.
bool is_hidden(UChar32 c) {
  if (c == 0x2800) return true;  // the blank Braille pattern: a symbol that shows nothing
  if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ||
      u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL))
    return true;
  switch (u_charType(c)) {
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_SURROGATE:
    case U_PRIVATE_USE_CHAR:
    case U_UNASSIGNED:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
      return true;
    default:
      return false;
  }
}

bool is_letter_digit_or_symbol(UChar32 c) {
  const std::int32_t mask = U_MASK(u_charType(c));
  return (mask & (U_GC_L_MASK | U_GC_N_MASK | U_GC_S_MASK)) != 0;
}

// The spoof checker, configured once and then shared: ICU's checks of one
// identifier are safe from several threads at once.
const USpoofChecker* spoof_checker() {
  static USpoofChecker* checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* made = uspoof_open(&status);
    uspoof_setChecks(made, USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS, &status);
    uspoof_setRestrictionLevel(made, USPOOF_MODERATELY_RESTRICTIVE);
    if (U_FAILURE(status)) std::abort();  // ICU's own data is missing: nothing can be checked
    return made;
  }();
  return checker;
}

const icu::Normalizer2& nfkc() {
  static const icu::Normalizer2* instance = [] {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFKCInstance(status);
    if (U_FAILURE(status)) std::abort();
    return n;
  }();
  return *instance;
}

UnicodeString skeleton(const UnicodeString& text) {
  UErrorCode status = U_ZERO_ERROR;
  UnicodeString out;
  uspoof_getSkeletonUnicodeString(spoof_checker(), 0, text, out, &status);
  return U_FAILURE(status) ? text : out;
}

}  // namespace

std::size_t count_characters(std::string_view text) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t length = utf8_char_length(text, i);
    i += length ? length : 1;
    ++n;
  }
  return n;
}

Expected<std::string> normalise_name(std::string_view raw) {
  if (raw.size() > kMaxNameFieldBytes)
    return name_rule("a name has at most " + std::to_string(kMaxNameCharacters) + " characters");
  if (!is_valid_utf8(raw)) return name_rule("a name must be text (valid UTF-8)");
  UErrorCode status = U_ZERO_ERROR;
  const UnicodeString normal = nfkc().normalize(
      UnicodeString::fromUTF8(icu::StringPiece(raw.data(), static_cast<int32_t>(raw.size()))), status);
  if (U_FAILURE(status)) return name_rule("a name must be text");

  // Each run of spaces becomes one space; none at either end.
  UnicodeString kept;
  bool has_substance = false, space_pending = false;
  std::size_t characters = 0;
  for (int32_t i = 0; i < normal.length(); i = normal.moveIndex32(i, 1)) {
    const UChar32 c = normal.char32At(i);
    if (u_charType(c) == U_SPACE_SEPARATOR) {
      space_pending = !kept.isEmpty();
      continue;
    }
    if (is_hidden(c))
      return name_rule("a name may not hold invisible or direction-changing characters such as " +
                       code_point_text(c));
    if (space_pending) {
      kept.append(UChar32{' '});
      ++characters;
      space_pending = false;
    }
    kept.append(c);
    has_substance = has_substance || is_letter_digit_or_symbol(c);
    if (++characters > kMaxNameCharacters) break;
  }
  if (characters == 0 || characters > kMaxNameCharacters)
    return name_rule("a name has 1 to " + std::to_string(kMaxNameCharacters) + " characters");
  if (!has_substance) return name_rule("a name needs a letter, a digit or a symbol");

  const std::int32_t failed = uspoof_check2UnicodeString(spoof_checker(), kept, nullptr, &status);
  if (U_FAILURE(status)) return name_rule("a name must be text");
  if (failed & USPOOF_RESTRICTION_LEVEL)
    return name_rule(
        "a name may not mix scripts whose letters look alike (Latin with Cyrillic or Greek, say): write it "
        "in one script");
  if (failed & USPOOF_MIXED_NUMBERS)
    return name_rule("a name may not mix the digits of several number systems");
  if (failed & USPOOF_INVISIBLE) return name_rule("a name may not repeat a mark on the same letter");
  std::string out;
  kept.toUTF8String(out);
  return out;
}

std::string name_key(std::string_view name) {
  UnicodeString text =
      skeleton(UnicodeString::fromUTF8(icu::StringPiece(name.data(), static_cast<int32_t>(name.size()))));
  text.foldCase();
  std::string out;
  skeleton(text).toUTF8String(out);
  return out;
}

}  // namespace qi::app
