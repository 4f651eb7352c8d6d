// The page's own words (buttons, labels, the dialog) in English and
// simplified Chinese. Everything about a game — its name, variants, sides,
// handicaps, notations, endings, refusals and hints — comes worded from the
// server (server_words.ts). The browser's language chooses at first; the
// choice is kept.
export type Lang = 'en' | 'zh';

const en = {
  newGame: 'New game', savedGames: 'Games', drawOffered: 'Your opponent offers a draw.', accept: 'Accept',
  decline: 'Decline', undo: 'Undo', redo: 'Redo', hint: 'Hint', flip: 'Flip', offerDraw: 'Offer draw',
  claimDraw: 'Claim draw', resign: 'Resign', notation: 'Notation', export: 'Export (record, FEN)', game: 'Game',
  variant: 'Variant', opponent: 'Opponent', vsEngine: 'Qi engine', vsHuman: 'Another person here',
  engineVsEngine: 'Engine against engine', level: 'Level', yourSide: 'Your side', handicap: 'Handicap',
  timeControl: 'Time', unlimited: 'Unlimited', sd5: '5 minutes', inc3_2: '3 min + 2 s', inc10_5: '10 min + 5 s',
  pm30: '30 s a move (3 overruns lose)', sd10s: '10 seconds (sudden death)',
  cancel: 'Cancel', start: 'Play', none: 'None', toMove: '{side} to move', yourTurn: 'Your turn',
  thinking: 'Qi is thinking…', spectators: '{n} watching', check: 'Check!', gameOverIs: 'Game over — {text}', hintIs: 'Hint: {move} — {reason}',
  drawOfferSent: 'Draw offered.', overruns: 'overruns',
  chooseRoute: 'Choose the route', choosePiece: 'Choose the piece', chooseMove: 'Choose the move',
  noMoveFrom: 'That piece has no legal move now; the ringed pieces have.',
  recordPlaysOn: 'The record plays on past move {move}: {words}',
  fenWarning: 'The position was read with a change: {text}', variantAssumed: 'Read as {variant}: {text}',
  variantFromRecord: 'As the record says',
  noGames: 'No games yet.', ongoing: 'in play', level_n: 'Qi level {n}', you: 'You',
  first: 'First', second: 'Second', confirmResign: 'Resign this game?',
  players: 'Players', player: 'Player', guest: 'Guest (no profile)', newPlayer: 'New player…', newPlayerName: 'Name',
  secondPlayer: 'Second player', rated: 'Rated game', ratedNote: 'rated games allow no undo',
  importRecord: 'Import a record or a FEN', importPlaceholder: 'Paste a FEN, or a whole game as a record (PGN, PDN)',
  download: 'Download {kind}', copyFen: 'Copy FEN', fenCopied: 'FEN copied.', review: 'Review', reviewing: 'The engine is reviewing the game…',
  reviewUnavailable: 'Review is not available on this server.', best: 'Best', played: 'Played', evaluation: 'Evaluation',
  date: 'Date', result: 'Result', opponentCol: 'Opponent', moves: 'Moves',
  allPlayers: 'All players', wins: 'Wins', draws: 'Draws', losses: 'Losses',
  total: 'Total', byGame: 'By game', byOpponent: 'By opponent', currentStreak: 'Current winning streak',
  bestStreak: 'Longest winning streak', timePlayed: 'Time played', ratingHistory: 'Rating history (Elo)',
  levelHistory: 'Level and points', results: 'Results', ratings: 'Ratings', elo: 'Elo', gamesPlayed: 'Games',
  levelRank: 'Level {n}', unranked: 'Unranked', noRatedGames: 'No rated games yet.',
  noPlayer: 'There is no such player.', person: 'A person', engineLevel: 'Qi level {n}', hours: '{h} h {m} min', minutes: '{m} min',
  createPlayer: 'Create', playersTitle: 'Player profiles', noPlayers: 'No players yet: create one in the new-game dialog or here.',
  first_move: 'Start', prev_move: 'Back', next_move: 'Forward', last_move: 'Now',
  currentRun: 'Current run', runWin: '{n} wins in a row', runDraw: '{n} draws in a row', runLoss: '{n} losses in a row',
  runWin1: 'a win', runDraw1: 'a draw', runLoss1: 'a loss', longestUnbeaten: 'Longest unbeaten run', longestLoss: 'Longest losing run',
  byPerson: 'Against people', guestShort: 'Guest', savedGamesTitle: 'Saved games', ratedCol: 'Rated',
  inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder',
  noFinishedGames: 'No finished games yet: results, streaks and charts appear after the first one.', playAs: 'Play a game as {name}',
  drawOfferedBy: '{side} offers a draw.', drawHeld: 'Your draw offer will be made with your next move.',
  drawHeldBy: '{side}: the draw offer will be made with the next move.', drawAccepted: 'Draw accepted.', drawDeclined: 'Draw declined.',
  nextOverrunLoses: 'the next overrun loses', leave: 'Leave', abort: 'Abort', abortNote: 'Abort: the game ends without a result',
  leaveNote: 'Leaving resigns this game', confirmLeave: 'Leaving resigns this game. Resign and leave?',
  claimWin: 'Claim the win', claimAbandonedDraw: 'Claim a draw', opponentLeft: 'Your opponent has left the game.',
  vsFriend: 'A friend (invite link)', inviteTitle: 'Invite a friend', inviteNote: 'Send this link: whoever opens it first takes the other seat.',
  waitingForOpponent: 'Waiting for your opponent to open the link…', copyLink: 'Copy link', linkCopied: 'Link copied.', waitingForPlayer: 'waiting for a player', here: 'here', gone: 'gone',
  joinTitle: 'Join a game', joinAs: 'Play as', join: 'Join', joinNote: '{name} invites you to a game of {game} ({time}).',
  someone: 'Someone', seatTaken: 'Someone has already taken this seat.',
  lobby: 'Lobby', lobbyTitle: 'Open challenges', noChallenges: 'No open challenges: create one.', createChallenge: 'Create a challenge',
  challengeSide: 'Your side', randomSide: 'Random', acceptChallenge: 'Play', cancelChallenge: 'Cancel',
  yourChallenge: 'your challenge: waiting for an opponent', challenger: 'Player', casual: 'Casual',
  rematch: 'Rematch', rematchOffered: 'Rematch offered: waiting for your opponent.', rematchOfferedToYou: 'Your opponent offers a rematch.',
  rematchReady: 'Go to the rematch',
  remove: 'Remove', confirmRemove: 'Remove this game? It leaves the lists for good.',
  yourMove: 'Your move', theirMove: 'Their move', finished: 'Finished', noGameOpen: 'No game is open.',
  logIn: 'Log in', logOut: 'Log out', loggedInAs: 'Logged in as {name}', logInAs: 'Log in as {name}',
  password: 'Password', passwordOptional: 'Password (if you like)', passwordFor: 'Password of {name}',
  passwordAgain: 'The same again', newPassword: 'New password', currentPassword: 'Current password',
  passwordTooShort: 'A password needs at least 8 letters, digits or signs.', passwordTooLong: 'That password is too long (at most 256 bytes).',
  passwordsDiffer: 'The two passwords are not the same.', typePassword: 'Type the password.',
  setPassword: 'Set a password', changePassword: 'Change the password', hasPassword: 'has a password',
  youAreLoggedIn: 'You are logged in as {name}.',
  protectedNote: '{name} has a password: only someone logged in as {name}, or who types the password, can play as {name}.',
  openNote: 'Anyone here can play as {name}. With a password, only {name} can.',
  noProtectedProfiles: 'No profile has a password yet. A profile\'s page can give it one.',
};
export type WordKey = keyof typeof en;
type Key = WordKey;

const zh: Record<Key, string> = {
  newGame: '新对局', savedGames: '棋局', drawOffered: '对方提议和棋。', accept: '同意', decline: '拒绝', undo: '悔棋',
  redo: '重做', hint: '提示', flip: '翻转棋盘', offerDraw: '提和', claimDraw: '要求判和', resign: '认输',
  notation: '记谱', export: '导出 (棋谱、FEN)', game: '棋类', variant: '规则', opponent: '对手',
  vsEngine: '电脑 (Qi 引擎)', vsHuman: '同屏对弈', engineVsEngine: '电脑对电脑', level: '级别', yourSide: '执子',
  handicap: '让子', timeControl: '计时', unlimited: '不限时', sd5: '5 分钟', inc3_2: '3 分 + 2 秒',
  inc10_5: '10 分 + 5 秒', pm30: '每步 30 秒 (三次超时判负)', sd10s: '10 秒 (包干)',
  cancel: '取消', start: '开始', none: '无', toMove: '{side}走棋', yourTurn: '轮到你走',
  thinking: 'Qi 思考中…', spectators: '{n} 人观战', check: '将军！', gameOverIs: '对局结束：{text}', hintIs: '提示：{move} — {reason}',
  drawOfferSent: '已提和。', overruns: '超时',
  chooseRoute: '选择路线', choosePiece: '选择棋子', chooseMove: '选择着法',
  noMoveFrom: '这个棋子现在没有合法着法；能走的棋子已圈出。',
  recordPlaysOn: '棋谱在第 {move} 步之后仍继续：{words}',
  fenWarning: '局面读入时有改动：{text}', variantAssumed: '按{variant}读入：{text}',
  variantFromRecord: '按棋谱所示',
  noGames: '还没有棋局。', ongoing: '进行中', level_n: 'Qi {n} 级', you: '你',
  first: '先手', second: '后手', confirmResign: '确定认输？',
  players: '棋手', player: '棋手', guest: '访客 (不记录)', newPlayer: '新建棋手…', newPlayerName: '名字',
  secondPlayer: '第二位棋手', rated: '计分对局', ratedNote: '计分对局不能悔棋',
  importRecord: '导入棋谱或 FEN', importPlaceholder: '粘贴 FEN，或整局棋谱 (PGN、PDN)',
  download: '下载 {kind}', copyFen: '复制 FEN', fenCopied: 'FEN 已复制。', review: '复盘', reviewing: '引擎正在复盘…',
  reviewUnavailable: '此服务器不提供复盘。', best: '最佳', played: '实战', evaluation: '形势评估',
  date: '日期', result: '结果', opponentCol: '对手', moves: '步数',
  allPlayers: '所有棋手', wins: '胜', draws: '和', losses: '负',
  total: '合计', byGame: '按棋类', byOpponent: '按对手', currentStreak: '当前连胜',
  bestStreak: '最长连胜', timePlayed: '对弈时间', ratingHistory: '等级分走势 (Elo)',
  levelHistory: '级别与积分', results: '战绩', ratings: '等级分', elo: 'Elo', gamesPlayed: '局数',
  levelRank: '{n} 级', unranked: '无级别', noRatedGames: '还没有计分对局。',
  noPlayer: '没有这位棋手。', person: '真人', engineLevel: 'Qi {n} 级', hours: '{h} 小时 {m} 分', minutes: '{m} 分钟',
  createPlayer: '创建', playersTitle: '棋手资料', noPlayers: '还没有棋手：在新对局对话框或这里创建。',
  first_move: '开局', prev_move: '后退', next_move: '前进', last_move: '当前',
  currentRun: '当前连续', runWin: '连胜 {n} 局', runDraw: '连和 {n} 局', runLoss: '连负 {n} 局',
  runWin1: '胜 1 局', runDraw1: '和 1 局', runLoss1: '负 1 局', longestUnbeaten: '最长不败', longestLoss: '最长连败',
  byPerson: '对真人', guestShort: '访客', savedGamesTitle: '已存棋局', ratedCol: '计分',
  inaccuracy: '欠准', mistake: '失误', blunder: '败着',
  noFinishedGames: '还没有下完的对局：下完第一局后，这里会显示战绩、连胜和图表。', playAs: '以 {name} 的身份开始对局',
  drawOfferedBy: '{side}提议和棋。', drawHeld: '你的提和将随你的下一步棋提出。',
  drawHeldBy: '{side}：提和将随下一步棋提出。', drawAccepted: '已同意和棋。', drawDeclined: '已拒绝和棋。',
  nextOverrunLoses: '再超时一次即判负', leave: '离开', abort: '中止', abortNote: '中止：对局结束，不计结果',
  leaveNote: '离开即认输', confirmLeave: '离开即认输。确定认输并离开？',
  claimWin: '要求判胜', claimAbandonedDraw: '要求判和 (对方离开)', opponentLeft: '对方已离开对局。',
  vsFriend: '朋友 (邀请链接)', inviteTitle: '邀请朋友', inviteNote: '把这个链接发给朋友：第一个打开的人坐到另一边。',
  waitingForOpponent: '等待对手打开链接…', copyLink: '复制链接', linkCopied: '链接已复制。', waitingForPlayer: '等待对手加入', here: '在线', gone: '已离开',
  joinTitle: '加入对局', joinAs: '以谁的身份下', join: '加入', joinNote: '{name} 邀请你下一盘{game} ({time})。',
  someone: '有人', seatTaken: '这个座位已经有人坐了。',
  lobby: '大厅', lobbyTitle: '公开挑战', noChallenges: '还没有公开挑战：发起一个吧。', createChallenge: '发起挑战',
  challengeSide: '你执', randomSide: '随机', acceptChallenge: '应战', cancelChallenge: '取消',
  yourChallenge: '你的挑战：等待对手', challenger: '棋手', casual: '不计分',
  rematch: '再来一盘', rematchOffered: '已提议再来一盘：等待对方。', rematchOfferedToYou: '对方提议再来一盘。',
  rematchReady: '进入新的一盘',
  remove: '删除', confirmRemove: '删除这局棋？它将从列表中永久消失。',
  yourMove: '轮到你走', theirMove: '等对方走', finished: '已结束', noGameOpen: '没有打开的棋局。',
  logIn: '登录', logOut: '退出登录', loggedInAs: '已登录：{name}', logInAs: '以 {name} 的身份登录',
  password: '密码', passwordOptional: '密码 (可以不设)', passwordFor: '{name} 的密码',
  passwordAgain: '再输入一次', newPassword: '新密码', currentPassword: '现在的密码',
  passwordTooShort: '密码至少要 8 个字母、数字或符号。', passwordTooLong: '密码太长了 (最多 256 字节)。',
  passwordsDiffer: '两次输入的密码不一样。', typePassword: '请输入密码。',
  setPassword: '设置密码', changePassword: '修改密码', hasPassword: '有密码保护',
  youAreLoggedIn: '你已作为 {name} 登录。',
  protectedNote: '{name} 设置了密码：只有以 {name} 身份登录、或输入密码的人，才能作为 {name} 下棋。',
  openNote: '这里谁都可以作为 {name} 下棋。设置密码后，只有 {name} 本人可以。',
  noProtectedProfiles: '还没有设置了密码的棋手。可以在棋手的页面上设置。',
};

let lang: Lang = (localStorage.getItem('qi.lang') as Lang) ||
  (navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en');

export function currentLang(): Lang { return lang; }
export function setLang(l: Lang) { lang = l; localStorage.setItem('qi.lang', l); document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en'; }
export function t(key: Key, vars: Record<string, string> = {}): string {
  let s: string = (lang === 'zh' ? zh : en)[key] ?? en[key] ?? key;
  for (const [k, v] of Object.entries(vars)) s = s.replaceAll('{' + k + '}', v);
  return s;
}
export function applyStatic() {
  const word = (key: string | undefined) => (key && key in en ? t(key as Key) : key ?? '');
  document.querySelectorAll<HTMLElement>('[data-i18n]').forEach((el) => { el.textContent = word(el.dataset.i18n); });
  document.querySelectorAll<HTMLElement>('[data-i18n-title]').forEach((el) => { el.title = word(el.dataset.i18nTitle); el.setAttribute('aria-label', el.title); });
  document.querySelectorAll<HTMLTextAreaElement>('[data-i18n-placeholder]').forEach((el) => { el.placeholder = word(el.dataset.i18nPlaceholder); });
}
