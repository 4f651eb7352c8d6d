#include "server/descriptor_json.h"

namespace qi::server {
namespace {

using nlohmann::json;

json words(const Words& w) { return {{"en", w.en}, {"zh", w.zh}}; }
std::string side(Side s) { return s == Side::First ? "first" : "second"; }

const char* style_name(BoardLook::Style s) {
  switch (s) {
    case BoardLook::Style::Checkered:
      return "checkered";
    case BoardLook::Style::Plain:
      return "plain";
    case BoardLook::Style::Intersections:
      return "intersections";
  }
  return "checkered";
}

const char* shape_name(PieceLook::Shape s) {
  switch (s) {
    case PieceLook::Shape::Figure:
      return "figure";
    case PieceLook::Shape::Disc:
      return "disc";
    case PieceLook::Shape::Man:
      return "man";
    case PieceLook::Shape::Mark:
      return "mark";
  }
  return "figure";
}

json board_json(const BoardLook& b) {
  json squares = json::array();
  for (const SquareCell& c : b.squares) squares.push_back({{"key", c.key}, {"x", c.x}, {"y", c.y}});
  json j = {{"files", b.files},
            {"ranks", b.ranks},
            {"style", style_name(b.style)},
            {"bottom_side", side(b.bottom_side)},
            {"squares", squares},
            {"file_labels", {b.file_labels[0], b.file_labels[1]}},
            {"rank_labels", b.rank_labels},
            {"numbered", b.numbered}};
  if (b.river >= 0) j["river"] = {{"below_rank", b.river}, {"text", b.river_text}};
  if (!b.palaces.empty()) j["palaces"] = b.palaces;
  return j;
}

json variant_json(const VariantDescriptor& v) {
  json pieces = json::array();
  for (const PieceLook& p : v.pieces)
    pieces.push_back({{"code", std::string(1, p.code)},
                      {"side", side(p.side)},
                      {"shape", shape_name(p.shape)},
                      {"glyph", p.glyph},
                      {"colour", p.colour},
                      {"name", words(p.name)}});
  json notations = json::array();
  for (const NotationInfo& n : v.notations) {
    notations.push_back({{"id", n.id}, {"title", words(n.title)}, {"first_in", n.first_in}});
    if (!n.file_labels.empty() || !n.rank_labels.empty())
      notations.back()["labels"] = {{"files", n.file_labels}, {"ranks", n.rank_labels}};
  }
  json handicaps = json::array();
  for (const HandicapInfo& h : v.handicaps)
    handicaps.push_back(
        {{"name", h.name}, {"title", words(h.title)}, {"default_giver", side(h.default_giver)}});
  json tags = json::array();
  for (const auto& [name, value] : v.record.identifying_tags) tags.push_back({name, value});
  return {{"name", v.name},
          {"title", words(v.title)},
          {"sides", {words(v.sides[0]), words(v.sides[1])}},
          {"board", board_json(v.board)},
          {"pieces", pieces},
          {"notations", notations},
          {"handicaps", handicaps},
          {"record", {{"format", v.record.format}, {"identifying_tags", tags}}},
          {"numbered_starts", v.numbered_starts}};
}

}  // namespace

json descriptor_json(const GameDescriptor& g) {
  json variants = json::array();
  for (const VariantDescriptor& v : g.variants) variants.push_back(variant_json(v));
  return {{"name", g.name}, {"title", words(g.title)}, {"variants", variants}};
}

}  // namespace qi::server
