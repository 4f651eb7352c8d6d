// The page's wiring: the game page (game_page.ts), the other pages by their
// address (router.ts), the header's buttons, the account box, the new-game
// dialog and the language. main.ts holds no state of its own: it makes the
// page's parts once (the live connection, the login, the lobby, the new-game
// dialog, the game page) and gives each the others it needs.
import './style.css';
import { call } from './api';
import { Account } from './account';
import { AccountView } from './account_view';
import { GameCatalog, GameDescriptor } from './descriptor';
import { $ } from './dom';
import { GamePage, createGamePage } from './game_page';
import { renderGamesPage } from './games_list';
import { Lang, applyStatic, currentLang, setLang } from './i18n';
import { Learn } from './learn';
import { LiveConnection } from './live';
import { Lobby, renderJoin } from './lobby';
import { NewGameDialog, showLevel } from './newgame';
import { renderPlayer, renderPlayers } from './profile';
import { Route, Router, gamePath } from './router';
import { TournamentPage } from './tournament_page';
import { renderTournaments } from './tournaments';

// null shows the game; otherwise the page's content replaces it.
function showPage(name: string | null) {
  $('page').hidden = name === null;
  $('app').hidden = name !== null;
  document.body.dataset.page = name ?? 'game';
}

// The parts of the page, made once by main().
interface Parts {
  games: GameCatalog;
  account: Account;
  logins: AccountView;
  newGame: NewGameDialog;
  lobby: Lobby;
  game: GamePage;
  learn: Learn;
  tournament: TournamentPage;
  router: Router;
}

async function openNewGame(dialog: NewGameDialog) {
  $('ng-error').textContent = '';
  await dialog.loadPlayers();
  dialog.fill();
  dialog.clearStartPosition();
  const d = $<HTMLDialogElement>('new-game');
  if (!d.open) d.showModal();
}

// The new-game dialog with this profile as the player (from a profile's page).
async function openNewGameAs(dialog: NewGameDialog, playerId: string) {
  await openNewGame(dialog);
  const sel = $<HTMLSelectElement>('ng-player');
  if (Array.from(sel.options).some((o) => o.value === playerId)) { sel.value = playerId; dialog.fill(); }
}

// The page of a route, in the element #page; the game page in #app.
async function showRoute(route: Route, parts: Parts) {
  const { game, router } = parts;
  const page = $('page');
  const go = (path: string) => { router.go(path); };
  if (route.page !== 'lobby') parts.lobby.stop();
  if (route.page !== 'tournament') parts.tournament.stop();
  switch (route.page) {
    case 'lobby':
      showPage('lobby');
      await parts.lobby.render(page, game.openWithTokens);
      break;
    case 'join':
      // A page that holds this game's seats already (the link opened again) goes to the game.
      if (localStorage.getItem('qi.tokens.' + route.game)) { await router.go(gamePath(route.game)); return; }
      showPage('join');
      await renderJoin(page, parts.games, route.game, route.code, game.openWithTokens);
      break;
    case 'games':
      showPage('games');
      await renderGamesPage(page, parts.games, (id) => game.openGame(id));
      break;
    case 'players':
      showPage('players');
      await renderPlayers(page, parts.account, parts.logins, go);
      break;
    case 'player':
      showPage('player');
      await renderPlayer(page, route.id, parts.games, parts.logins, (id) => game.openGame(id), (player) => { openNewGameAs(parts.newGame, player); });
      break;
    case 'learn':
      showPage('learn');
      await parts.learn.showMap(page, route.game);
      break;
    case 'lesson':
      showPage('lesson');
      await parts.learn.showStep(page, route.game, route.variant, route.step);
      break;
    case 'tournaments':
      showPage('tournaments');
      await renderTournaments(page, parts.games, parts.account, go);
      break;
    case 'tournament':
      showPage('tournament');
      await parts.tournament.render(page, route.id);
      break;
    case 'game': {
      const id = route.id ?? localStorage.getItem('qi.last');
      if (id && game.shownGame() !== id) await game.openGame(id);
      showPage(null);
      if (!game.shownGame()) { game.render(); await openNewGame(parts.newGame); }
    }
  }
  document.body.dataset.ready = 'true';
}

function wire(parts: Parts) {
  const { game, router, newGame } = parts;
  const go = (path: string) => { router.go(path); };
  $('new-game-button').onclick = () => { openNewGame(newGame); };
  $('games-button').onclick = () => go('/games');
  $('lobby-button').onclick = () => go('/lobby');
  $('players-button').onclick = () => go('/players');
  $('learn-button').onclick = () => go('/learn');
  $('tournaments-button').onclick = () => go('/tournaments');
  parts.logins.wire();
  // A login or logout changes which seats ask for a password, and what a profile's page offers.
  parts.account.onChange(() => {
    newGame.fill();
    // A profile's page, the Learn map (whose stars are the profile's too) and the tournament pages (who may create,
    // join, organise) are drawn again.
    if (['player', 'learn', 'tournaments', 'tournament'].includes(document.body.dataset.page ?? '')) router.route();
  });
  $('ng-cancel').onclick = () => { $<HTMLDialogElement>('new-game').close(); game.render(); };
  $('empty-new-game').onclick = () => { openNewGame(newGame); };
  $('empty-learn').onclick = () => go('/learn');
  for (const id of ['ng-game', 'ng-opponent', 'ng-variant', 'ng-player', 'ng-player2']) $(id).onchange = () => newGame.fill();
  $<HTMLInputElement>('ng-level').oninput = () => showLevel(parts.games);
  // A pasted record brings its own start position: no handicap with it (the server takes one or the other).
  $<HTMLTextAreaElement>('ng-record').oninput = () => { newGame.chooseGameOfRecord($<HTMLTextAreaElement>('ng-record').value); $<HTMLSelectElement>('ng-handicap').value = ''; };
  $<HTMLFormElement>('new-game-form').onsubmit = (e) => { e.preventDefault(); game.startNewGame(); };
  const lang = $<HTMLSelectElement>('language');
  lang.value = currentLang();
  lang.onchange = () => {
    setLang(lang.value as Lang);
    newGame.fill();
    parts.logins.renderBox();
    game.languageChanged();
    if (document.body.dataset.page !== 'game') router.route();
  };
}

async function main() {
  setLang(currentLang());
  applyStatic();
  // The router and the game page each need the other: the page goes elsewhere
  // through the router, and the router's game route opens games in the page.
  const router: Router = new Router((route) => showRoute(route, parts));
  const go = (path: string) => { router.go(path); };
  const account = new Account();
  const logins = new AccountView(account, go);
  const games = new GameCatalog();  // filled once the server says which games it plays
  const newGame = new NewGameDialog(games, account, logins);
  const live = new LiveConnection();
  const game = createGamePage({ go, showGame: (id) => { router.note(gamePath(id)); showPage(null); } }, { games, connection: live, newGame });
  const parts: Parts = { games, account, logins, newGame, lobby: new Lobby(games), game, learn: new Learn(games, account, go),
    tournament: new TournamentPage(games, account, go, game.openWithTokens), router };
  // For the end-to-end tests: where a square is, and the game as the page sees it.
  // (live: how the page is connected, a way to drop its socket, and the answers to its actions.)
  (window as unknown as { qi: unknown }).qi = { ...game.forTests, live: live.forTests };
  wire(parts);
  game.render();  // no game yet: nothing looks live while the first one loads
  games.load((await call<{ games: GameDescriptor[] }>('GET', '/api/info')).games);
  await Promise.all([account.load(), newGame.loadPlayers()]);  // who is logged in; whether any profile has a password
  newGame.fill();
  await router.route();
}

main();
