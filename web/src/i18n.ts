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
  thinking: 'Qi is thinking…', check: 'Check!', gameOver: 'Game over', gameOverIs: 'Game over — {text}', hintIs: 'Hint: {move} — {reason}',
  drawOfferSent: 'Draw offered.', overruns: 'overruns', tictactoe: 'Tic-tac-toe', checkers: 'Checkers / draughts',
  chess: 'Chess', xiangqi: 'Xiangqi', english: 'English', russian: 'Russian', brazilian: 'Brazilian',
  international: 'International', pawn: 'Pawn', knight: 'Knight', rook: 'Rook', queen: 'Queen',
  handicap_pawn: 'Pawn (the f-pawn)', handicap_knight: 'Knight', handicap_rook: 'Rook', handicap_queen: 'Queen',
  handicap_one_horse: 'One horse', handicap_two_horses: 'Two horses', handicap_one_chariot: 'One chariot',
  handicap_chariot_horse: 'Chariot and horse', handicap_one_man: 'One man', handicap_two_men: 'Two men',
  handicap_no_centre: 'No centre (Qi moves second, away from the centre)', chooseCapture: 'Choose the capture path', promoteTo: 'Promote to',
  forcedCapture: 'A capture is compulsory.', noGames: 'No games yet.', ongoing: 'in play',
  notation_display: 'Standard', notation_id: 'Coordinates', notation_wxf: 'WXF', notation_chinese: '中文',
  notation_iccs: 'ICCS', notation_san: 'SAN', notation_pdn: 'PDN', level_n: 'Qi level {n}', you: 'You',
  first: 'First', second: 'Second', confirmResign: 'Resign this game?',
  players: 'Players', player: 'Player', guest: 'Guest (no profile)', newPlayer: 'New player…', newPlayerName: 'Name',
  secondPlayer: 'Second player', rated: 'Rated game', ratedNote: 'rated games allow no undo', profile: 'Profile',
  importRecord: 'Import PGN / PDN or a FEN', importPlaceholder: 'Paste a FEN, or a game in PGN (chess, xiangqi) or PDN (checkers)',
  download: 'Download {kind}', copyFen: 'Copy FEN', fenCopied: 'FEN copied.', review: 'Review', reviewing: 'The engine is reviewing the game…',
  reviewUnavailable: 'Review is not available on this server.', best: 'Best', played: 'Played', evaluation: 'Evaluation',
  closeReview: 'Close review', date: 'Date', result: 'Result', opponentCol: 'Opponent', moves: 'Moves', open: 'Open',
  allPlayers: 'All players', win: 'Win', draw: 'Draw', loss: 'Loss', wins: 'Wins', draws: 'Draws', losses: 'Losses',
  total: 'Total', byGame: 'By game', byOpponent: 'By opponent', streaks: 'Streaks', currentStreak: 'Current winning streak',
  bestStreak: 'Longest winning streak', timePlayed: 'Time played', ratingHistory: 'Rating history (Elo)',
  levelHistory: 'Level and points', results: 'Results', ratings: 'Ratings', elo: 'Elo', gamesPlayed: 'Games',
  points: 'Points', levelRank: 'Level {n}', unranked: 'Unranked', noRatedGames: 'No rated games yet.',
  noPlayer: 'There is no such player.', person: 'A person', engineLevel: 'Qi level {n}', hours: '{h} h {m} min', minutes: '{m} min',
  createPlayer: 'Create', playersTitle: 'Player profiles', noPlayers: 'No players yet: create one in the new-game dialog or here.',
  first_move: 'Start', prev_move: 'Back', next_move: 'Forward', last_move: 'Now', whiteAdvantage: 'advantage of {side}',
  currentRun: 'Current run', runWin: '{n} wins in a row', runDraw: '{n} draws in a row', runLoss: '{n} losses in a row',
  runWin1: 'a win', runDraw1: 'a draw', runLoss1: 'a loss', longestUnbeaten: 'Longest unbeaten run', longestLoss: 'Longest losing run',
  byPerson: 'Against people', guestShort: 'Guest', checkersShort: 'Checkers', yes: 'yes', no: 'no', back: 'Back to the game', savedGamesTitle: 'Saved games', status: 'Status', ratedCol: 'Rated',
  inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder', hintKind_only_move: 'Only move', hintKind_mate: 'Mate',
  hintKind_strategy: 'Rule of thumb', hintKind_stops_threat: 'Stops a threat', hintKind_wins_material: 'Wins material',
  hintKind_check: 'Check', hintKind_positional: 'Position',
  noFinishedGames: 'No finished games yet: results, streaks and charts appear after the first one.', playAs: 'Play a game as {name}', moveRefused: '{reason}',
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
  thinking: 'Qi 思考中…', check: '将军！', gameOver: '对局结束', gameOverIs: '对局结束：{text}', hintIs: '提示：{move} — {reason}',
  drawOfferSent: '已提和。', overruns: '超时', tictactoe: '井字棋', checkers: '跳棋 (国际跳棋)', chess: '国际象棋',
  xiangqi: '中国象棋', english: '英式', russian: '俄式', brazilian: '巴西式', international: '国际 (10×10)',
  pawn: '兵', knight: '马', rook: '车', queen: '后',
  handicap_pawn: '让兵（f 兵）', handicap_knight: '让马', handicap_rook: '让车', handicap_queen: '让后', handicap_one_horse: '让单马',
  handicap_two_horses: '让双马', handicap_one_chariot: '让单车', handicap_chariot_horse: '让车马', handicap_one_man: '让一子',
  handicap_two_men: '让两子', handicap_no_centre: '让中心（Qi 后走，不占中心）', chooseCapture: '选择吃子路线',
  promoteTo: '升变为', forcedCapture: '必须吃子。', noGames: '还没有棋局。', ongoing: '进行中',
  notation_display: '标准', notation_id: '坐标', notation_wxf: 'WXF', notation_chinese: '中文',
  notation_iccs: 'ICCS', notation_san: 'SAN', notation_pdn: 'PDN', level_n: 'Qi {n} 级', you: '你',
  first: '先手', second: '后手', confirmResign: '确定认输？',
  players: '棋手', player: '棋手', guest: '访客 (不记录)', newPlayer: '新建棋手…', newPlayerName: '名字',
  secondPlayer: '第二位棋手', rated: '计分对局', ratedNote: '计分对局不能悔棋', profile: '个人资料',
  importRecord: '导入 PGN / PDN 或 FEN', importPlaceholder: '粘贴 FEN，或 PGN (国际象棋、中国象棋) / PDN (跳棋) 棋谱',
  download: '下载 {kind}', copyFen: '复制 FEN', fenCopied: 'FEN 已复制。', review: '复盘', reviewing: '引擎正在复盘…',
  reviewUnavailable: '此服务器不提供复盘。', best: '最佳', played: '实战', evaluation: '形势评估',
  closeReview: '关闭复盘', date: '日期', result: '结果', opponentCol: '对手', moves: '步数', open: '打开',
  allPlayers: '所有棋手', win: '胜', draw: '和', loss: '负', wins: '胜', draws: '和', losses: '负',
  total: '合计', byGame: '按棋类', byOpponent: '按对手', streaks: '连胜', currentStreak: '当前连胜',
  bestStreak: '最长连胜', timePlayed: '对弈时间', ratingHistory: '等级分走势 (Elo)',
  levelHistory: '级别与积分', results: '战绩', ratings: '等级分', elo: 'Elo', gamesPlayed: '局数',
  points: '积分', levelRank: '{n} 级', unranked: '无级别', noRatedGames: '还没有计分对局。',
  noPlayer: '没有这位棋手。', person: '真人', engineLevel: 'Qi {n} 级', hours: '{h} 小时 {m} 分', minutes: '{m} 分钟',
  createPlayer: '创建', playersTitle: '棋手资料', noPlayers: '还没有棋手：在新对局对话框或这里创建。',
  first_move: '开局', prev_move: '后退', next_move: '前进', last_move: '当前', whiteAdvantage: '{side}优势',
  currentRun: '当前连续', runWin: '连胜 {n} 局', runDraw: '连和 {n} 局', runLoss: '连负 {n} 局',
  runWin1: '胜 1 局', runDraw1: '和 1 局', runLoss1: '负 1 局', longestUnbeaten: '最长不败', longestLoss: '最长连败',
  byPerson: '对真人', guestShort: '访客', checkersShort: '跳棋', yes: '是', no: '否', back: '回到对局', savedGamesTitle: '已存棋局', status: '状态', ratedCol: '计分',
  inaccuracy: '欠准', mistake: '失误', blunder: '败着', hintKind_only_move: '唯一着法', hintKind_mate: '杀棋',
  hintKind_strategy: '要点', hintKind_stops_threat: '解除威胁', hintKind_wins_material: '得子',
  hintKind_check: '将军', hintKind_positional: '形势',
  noFinishedGames: '还没有下完的对局：下完第一局后，这里会显示战绩、连胜和图表。', playAs: '以 {name} 的身份开始对局', moveRefused: '这步棋不能走：{reason}',
};

const sideNamesZh: Record<string, string> = { White: '白方', Black: '黑方', Red: '红方', X: 'X', O: 'O' };

let lang: Lang = (localStorage.getItem('qi.lang') as Lang) ||
  (navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en');

export function currentLang(): Lang { return lang; }
export function setLang(l: Lang) { lang = l; localStorage.setItem('qi.lang', l); document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en'; }
export function has(key: string): boolean { return key in en; }
export function t(key: string, vars: Record<string, string> = {}): string {
  const table = lang === 'zh' ? zh : en;
  let s: string = (table as Record<string, string>)[key] ?? (en as Record<string, string>)[key] ?? key;
  for (const [k, v] of Object.entries(vars)) s = s.replace('{' + k + '}', v);
  return s;
}
export function sideName(name: string): string { return lang === 'zh' ? (sideNamesZh[name] ?? name) : name; }
export function applyStatic() {
  document.querySelectorAll<HTMLElement>('[data-i18n]').forEach((el) => { el.textContent = t(el.dataset.i18n!); });
  document.querySelectorAll<HTMLElement>('[data-i18n-title]').forEach((el) => { el.title = t(el.dataset.i18nTitle!); el.setAttribute('aria-label', el.title); });
  document.querySelectorAll<HTMLTextAreaElement>('[data-i18n-placeholder]').forEach((el) => { el.placeholder = t(el.dataset.i18nPlaceholder!); });
}
