// Xiangqi's book for reviews (engine/book.h): the main lines of the
// standard openings, in Chinese notation from the standard position. A move
// on them is not marked in a review unless it measurably loses.
#include "engine/book.h"

namespace qi::engine {
namespace {

const bool registered = [] {
  register_openings("xiangqi", "",
                    {
                        // 中炮对屏风马
                        "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵七进一 卒7进1 车二进六 炮8平9",
                        "炮二平五 马8进7 马二进三 卒7进1 车一平二 车9平8 马八进七 马2进3",
                        "炮二平五 马8进7 马二进三 马2进3 车一平二 车9平8 兵七进一 卒7进1",
                        // 顺炮与列炮
                        "炮二平五 炮8平5 马二进三 马8进7 车一平二 车9平8",
                        "炮二平五 炮8平5 马二进三 马8进7 车一进一 车9平8",
                        "炮二平五 炮2平5 马二进三 马8进7",
                        // 中炮对反宫马、单提马、左炮封车
                        "炮二平五 马2进3 马二进三 炮8平6",
                        "炮二平五 马8进9 马二进三 车9平8",
                        "炮二平五 炮8进4",
                        "炮二平五 卒7进1 马二进三 马8进7",
                        // 飞相局
                        "相三进五 卒7进1 兵七进一 炮8平7",
                        "相三进五 炮8平4 马二进三 马8进7",
                        "相三进五 炮2平4",
                        "相三进五 马8进7 马二进三 车9平8",
                        // 仙人指路 (兵七进一)
                        "兵七进一 卒7进1 马八进七 马8进7",
                        "兵七进一 炮2平3 炮八平五 象3进5",
                        "兵七进一 炮8平5 炮二平五 马8进7",
                        "兵七进一 马2进3",
                        "兵三进一 卒3进1",
                        // 起马局
                        "马二进三 卒7进1 兵七进一 马8进7",
                        "马二进三 马8进7 兵三进一 卒3进1",
                        "马八进七 卒3进1",
                        // 过宫炮、士角炮
                        "炮二平六 马8进7 马二进三 车9平8",
                        "炮八平四 马2进3",
                        // the same openings from the other wing
                        "炮八平五 马2进3 马八进七 车1平2",
                        "炮八平五 炮2平5",
                        "相七进五 卒3进1",
                    });
  return true;
}();

}  // namespace
}  // namespace qi::engine
