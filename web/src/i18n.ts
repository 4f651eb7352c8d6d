// The page's words in English and simplified Chinese. The browser's language
// chooses at first; the choice is kept.
export type Lang = 'en' | 'zh';

const en = {
  newGame: 'New game', savedGames: 'Games', drawOffered: 'Your opponent offers a draw.', accept: 'Accept',
  decline: 'Decline', undo: 'Undo', redo: 'Redo', hint: 'Hint', flip: 'Flip', offerDraw: 'Offer draw',
  claimDraw: 'Claim draw', resign: 'Resign', notation: 'Notation', export: 'Export (PGN / PDN / FEN)', game: 'Game',
  variant: 'Variant', opponent: 'Opponent', vsEngine: 'Qi engine', vsHuman: 'Another person here',
  engineVsEngine: 'Engine against engine', level: 'Level', yourSide: 'Your side', handicap: 'Handicap',
  timeControl: 'Time', unlimited: 'Unlimited', sd5: '5 minutes', inc3_2: '3 min + 2 s', inc10_5: '10 min + 5 s',
  pm30: '30 s a move (3 overruns lose)', sd10s: '10 seconds (sudden death)', startFen: 'Start position',
  cancel: 'Cancel', start: 'Play', close: 'Close', none: 'None', toMove: '{side} to move', yourTurn: 'Your turn',
  thinking: 'Qi is thinking…', check: 'Check!', gameOver: 'Game over', hintIs: 'Hint: {move} — {reason}',
  drawOfferSent: 'Draw offered.', overruns: 'overruns', tictactoe: 'Tic-tac-toe', checkers: 'Checkers / draughts',
  chess: 'Chess', xiangqi: 'Xiangqi', english: 'English', russian: 'Russian', brazilian: 'Brazilian',
  international: 'International', pawn: 'Pawn', knight: 'Knight', rook: 'Rook', queen: 'Queen', horse: 'Horse',
  two_horses: 'Two horses', chooseCapture: 'Choose the capture path', promoteTo: 'Promote to',
  forcedCapture: 'A capture is compulsory.', noGames: 'No games yet.', ongoing: 'in play',
  notation_display: 'Standard', notation_id: 'Coordinates', notation_wxf: 'WXF', notation_chinese: '中文',
  notation_iccs: 'ICCS', notation_san: 'SAN', notation_pdn: 'PDN', level_n: 'Qi level {n}', you: 'You',
  first: 'First', second: 'Second', confirmResign: 'Resign this game?',
};
type Key = keyof typeof en;

const zh: Record<Key, string> = {
  newGame: '新对局', savedGames: '棋局', drawOffered: '对方提议和棋。', accept: '同意', decline: '拒绝', undo: '悔棋',
  redo: '重做', hint: '提示', flip: '翻转棋盘', offerDraw: '提和', claimDraw: '要求判和', resign: '认输',
  notation: '记谱', export: '导出 (PGN / PDN / FEN)', game: '棋类', variant: '规则', opponent: '对手',
  vsEngine: '电脑 (Qi 引擎)', vsHuman: '同屏对弈', engineVsEngine: '电脑对电脑', level: '级别', yourSide: '执子',
  handicap: '让子', timeControl: '计时', unlimited: '不限时', sd5: '5 分钟', inc3_2: '3 分 + 2 秒',
  inc10_5: '10 分 + 5 秒', pm30: '每步 30 秒 (三次超时判负)', sd10s: '10 秒 (包干)', startFen: '起始局面',
  cancel: '取消', start: '开始', close: '关闭', none: '无', toMove: '{side}走棋', yourTurn: '轮到你走',
  thinking: 'Qi 思考中…', check: '将军！', gameOver: '对局结束', hintIs: '提示：{move} — {reason}',
  drawOfferSent: '已提和。', overruns: '超时', tictactoe: '井字棋', checkers: '跳棋 (国际跳棋)', chess: '国际象棋',
  xiangqi: '中国象棋', english: '英式', russian: '俄式', brazilian: '巴西式', international: '国际 (10×10)',
  pawn: '兵', knight: '马', rook: '车', queen: '后', horse: '马', two_horses: '双马', chooseCapture: '选择吃子路线',
  promoteTo: '升变为', forcedCapture: '必须吃子。', noGames: '还没有棋局。', ongoing: '进行中',
  notation_display: '标准', notation_id: '坐标', notation_wxf: 'WXF', notation_chinese: '中文',
  notation_iccs: 'ICCS', notation_san: 'SAN', notation_pdn: 'PDN', level_n: 'Qi {n} 级', you: '你',
  first: '先手', second: '后手', confirmResign: '确定认输？',
};

const sideNamesZh: Record<string, string> = { White: '白方', Black: '黑方', Red: '红方', X: 'X', O: 'O' };

let lang: Lang = (localStorage.getItem('qi.lang') as Lang) ||
  (navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en');

export function currentLang(): Lang { return lang; }
export function setLang(l: Lang) { lang = l; localStorage.setItem('qi.lang', l); document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en'; }
export function t(key: string, vars: Record<string, string> = {}): string {
  const table = lang === 'zh' ? zh : en;
  let s: string = (table as Record<string, string>)[key] ?? (en as Record<string, string>)[key] ?? key;
  for (const [k, v] of Object.entries(vars)) s = s.replace('{' + k + '}', v);
  return s;
}
export function sideName(name: string): string { return lang === 'zh' ? (sideNamesZh[name] ?? name) : name; }
export function applyStatic() {
  document.querySelectorAll<HTMLElement>('[data-i18n]').forEach((el) => { el.textContent = t(el.dataset.i18n!); });
}
