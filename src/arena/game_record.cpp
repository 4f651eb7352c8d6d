#include "arena/game_record.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string_view>

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

// Movetext split into tokens, a {comment} as one token.
std::vector<std::string> movetext_tokens(const std::string& body) {
  std::vector<std::string> tokens;
  std::size_t i = 0;
  while (i < body.size()) {
    if (std::isspace(static_cast<unsigned char>(body[i]))) {
      ++i;
      continue;
    }
    std::size_t end = body[i] == '{' ? body.find('}', i) : body.find_first_of(" \t\r\n", i);
    end = end == std::string::npos ? body.size() : end + (body[i] == '{' ? 1 : 0);
    tokens.push_back(body.substr(i, end - i));
    i = end;
  }
  return tokens;
}

// "12." or "12...": a move number, not a move.
bool is_move_number(const std::string& token) {
  const std::size_t dots = token.find_first_not_of("0123456789");
  return dots != 0 && dots != std::string::npos && token.find_first_not_of('.', dots) == std::string::npos;
}

// A move: not a move number, comment, annotation, variation or result.
bool is_move_token(const std::string& token) {
  return !token.empty() && std::string_view("{$()").find(token[0]) == std::string_view::npos &&
         !is_result(token) && !is_move_number(token);
}

// Each non-empty comment after its move; lines rewrapped at 79 columns.
std::string with_move_comments(const std::string& body, const std::vector<std::string>& comments) {
  std::string out, line;
  std::size_t move = 0;
  auto put = [&](const std::string& token) {
    if (!line.empty() && line.size() + 1 + token.size() > 79) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + token;
  };
  for (const std::string& token : movetext_tokens(body)) {
    put(token);
    if (!is_move_token(token)) continue;
    if (move < comments.size() && !comments[move].empty()) put(comment_text(comments[move]));
    ++move;
  }
  return out + line;
}

}  // namespace

std::string move_comment(const MoveReply& reply, std::int64_t micros) {
  char text[64];
  const double seconds = static_cast<double>(micros) / 1e6;
  std::string score;
  if (reply.mate_in) {
    score = (*reply.mate_in > 0 ? "+M" : "-M") + std::to_string(std::abs(*reply.mate_in));
  } else if (reply.score_cp) {
    std::snprintf(text, sizeof text, "%+.2f", *reply.score_cp / 100.0);
    score = text;
  }
  if (!score.empty() && reply.depth >= 0) score += "/" + std::to_string(reply.depth);
  std::snprintf(text, sizeof text, "%.3fs", seconds);
  return score.empty() ? text : score + " " + text;
}

std::string game_record(const Game& game, const Tags& tags, const std::string& result,
                        const std::string& comment, const std::vector<std::string>& move_comments) {
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
    if (!move_comments.empty()) body = with_move_comments(body, move_comments);
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
