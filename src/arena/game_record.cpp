#include "arena/game_record.h"

#include <algorithm>
#include <cctype>

namespace qi::arena {
namespace {

std::string quoted(const std::string& value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out + "\"";
}

std::string comment_text(std::string text) {
  std::replace(text.begin(), text.end(), '}', ')');
  return "{" + text + "}";
}

bool is_result(const std::string& token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

}  // namespace

std::string game_record(const Game& game, const Tags& tags, const std::string& result,
                        const std::string& comment) {
  const std::string record = game.record();
  Tags own;
  std::string body;
  if (!record.empty() && record.front() == '[') {
    std::size_t pos = 0;
    while (pos < record.size() && record[pos] == '[') {
      std::size_t eol = record.find('\n', pos);
      if (eol == std::string::npos) eol = record.size();
      std::string line = record.substr(pos, eol - pos);
      pos = eol + 1;
      std::size_t space = line.find(' ');
      std::size_t q1 = line.find('"');
      std::size_t q2 = line.rfind('"');
      if (space == std::string::npos || q1 == std::string::npos || q2 <= q1) continue;
      own.emplace_back(line.substr(1, space - 1), line.substr(q1 + 1, q2 - q1 - 1));
    }
    body = pos < record.size() ? record.substr(pos) : std::string{};
    // Drop the record's own result token at the end.
    while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back()))) body.pop_back();
    std::size_t last = body.find_last_of(" \n");
    std::string tail = body.substr(last == std::string::npos ? 0 : last + 1);
    if (is_result(tail)) body.erase(last == std::string::npos ? 0 : last);
    while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back()))) body.pop_back();
    std::size_t first = body.find_first_not_of(" \n");
    body = first == std::string::npos ? std::string{} : body.substr(first);
  } else {
    body = comment_text(record);
  }
  std::string out;
  for (const auto& [name, value] : tags) out += "[" + name + " " + quoted(value) + "]\n";
  for (const auto& tag : own) {
    const std::string& name = tag.first;
    const std::string& value = tag.second;
    bool replaced = std::any_of(tags.begin(), tags.end(), [&](const auto& t) { return t.first == name; });
    // The record's unknown roster values ("?") add nothing once ours are in.
    if (!replaced) out += "[" + name + " " + quoted(value) + "]\n";
  }
  out += "\n" + body;
  // The game's own record may already say how it ended.
  if (!comment.empty() && body.find(comment) == std::string::npos) {
    if (!body.empty()) out += ' ';
    out.append(comment_text(comment));
  }
  out += (body.empty() && comment.empty() ? "" : " ") + result + "\n";
  return out;
}

}  // namespace qi::arena
