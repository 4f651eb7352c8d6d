// Tic-tac-toe's course: the rules in four steps, then the rules of thumb of
// docs/rules.md in their order (win, block, fork, block a fork, the centre),
// each a position where the rule is the move to find.
#include "games/tictactoe/lessons.h"

namespace qi::tictactoe {
namespace {

constexpr LessonStep kRules[] = {
    {.id = "first-mark",
     .fen = ".../.../... x",
     .goal = LessonGoal::Play,
     .en = "X goes first. Put your X on any square.",
     .zh = "X先走。把你的X放在任意一个格子里。",
     .solution = "b2",
     .accept = "a1 a2 a3 b1 b2 b3 c1 c2 c3"},
    {.id = "taken-square",
     .fen = "..o/.x./... x",
     .goal = LessonGoal::Play,
     .en = "A square with a mark in it is taken. Put your X on an empty square.",
     .zh = "已经有棋子的格子不能再下。把X放在一个空格子里。",
     .solution = "a1",
     .accept = "a1 a2 a3 b1 b3 c1 c2",
     .refused = "b2 c3",
     .teaches = "occupied"},
    {.id = "three-in-a-row",
     .fen = "oo./.../xx. x",
     .goal = LessonGoal::Ending,
     .en = "Three of your marks in a line win: across, down or corner to corner. Win now.",
     .zh = "三个同样的棋子连成一条线就赢了：横、竖、斜都可以。现在就赢下来。",
     .solution = "c1",
     .ending = "three_in_a_row",
     .within = true,
     .teaches = "three_in_a_row",
     .par = 1},
    {.id = "board-full",
     .fen = "xox/xoo/ox. x",
     .goal = LessonGoal::Ending,
     .en =
         "When all nine squares are full and nobody has three in a line, it is a draw. Fill the last square.",
     .zh = "九个格子都下满了，谁也没连成一线，就是和棋。把最后一格下满。",
     .solution = "c1",
     .ending = "board_full",
     .teaches = "board_full"},
};

constexpr LessonStep kRulesOfThumb[] = {
    {.id = "win-first",
     .fen = "oo./xx./... x",
     .goal = LessonGoal::Ending,
     .en = "First look for your own line. O threatens too, but you move first: win!",
     .zh = "先看自己能不能连成一线。对方也快连上了，可现在轮到你：直接赢！",
     .solution = "c2",
     .ending = "three_in_a_row",
     .within = true,
     .teaches = "three_in_a_row",
     .par = 1},
    {.id = "block",
     .fen = ".x./.oo/x.. x",
     .goal = LessonGoal::Play,
     .en = "O has two in a row. Stop O: put your X on the third square.",
     .zh = "对方已经两子连线了。堵住它：把X放在那一条线的第三格。",
     .solution = "a2",
     .accept = "a2"},
    {.id = "block-as-o",
     .fen = "xo./.o./.xx o",
     .goal = LessonGoal::Play,
     .en = "You play O this time. X is about to win: block the line.",
     .zh = "这次你执O。X马上就要连成一线了，快去堵住。",
     .solution = "a1",
     .accept = "a1"},
    {.id = "fork",
     .fen = "x.o/o../x.. x",
     .goal = LessonGoal::Play,
     .en = "Make two threats with one move: O can block only one of them.",
     .zh = "一步棋同时造成两个威胁，对方只能堵住一个。",
     .solution = "c1",
     .accept = "c1"},
    {.id = "fork-and-win",
     .fen = "x.o/o../x.. x",
     .goal = LessonGoal::Ending,
     .en = "Make two threats, then win with the one O did not block. Win in two moves.",
     .zh = "先造成两个威胁，再用对方没堵住的那一条取胜。两步之内赢棋。",
     .solution = "c1 b2 b1",
     .ending = "three_in_a_row",
     .within = true,
     .teaches = "three_in_a_row",
     .par = 2},
    {.id = "centre",
     .fen = ".../.../... x",
     .goal = LessonGoal::Play,
     .en = "The middle square is on four lines, more than any other. Take it.",
     .zh = "中间的格子连着四条线，比哪一格都多。先占中间。",
     .solution = "b2",
     .accept = "b2"},
    {.id = "block-a-fork",
     .fen = "x../.o./..x o",
     .goal = LessonGoal::Play,
     .en =
         "X has two corners and wants a third, making two threats. Play on a side square: X must answer it.",
     .zh = "X占了两个角，还想再占一个角造成两个威胁。你下在边上的格子，逼X先去防守。",
     .solution = "a2",
     .accept = "a2 b1 b3 c2"},
    {.id = "draw-with-care",
     .fen = "xo./.o./..x x",
     .goal = LessonGoal::Ending,
     .en = "Block every line O starts, and play until the board is full: a draw.",
     .zh = "对方每连上两个就去堵，一直下到棋盘下满：和棋。",
     .solution = "b1 a1 c3 c2 a2",
     .ending = "board_full",
     .teaches = "board_full"},
};

constexpr LessonStage kStages[] = {
    {.id = "rules", .en = "The rules", .zh = "规则", .steps = kRules},
    {.id = "rules-of-thumb", .en = "Playing well", .zh = "下棋的诀窍", .steps = kRulesOfThumb},
};

constexpr LessonCourse kCourses[] = {{.variant = "", .stages = kStages}};

}  // namespace

const GameLessons kLessons{.courses = kCourses};

}  // namespace qi::tictactoe
