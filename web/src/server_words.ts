// What the server says in English, said in the page's language from the
// codes it sends with it: how a game ended (verdict, winner, termination)
// and why a hint is good (its kind and the move). English pages keep the
// server's own sentence; a code this page does not know falls back to it.
import { currentLang, sideName } from './i18n';

export interface Ending {
  verdict: 'ongoing' | 'win' | 'draw';
  winner: 'first' | 'second';
  termination: string;
  reason: string;
}
export interface EndingContext {
  game: string;
  sides: [string, string];  // the English side names, first mover first
  perMove?: boolean;  // the clock counts overruns of xiangqi's time a move
  maxOverruns?: number;
}

// The number in an English reason ("no capture in 60 moves"), when there is one.
const numberIn = (s: string, fallback: string) => s.match(/(\d+)/)?.[1] ?? fallback;

// The cause of the ending in Chinese, with the game's own terms; {w} is the
// winner's side, {l} the other side.
function causeZh(e: Ending, c: EndingContext, w: string, l: string): string | null {
  const r = e.reason;
  switch (e.termination) {
    case 'checkmate': return '将死';
    case 'stalemate': return c.game === 'xiangqi' ? `${l}困毙` : '逼和';
    case 'dead_position': return '死局：双方都不可能将死对方';
    case 'threefold_repetition': return '同一局面重复三次';
    case 'fivefold_repetition': return '同一局面重复五次';
    case 'fifty_moves': return '五十回合规则：双方各 50 步未吃子、未动兵';
    case 'seventy_five_moves': return '七十五回合规则：双方各 75 步未吃子、未动兵';
    case 'perpetual_check': return `${l}长将判负`;
    case 'perpetual_chase': return `${l}长捉判负`;
    case 'repetition':
      if (/checked perpetually/.test(r)) return '双方长将，不变作和';
      if (/chased perpetually/.test(r)) return '双方长捉，不变作和';
      return '不变作和：同一局面重复三次';
    case 'move_limit': return `自然限着：双方各 ${numberIn(r, '60')} 步未吃子`;
    case 'insufficient_material': return '双方都没有能过河的棋子';
    case 'no_pieces': return `${l}的棋子已被吃光`;
    case 'no_moves': return `${l}无子可走`;
    case 'forty_move_rule': return `双方各 ${numberIn(r, '40')} 步未吃子、未动兵`;
    case 'twenty_five_move_rule': return '双方各 25 步只动王、未吃子';
    case 'twenty_move_rule': return '双方各 20 步只动王、未吃子';
    case 'fifteen_move_rule': return '双方各 15 步只动王、未吃子';
    case 'sixteen_move_rule': return '对单王的残局中双方各走了 16 步';
    case 'five_move_rule': return '对单王的残局中双方各走了 5 步';
    case 'three_kings_rule': return '三个王 15 步内未能吃掉单王';
    case 'three_in_a_row': return `${w}三子连成一线`;
    case 'board_full': return '棋盘已满';
    case 'resignation': return `${l}认输`;
    case 'agreement': return '双方同意和棋';
    case 'time':
      return c.perMove ? `${l}每步限时超时 ${c.maxOverruns ?? 3} 次` : `${l}超时`;
    case 'time_no_mating_material': {
      // A draw: the side whose flag fell is named first in the server's sentence.
      const flagged = r.startsWith(c.sides[1]) ? 1 : 0;
      return `${sideName(c.sides[flagged])}超时，但${sideName(c.sides[1 - flagged])}已不可能取胜`;
    }
    case 'adjudication': return '裁定';
    case 'max_moves': return '步数达到上限，裁定';
    default: return null;
  }
}

// The result and its cause in the page's language: "红方胜 · 将死",
// "和棋 · 双方同意和棋"; in English the server's sentence.
export function endingText(e: Ending, c: EndingContext): string {
  if (e.verdict === 'ongoing') return '';
  const wi = e.winner === 'second' ? 1 : 0;
  const w = sideName(c.sides[wi]), l = sideName(c.sides[1 - wi]);
  if (currentLang() === 'zh') {
    const cause = causeZh(e, c, w, l);
    const result = e.verdict === 'win' ? `${w}胜` : '和棋';
    if (cause !== null) return `${result} · ${cause}`;
    return e.reason ? `${result} · ${e.reason}` : result;
  }
  if (e.reason) return e.reason;
  const cause = e.termination.replace(/_/g, ' ');
  return (e.verdict === 'win' ? `${c.sides[wi]} wins` : 'Draw') + (cause ? `: ${cause}` : '');
}

// A saved game's ending from its summary, where the score says who won
// ("1-0": the first mover, "0-1": the second, "1/2-1/2": a draw).
export function endingFromScore(score: string): Pick<Ending, 'verdict' | 'winner'> {
  if (score === '1-0') return { verdict: 'win', winner: 'first' };
  if (score === '0-1') return { verdict: 'win', winner: 'second' };
  if (score === '1/2-1/2') return { verdict: 'draw', winner: 'first' };
  return { verdict: 'ongoing', winner: 'first' };
}

// Material the engine names in a hint ("takes a horse or cannon").
const materialZh: Record<string, string> = {
  pieces: '多个棋子', 'a piece': '一子', 'a chariot': '车', 'the queen': '后', 'a chariot or a big piece': '车或大子',
  'a rook': '车', 'a horse or cannon': '马或炮', 'a pawn': '兵',
};
// Tic-tac-toe's rules of thumb, as the engine words them.
const ruleZh: Record<string, string> = {
  'completes a line of three: it wins': '连成三子，获胜',
  'blocks the line the opponent would complete': '堵住对方即将连成的线',
  'makes two threats at once; only one can be blocked': '同时形成两个威胁，对方只能堵住一个',
  'stops the opponent from making two threats at once': '阻止对方同时形成两个威胁',
  'takes the centre, which lies on four lines': '占中心：中心位于四条线上',
  "takes the corner opposite the opponent's": '占对方所占角的对角',
  'takes a corner, which lies on three lines': '占角：角位于三条线上',
  'takes a side square': '占边',
};
const kindZh: Record<string, string> = {
  only_move: '唯一着法', mate: '杀棋', rule: '要点', stops_threat: '解除威胁', wins_material: '得子', check: '将军',
  positional: '局面上的最佳着法',
};

// Why a hint is good, in the page's language: from the engine's kind of
// hint, reading the details (a move, a count, the material) from its
// English sentence where the kind alone would say too little.
export function hintReason(kind: string | undefined, reason: string, game: string): string {
  if (currentLang() !== 'zh') return reason;
  const r = reason.trim();
  let m: RegExpMatchArray | null;
  switch (kind) {
    case 'only_move': return '唯一合法着法';
    case 'mate':
      if (r === 'checkmate') return '将死';
      if (r === 'it wins at once') return '立即获胜';
      if ((m = r.match(/^mate in (\d+)/))) return `${m[1]} 步杀`;
      if ((m = r.match(/^wins in (\d+)/))) return `${m[1]} 步内获胜`;
      return kindZh.mate;
    case 'rule': return ruleZh[r] ?? kindZh.rule;
    case 'stops_threat':
      if ((m = r.match(/^stops the threat of mate \((.*)\)$/))) return `解除对方的杀棋威胁（${m[1]}）`;
      if ((m = r.match(/^stops a threat: the opponent would play (.*)$/))) return `解除威胁：对方本想走 ${m[1]}`;
      return kindZh.stops_threat;
    case 'wins_material': {
      const what = (s: string) => (game === 'chess' && s === 'a piece' ? '一个轻子' : materialZh[s] ?? '');
      if ((m = r.match(/^wins material: it takes (.*)$/))) return `得子：吃掉${what(m[1])}`;
      if ((m = r.match(/^takes (.*) safely$/))) return `安全地吃掉${what(m[1])}`;
      return kindZh.wins_material;
    }
    case 'check': return '将军，保持主动';
    case 'positional':
      if ((m = r.match(/\(assessment ([+-]?\d+(?:\.\d+)?)\)/))) return `此处最好的计划（评估 ${m[1]}）`;
      return kindZh.positional;
    default: return r;
  }
}
