// What the server says in English, said in the page's language from the
// codes it sends with it: how a game ended (verdict, winner, termination)
// and why a hint is good (its kind and the move). English pages keep the
// server's own sentence; a code this page does not know falls back to it.
import { currentLang, sideName } from './i18n';
import refusals from './refusals.json';

// A refused request in the page's language: on a Chinese page the sentence
// for its code, from the game's table or the common one; else (an English
// page, or a code this page does not know) the server's own words.
export const commonRefusals: Record<string, string> = refusals.common;

export function refusalText(code: string | undefined, message: string, game: string | undefined): string {
  if (currentLang() !== 'zh' || !code) return message;
  const tables = refusals as unknown as Record<string, Record<string, string>>;
  return (game && tables[game]?.[code]) || tables.common[code] || message;
}

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

// A hint as the server gives it: its kind and the facts of that kind
// (src/app/session_json.h hint_json).
export interface HintFacts {
  kind?: string;
  mate_in?: number;
  material?: string;
  gain?: number;
  safely?: boolean;
  threat?: { id: string; display: string };
  threat_is_mate?: boolean;
  strategy?: string;
  assessment_cp?: number;
}

// Material a hint takes, by the server's id.
const materialWords: Record<string, { en: string; zh: string }> = {
  queen: { en: 'the queen', zh: '后' }, rook: { en: 'a rook', zh: '车' }, minor_piece: { en: 'a piece', zh: '一个轻子' },
  pawn: { en: 'a pawn', zh: '兵' }, chariot: { en: 'a chariot', zh: '车' },
  chariot_or_big_piece: { en: 'a chariot or a big piece', zh: '车或大子' }, horse_or_cannon: { en: 'a horse or cannon', zh: '马或炮' },
  soldier: { en: 'a soldier', zh: '兵（卒）' }, piece: { en: 'a piece', zh: '一子' }, pieces: { en: 'pieces', zh: '多个棋子' },
};
// Tic-tac-toe's rules of thumb, by the server's id.
const strategyWords: Record<string, { en: string; zh: string }> = {
  win: { en: 'completes a line of three: it wins', zh: '连成三子，获胜' },
  block: { en: 'blocks the line the opponent would complete', zh: '堵住对方即将连成的线' },
  fork: { en: 'makes two threats at once; only one can be blocked', zh: '同时形成两个威胁，对方只能堵住一个' },
  block_fork: { en: 'stops the opponent from making two threats at once', zh: '阻止对方同时形成两个威胁' },
  centre: { en: 'takes the centre, which lies on four lines', zh: '占中心：中心位于四条线上' },
  opposite_corner: { en: "takes the corner opposite the opponent's", zh: '占对方所占角的对角' },
  empty_corner: { en: 'takes a corner, which lies on three lines', zh: '占角：角位于三条线上' },
  empty_side: { en: 'takes a side square', zh: '占边' },
};

// "+0.3": an assessment in the game's units.
const units = (cp: number) => (cp < 0 ? '-' : '+') + (Math.abs(cp) / 100).toFixed(1);

// Why a hint is good, in the page's language, composed from its facts;
// empty when its kind is unknown (the page then names the kind).
export function hintText(h: HintFacts, game: string): string {
  const zh = currentLang() === 'zh';
  const mates = game === 'chess' || game === 'xiangqi';
  switch (h.kind) {
    case 'only_move': return zh ? '唯一合法着法' : 'it is the only legal move';
    case 'mate': {
      const n = h.mate_in ?? 1;
      if (n <= 1) return zh ? (mates ? '将死' : '立即获胜') : (mates ? 'checkmate' : 'it wins at once');
      return zh ? (mates ? `${n} 步杀` : `${n} 步内获胜`) : `${mates ? 'mate' : 'wins'} in ${n} moves`;
    }
    case 'strategy': {
      const w = strategyWords[h.strategy ?? ''];
      return w ? (zh ? w.zh : w.en) : '';
    }
    case 'stops_threat': {
      const move = h.threat?.display ?? h.threat?.id ?? '';
      if (h.threat_is_mate) return zh ? `解除对方的杀棋威胁（${move}）` : `stops the threat of mate (${move})`;
      return zh ? `解除威胁：对方本想走 ${move}` : `stops a threat: the opponent would play ${move}`;
    }
    case 'wins_material': {
      const w = materialWords[h.material ?? ''];
      const what = w ? (zh ? w.zh : w.en) : (zh ? '子' : 'material');
      if (h.safely) return zh ? `安全地吃掉${what}` : `takes ${what} safely`;
      return zh ? `得子：吃掉${what}` : `wins material: it takes ${what}`;
    }
    case 'check': return zh ? '将军，保持主动' : 'gives check and keeps the initiative';
    case 'positional': {
      const a = units(h.assessment_cp ?? 0);
      return zh ? `此处最好的计划（评估 ${a}）` : `the best plan here (assessment ${a})`;
    }
    default: return '';
  }
}
