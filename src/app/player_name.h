// People's names as the app keeps them: a profile's, and the name a guest
// gives a seat. A name is what others read to know who they play, so it is
// kept in one form (Unicode's NFKC: a full-width "Ａda" is "Ada"), counted in
// characters, not bytes, and may hold nothing a reader cannot see or that
// turns the text around it (zero-width and other default-ignorable
// characters, bidirectional controls). Profiles' names must also not pass for
// one another: two names whose keys are equal (name_key: UTS #39's skeleton,
// which maps each character to the one it can be mistaken for) are one name.
// ICU does the Unicode work (normalisation, properties, the confusables
// data).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/expected.h"

namespace qi::app {

inline constexpr std::size_t kMaxNameCharacters = 32;
// The most a request's name field may hold before it is read at all (NFKC
// may lengthen a name: U+FDFA is 18 characters; any name within
// kMaxNameCharacters fits).
inline constexpr std::size_t kMaxNameFieldBytes = 1024;

// The name as kept and shown: NFKC, each run of spaces one space, trimmed.
// Refused (code "name_rules", the message says why and quotes the
// character) when it is empty, longer than kMaxNameCharacters, not text, has
// a control, format (U+200B, U+202E, ...), default-ignorable, private-use or
// unassigned character, has no letter, digit or symbol, mixes scripts that
// look alike (Latin with Cyrillic or Greek: UTS #39's "moderately
// restrictive" level) or digits of several number systems, or stacks one
// mark on itself.
Expected<std::string> normalise_name(std::string_view raw);

// The key of a normalised name: equal for names that can be taken for one
// another. UTS #39's skeleton of the name, case-folded, and the skeleton of
// that: "Аda" (a Cyrillic А), "ADA" and "Ada" share one key, and so do "Ian"
// and "lan".
std::string name_key(std::string_view name);

// How many characters (Unicode code points) `text` has.
std::size_t count_characters(std::string_view text);

}  // namespace qi::app
