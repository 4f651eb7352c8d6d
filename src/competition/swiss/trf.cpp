#include "competition/swiss/trf.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace qi::competition::swiss {
namespace {

// TRF-2016 columns (1-based) of a player's line, "001".
constexpr std::size_t kIdColumn = 5;           // 5-8
constexpr std::size_t kIdentityColumn = 10;    // 10-80: sex .. birth date
constexpr std::size_t kNameColumn = 15;        // 15-47
constexpr std::size_t kRatingColumn = 49;      // 49-52
constexpr std::size_t kPointsColumn = 81;      // 81-84
constexpr std::size_t kRankColumn = 86;        // 86-89
constexpr std::size_t kFirstRoundColumn = 92;  // each round: 4 digits, colour, result in 10 columns
constexpr std::size_t kRoundWidth = 10;

Error error_at(std::size_t line, std::size_t column, const std::string& what) {
  return make_error("TRF line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what);
}

std::string_view columns(std::string_view line, std::size_t first, std::size_t last) {
  if (line.size() < first) return {};
  return line.substr(first - 1, std::min(line.size(), last) - (first - 1));
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

// A whole number in the columns, or -1 if they are blank; an error if not digits.
bool read_number(std::string_view text, int& value, bool& blank) {
  text = trim(text);
  blank = text.empty();
  value = 0;
  if (blank) return true;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && value >= 0;
}

// "1.5", "10", "0.0" in tenths; false if not such a number.
bool read_tenths(std::string_view text, int& tenths) {
  text = trim(text);
  if (text.empty() || text.size() > 6) return false;
  std::size_t dot = text.find('.');
  std::string_view whole = text.substr(0, dot);
  std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  if (whole.empty() || fraction.size() > 1) return false;
  int w = 0;
  auto [end, ec] = std::from_chars(whole.data(), whole.data() + whole.size(), w);
  if (ec != std::errc() || end != whole.data() + whole.size() || w < 0) return false;
  int f = 0;
  if (!fraction.empty()) {
    if (fraction[0] < '0' || fraction[0] > '9') return false;
    f = fraction[0] - '0';
  }
  tenths = w * 10 + f;
  return true;
}

constexpr std::string_view kResultCodes = "10=+-WDLHFUZ";

}  // namespace

bool TrfRound::played() const {
  return opponent != 0 &&
         (result == '1' || result == '0' || result == '=' || result == 'W' || result == 'D' || result == 'L');
}

bool TrfRound::paired() const { return opponent != 0 || result == 'U'; }

bool TrfRound::is_point_without_game() const {
  return result == 'U' || result == 'F' || (result == '+' && opponent == 0) ||
         (opponent != 0 && result == '+');
}

int TrfTournament::rounds_in_file() const {
  int rounds = 0;
  for (const TrfPlayer& p : players) {
    for (int r = 0; r < static_cast<int>(p.rounds.size()); ++r) {
      if (p.rounds[r].paired()) rounds = std::max(rounds, r + 1);
    }
  }
  return rounds;
}

int TrfTournament::result_points(const TrfRound& round) const {
  switch (round.result) {
    case '1':
    case 'W':
      return points.win;
    case '+':
      return round.opponent == 0 ? points.pairing_bye : points.win;
    case 'F':
      return points.win;
    case 'U':
      return points.pairing_bye;
    case '=':
    case 'D':
    case 'H':
      return points.draw;
    case '0':
    case 'L':
      return points.loss;
    case '-':
      return round.opponent == 0 ? points.zero_bye : points.forfeit_loss;
    case 'Z':
      return points.zero_bye;
    default:
      return 0;
  }
}

int TrfTournament::score(const TrfPlayer& player, int rounds) const {
  int total = 0;
  for (int r = 0; r < rounds && r < static_cast<int>(player.rounds.size()); ++r) {
    total += result_points(player.rounds[r]);
  }
  return total;
}

const TrfPlayer* TrfTournament::find(int id) const {
  if (id < 1 || id > static_cast<int>(players.size())) return nullptr;
  const TrfPlayer& p = players[id - 1];
  return p.id == id ? &p : nullptr;
}

std::string format_points(int tenths) {
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
}

Expected<TrfTournament> read_trf(std::string_view text) {
  if (text.size() > kMaxTrfBytes)
    return make_error("TRF: larger than " + std::to_string(kMaxTrfBytes) + " bytes");
  TrfTournament t;
  std::vector<TrfPlayer> players;
  std::vector<std::size_t> player_lines;
  std::size_t line_number = 0;
  while (!text.empty()) {
    ++line_number;
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (trim(line).empty()) continue;
    for (std::size_t i = 0; i < line.size(); ++i) {
      unsigned char c = static_cast<unsigned char>(line[i]);
      if (c < 0x20 && c != '\t') return error_at(line_number, i + 1, "a control character");
    }
    std::string_view code = line.substr(0, std::min<std::size_t>(3, line.size()));
    if (code == "001") {
      if (players.size() >= static_cast<std::size_t>(kMaxTrfPlayers))
        return error_at(line_number, 1, "more than " + std::to_string(kMaxTrfPlayers) + " players");
      TrfPlayer p;
      bool blank = false;
      if (!read_number(columns(line, kIdColumn, kIdColumn + 3), p.id, blank) || blank || p.id < 1)
        return error_at(line_number, kIdColumn, "the starting rank is not a number from 1 to 9999");
      p.identity = std::string(columns(line, kIdentityColumn, kPointsColumn - 1));
      p.name = std::string(trim(columns(line, kNameColumn, kNameColumn + 32)));
      if (!read_number(columns(line, kRatingColumn, kRatingColumn + 3), p.rating, blank))
        return error_at(line_number, kRatingColumn, "the rating is not a number");
      std::string_view points = columns(line, kPointsColumn, kPointsColumn + 3);
      if (!trim(points).empty() && (!read_tenths(points, p.declared_points) || p.declared_points > 999))
        return error_at(line_number, kPointsColumn, "the points are not a number such as 2.5, at most 99.9");
      if (!read_number(columns(line, kRankColumn, kRankColumn + 3), p.rank, blank))
        return error_at(line_number, kRankColumn, "the rank is not a number");
      for (std::size_t start = kFirstRoundColumn; start <= line.size(); start += kRoundWidth) {
        if (p.rounds.size() >= static_cast<std::size_t>(kMaxTrfRounds))
          return error_at(line_number, start, "more than " + std::to_string(kMaxTrfRounds) + " rounds");
        std::string_view block = columns(line, start, start + 7);
        if (trim(block).empty()) {
          p.rounds.push_back({});
          continue;
        }
        TrfRound round;
        std::string_view opponent = columns(line, start, start + 3);
        if (!read_number(opponent, round.opponent, blank) || round.opponent > kMaxTrfPlayers)
          return error_at(line_number, start, "the opponent is not a starting rank");
        char colour = block.size() > 5 ? block[5] : ' ';
        char result = block.size() > 7 ? block[7] : ' ';
        if (colour == 'W' || colour == 'B') colour = static_cast<char>(colour - 'A' + 'a');
        if (colour == ' ') colour = '-';
        if (colour != 'w' && colour != 'b' && colour != '-')
          return error_at(line_number, start + 5, std::string("the colour is not w, b or -"));
        if (result == 'w' || result == 'd' || result == 'l' || result == 'h' || result == 'f' ||
            result == 'u' || result == 'z')
          result = static_cast<char>(result - 'a' + 'A');
        if (result != ' ' && kResultCodes.find(result) == std::string_view::npos)
          return error_at(line_number, start + 7,
                          std::string("the result is not one of 1 0 = + - W D L H F U Z"));
        if (round.opponent != 0 && colour == '-' && result != '+' && result != '-' && result != ' ')
          return error_at(line_number, start + 5, "a game against an opponent needs a colour");
        round.colour = colour;
        round.result = result;
        p.rounds.push_back(round);
      }
      while (!p.rounds.empty() && p.rounds.back().opponent == 0 && p.rounds.back().result == ' ')
        p.rounds.pop_back();
      player_lines.push_back(line_number);
      players.push_back(std::move(p));
    } else if (code == "XXR") {
      int rounds = 0;
      bool blank = false;
      if (!read_number(line.substr(3), rounds, blank) || blank || rounds < 1 || rounds > kMaxTrfRounds)
        return error_at(line_number, 5,
                        "XXR needs the number of rounds, 1 to " + std::to_string(kMaxTrfRounds));
      t.total_rounds = rounds;
      t.other_lines.emplace_back(line);
    } else if (code == "XXC") {
      std::string_view rest = trim(line.substr(3));
      // "white1"/"black1", and "rank" which orders by rank (not read here).
      std::size_t pos = rest.find("white1");
      if (pos == std::string_view::npos) pos = rest.find("black1");
      if (pos != std::string_view::npos) t.first_colour = rest[pos] == 'w' ? 'w' : 'b';
      t.other_lines.emplace_back(line);
    } else if (code == "BBW" || code == "BBD" || code == "BBL" || code == "BBZ" || code == "BBF" ||
               code == "BBU") {
      int tenths = 0;
      if (!read_tenths(line.substr(3), tenths) || tenths > 999)
        return error_at(line_number, 5, std::string(code) + " needs points such as 1.0");
      if (code == "BBW") t.points.win = tenths;
      if (code == "BBD") t.points.draw = tenths;
      if (code == "BBL") t.points.loss = tenths;
      if (code == "BBZ") t.points.zero_bye = tenths;
      if (code == "BBF") t.points.forfeit_loss = tenths;
      if (code == "BBU") {
        t.points.pairing_bye = tenths;
        t.points.pairing_bye_set = true;
      }
      t.other_lines.emplace_back(line);
    } else {
      t.other_lines.emplace_back(line);
    }
  }
  if (!t.points.pairing_bye_set) t.points.pairing_bye = t.points.win;
  // Players by starting rank, each rank once, 1..N without gaps.
  std::vector<std::size_t> order(players.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return players[a].id < players[b].id; });
  for (std::size_t i = 0; i < order.size(); ++i) {
    const TrfPlayer& p = players[order[i]];
    if (p.id != static_cast<int>(i) + 1) {
      if (i > 0 && players[order[i - 1]].id == p.id)
        return error_at(player_lines[order[i]], kIdColumn,
                        "starting rank " + std::to_string(p.id) + " twice");
      return error_at(player_lines[order[i]], kIdColumn,
                      "starting rank " + std::to_string(i + 1) +
                          " is missing (the ranks run 1 to the number of players)");
    }
    t.players.push_back(p);
  }
  // Each game is on both players' lines, the same way round.
  for (std::size_t i = 0; i < t.players.size(); ++i) {
    const TrfPlayer& p = t.players[i];
    for (std::size_t r = 0; r < p.rounds.size(); ++r) {
      const TrfRound& round = p.rounds[r];
      if (round.opponent == 0) continue;
      std::size_t column = kFirstRoundColumn + r * kRoundWidth;
      std::size_t line = player_lines[order[i]];
      const TrfPlayer* o = t.find(round.opponent);
      if (!o)
        return error_at(line, column, "opponent " + std::to_string(round.opponent) + " is not a player");
      if (o->id == p.id) return error_at(line, column, "a player paired with themself");
      if (r >= o->rounds.size() || o->rounds[r].opponent != p.id)
        return error_at(line, column,
                        "opponent " + std::to_string(o->id) + "'s line does not name " +
                            std::to_string(p.id) + " in round " + std::to_string(r + 1));
      const TrfRound& other = o->rounds[r];
      bool colours_agree = (round.colour == '-' && other.colour == '-') ||
                           (round.colour == 'w' && other.colour == 'b') ||
                           (round.colour == 'b' && other.colour == 'w');
      if (!colours_agree)
        return error_at(line, column + 5,
                        "the colours disagree with opponent " + std::to_string(o->id) + "'s line");
    }
  }
  return t;
}

std::string write_trf(const TrfTournament& t) {
  std::string out;
  for (const std::string& line : t.other_lines) out += line + "\n";
  for (const TrfPlayer& p : t.players) {
    char head[16];
    std::snprintf(head, sizeof head, "001 %4d ", p.id);
    std::string line = head;
    std::string identity = p.identity;
    identity.resize(kPointsColumn - kIdentityColumn, ' ');
    line += identity;
    char tail[16];
    std::snprintf(tail, sizeof tail, "%4s %4d  ", format_points(p.declared_points).c_str(), p.rank);
    line += tail;
    for (const TrfRound& r : p.rounds) {
      char block[16];
      if (r.opponent == 0 && r.result == ' ')
        std::snprintf(block, sizeof block, "          ");
      else if (r.opponent == 0)
        std::snprintf(block, sizeof block, "0000 - %c  ", r.result);
      else
        std::snprintf(block, sizeof block, "%4d %c %c  ", r.opponent, r.colour, r.result);
      line += block;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace qi::competition::swiss
