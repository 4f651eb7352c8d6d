/* Moby Dam (Harm Jetten's international draughts engine, GPL-3.0-or-later)
 * behind the UCI dialect `qi uci` speaks for draughts (docs/protocols.md), so
 * that `qi match` can play it as an anchor for international draughts.
 *
 * Moby Dam speaks only DamExchange, over TCP, with a clock per game; the arena
 * speaks UCI over pipes, a position and a time per move. This file takes the
 * place of Moby Dam's main/dxp.c: it defines what dxp.h declares, reads UCI,
 * keeps the game's boards chained (Moby Dam's draw rules walk that chain) and
 * calls its search with a hard limit per move. Moby Dam itself is not in this
 * repository: bench/anchors/build_mobydam.sh builds it from its source.
 *
 * Moby Dam prints its search log on stdout, so the UCI replies go to a copy of
 * the original stdout and stdout itself is sent to stderr. */

#include "main.h" /* Moby Dam's: its core, dxp.h, pdn.h and search.h */

/* What dxp.h declares: the search and the draw rules read these. */
mev main_event;
char engine_name[] = "Moby Dam";
char opponent_name[33] = "";
int playtime_moves = 0;
int playtime_period = 0;
int timeleft_period = 0;
int timeleft_opponent = 0;
u32 move_time = 0;
int test_depth = 0;
u32 test_time = 0;
int our_side = W;
bool game_inprog = FALSE;
int side_moving = W;
int game_number = 0;
int game_result = 0;
char pdn_format[] = "result%d.pdn";
bool verbose_info = FALSE;

/* The search polls for events every 100 ms and ends on its own time limits;
 * this driver reads no command during a search (so `stop` is not heard). */
void poll_event(int wait) { (void)wait; }

/* The search never logs a game record here. */
void log_pdnstartstop(bitboard* bb) { (void)bb; }

#define MAX_PLIES 2048

static FILE* uci_out;
/* Percent of the given time Moby Dam thinks (UCI option TimeShare): below
 * 100 it plays at time odds, for finding the time at which Qi scores half. */
static long time_share = 100;
static bitboard game_boards[MAX_PLIES + 1];
static int game_length; /* boards in game_boards, the start position first */

static bitboard* current_board(void) { return &game_boards[game_length - 1]; }

/* One line to the GUI: the text, then a newline, flushed. */
static void reply(const char* text) {
  fputs(text, uci_out);
  fputc('\n', uci_out);
  fflush(uci_out);
}

/* Row and column (0-9) of square 1-50 as White sees the board: square 1 is
 * the second cell of the top row. */
static void square_to_cell(int square, int* row, int* col) {
  *row = (square - 1) / 5;
  *col = 2 * ((square - 1) % 5) + ((*row % 2 == 0) ? 1 : 0);
}

static int cell_to_square(int row, int col) {
  if (row < 0 || row > 9 || col < 0 || col > 9 || (row + col) % 2 == 0) return 0;
  return row * 5 + col / 2 + 1;
}

/* The pieces a move given as its landing squares jumps over: on each leg, the
 * opponent's piece on the diagonal between two landing squares. */
static u64 jumped_pieces(const bitboard* bb, const int* squares, int count) {
  u64 opponents = (bb->side == W) ? bb->black : bb->white;
  u64 jumped = 0;
  for (int i = 0; i + 1 < count; i++) {
    int r0, c0, r1, c1;
    square_to_cell(squares[i], &r0, &c0);
    square_to_cell(squares[i + 1], &r1, &c1);
    int dr = (r1 > r0) - (r1 < r0), dc = (c1 > c0) - (c1 < c0);
    if (abs(r1 - r0) != abs(c1 - c0)) return ~0ULL; /* not a diagonal: matches nothing */
    for (int r = r0 + dr, c = c0 + dc; r != r1; r += dr, c += dc) {
      u64 bit = conv_to_bit(cell_to_square(r, c));
      if (opponents & bit) jumped |= bit;
    }
  }
  return jumped;
}

/* Parses "32-28", "28x19" or "28x19x10" into squares; returns how many. */
static int parse_squares(const char* text, int* squares, int capacity) {
  int count = 0;
  while (*text && count < capacity) {
    if (!isdigit((unsigned char)*text)) return 0;
    int n = 0;
    while (isdigit((unsigned char)*text)) n = n * 10 + (*text++ - '0');
    if (n < 1 || n > 50) return 0;
    squares[count++] = n;
    if (*text == '-' || *text == 'x' || *text == 'X')
      text++;
    else if (*text)
      return 0;
  }
  return count;
}

/* Plays a move in the arena's notation; FALSE when no legal move matches. */
static bool play_text_move(const char* text) {
  int squares[32];
  int count = parse_squares(text, squares, 32);
  if (count < 2 || game_length > MAX_PLIES) return FALSE;
  bitboard* bb = current_board();
  static movelist list;
  static lnlist notation;
  gen_moves(bb, &list, &notation, TRUE);
  u64 jumped = (list.npcapt > 0) ? jumped_pieces(bb, squares, count) : 0;
  for (int m = 0; m < list.count; m++) {
    if (move_square(&list.move[m], FROM) != squares[0]) continue;
    if (move_square(&list.move[m], TO) != squares[count - 1]) continue;
    if (list.npcapt > 0 && count > 2 && move_captbits(&list.move[m]) != jumped) continue;
    game_boards[game_length] = list.move[m];
    game_boards[game_length].parent = bb;
    game_length++;
    return TRUE;
  }
  return FALSE;
}

static bool set_position(char* args) {
  char* moves = strstr(args, " moves");
  if (moves) *moves = '\0';
  game_length = 1;
  game_boards[0].parent = NULL;
  if (strncmp(args, "startpos", 8) == 0) {
    init_board(&game_boards[0]);
  } else if (strncmp(args, "fen ", 4) == 0) {
    if (!setup_fen(&game_boards[0], args + 4)) return FALSE;
  } else {
    return FALSE;
  }
  game_boards[0].parent = NULL;
  if (!moves) return TRUE;
  for (char* move = strtok(moves + 6, " \t\r\n"); move; move = strtok(NULL, " \t\r\n"))
    if (!play_text_move(move)) {
      fprintf(stderr, "mobydam_uci: illegal move %s\n", move);
      return FALSE;
    }
  return TRUE;
}

/* The move in the arena's notation: from and to, with the landing squares
 * when another capture shares both. */
static void move_text(movelist* list, lnlist* notation, int m, char* out) {
  int from = move_square(&list->move[m], FROM), to = move_square(&list->move[m], TO);
  int twins = 0;
  for (int k = 0; k < list->count; k++)
    if (move_square(&list->move[k], FROM) == from && move_square(&list->move[k], TO) == to) twins++;
  if (twins > 1) {
    int len = sprintf(out, "%d", notation->move[m].square[0]);
    for (int n = 1; notation->move[m].square[n] != 0; n++)
      len += sprintf(out + len, "x%d", notation->move[m].square[n]);
    return;
  }
  sprintf(out, "%d%c%d", from, list->npcapt > 0 ? 'x' : '-', to);
}

static long go_value(const char* args, const char* name, long fallback) {
  const char* p = strstr(args, name);
  return p ? atol(p + strlen(name)) : fallback;
}

/* The nominal and the hard time for this move. `movetime T`: T for both, so
 * that the hard limit decides and both sides think for the time the arena
 * gives. A clock: Moby Dam's own plan for DamExchange's clock (the moves left
 * estimated from the move number, the time left shared among them plus two),
 * with the increment added, and never more than a quarter of what is left. */
static void plan_time(const char* args, const bitboard* bb) {
  long movetime = go_value(args, "movetime ", 0);
  if (movetime > 0) {
    movetime = movetime * time_share / 100;
    if (movetime < 1) movetime = 1;
    move_time = 100 * (u32)movetime;
    /* Its hard limit stops the search a little after the limit. */
    test_time = (u32)(movetime - (movetime >= 200 ? 20 : movetime / 10));
    return;
  }
  long left = go_value(args, bb->side == W ? "wtime " : "btime ", 10000);
  long increment = go_value(args, bb->side == W ? "winc " : "binc ", 0);
  long to_go = go_value(args, "movestogo ", 0);
  int move_number = (game_length + 1) / 2;
  long moves = to_go > 0 ? to_go : 60 + move_number * move_number / 196 - move_number;
  if (moves < 15 && to_go <= 0) moves = 15;
  long nominal = ((left > 0 ? left : 0) / (moves + 2) + increment) * time_share / 100;
  long hard = ((left > 0 ? left : 0) / 4 + increment / 2) * time_share / 100;
  if (nominal > hard) nominal = hard;
  move_time = (u32)(nominal > 1 ? nominal : 1);
  test_time = (u32)(hard > 1 ? hard : 1);
}

static void go(char* args) {
  bitboard* bb = current_board();
  static movelist list, searched;
  static lnlist notation;
  gen_moves(bb, &list, &notation, TRUE);
  if (list.count == 0) {
    reply("bestmove (none)");
    return;
  }
  searched = list;
  side_moving = our_side = bb->side;
  game_inprog = TRUE;
  plan_time(args, bb);
  memset(&main_event, 0, sizeof main_event);
  engine_think(&searched, 100);
  for (int m = 0; m < list.count; m++)
    if (bb_compare(&list.move[m], &searched.move[0]) == EQUAL) {
      char text[128];
      move_text(&list, &notation, m, text);
      char line[160];
      snprintf(line, sizeof line, "bestmove %s", text);
      reply(line);
      return;
    }
  reply("bestmove (none)");
}

int main(int argc, char** argv) {
  u32 tt_exponent = 22; /* 2^22 entries, 64 MiB */
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], "-t") == 0) tt_exponent = (u32)atoi(argv[i + 1]);

  uci_out = fdopen(dup(1), "w");
  dup2(2, 1);
  if (!init_tt(tt_exponent)) {
    fprintf(stderr, "mobydam_uci: cannot allocate the hash table\n");
    return 1;
  }
  /* No opening book and no endgame databases: the tables are a separate
   * download and the arena gives the openings. */
  init_enddb("");
  init_break("");
  init_board(&game_boards[0]);
  game_length = 1;

  char line[65536];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\r\n")] = '\0';
    if (strcmp(line, "uci") == 0) {
      reply("id name Moby Dam 2019-05-19");
      reply("id author Harm Jetten");
      reply("option name UCI_Variant type combo default international var international");
      reply("option name TimeShare type spin default 100 min 1 max 100");
      reply("uciok");
    } else if (strcmp(line, "isready") == 0) {
      reply("readyok");
    } else if (strncmp(line, "setoption name TimeShare value ", 31) == 0) {
      long share = atol(line + 31);
      time_share = share < 1 ? 1 : share > 100 ? 100 : share;
    } else if (strcmp(line, "ucinewgame") == 0) {
      wipe_tt();
      clear_hist();
    } else if (strncmp(line, "position ", 9) == 0) {
      if (!set_position(line + 9)) fprintf(stderr, "mobydam_uci: bad position: %s\n", line);
    } else if (strncmp(line, "go", 2) == 0) {
      go(line + 2);
    } else if (strcmp(line, "quit") == 0) {
      break;
    }
  }
  return 0;
}
