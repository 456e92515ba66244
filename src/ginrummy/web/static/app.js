// The ginrummy web table: plain JavaScript on the HTTP API, no build step.
const $ = (id) => document.getElementById(id);
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const STORE_KEY = "ginrummy-token";
let game = null;
let busy = false;

function cardLabel(text) {
  const rank = text[0] === "T" ? "10" : text[0];
  return rank + SUITS[text[1]];
}

function cardElement(text, { button = false, drawn = false, onClick = null } = {}) {
  const el = document.createElement(button ? "button" : "span");
  el.className = "card" + ("hd".includes(text[1]) ? " red" : "") + (drawn ? " drawn" : "");
  el.textContent = cardLabel(text);
  el.dataset.card = text;
  el.setAttribute("aria-label", describeCard(text) + (drawn ? " (just drawn)" : ""));
  if (button) {
    el.type = "button";
    if (onClick) el.addEventListener("click", onClick); else el.disabled = true;
  }
  return el;
}

function describeCard(text) {
  const ranks = { A: "ace", T: "ten", J: "jack", Q: "queen", K: "king" };
  const suits = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  return `${ranks[text[0]] || text[0]} of ${suits[text[1]]}`;
}

function cardsRow(cards, small = true) {
  const row = document.createElement("span");
  row.className = "cards" + (small ? " small" : "");
  for (const c of cards) row.append(cardElement(c));
  return row;
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function say(text) { $("message").textContent = text; }

async function run(task) {
  if (busy) return;
  busy = true;
  document.body.setAttribute("aria-busy", "true");  // until the server has answered
  try { await task(); } catch (error) { say(error.message); } finally {
    busy = false;
    document.body.removeAttribute("aria-busy");
  }
}

async function act(text) {
  await run(async () => {
    game = await api(`/api/games/${game.token}/actions`, { action: text });
    $("hint-text").textContent = "";
    say("");
    render();
  });
}

function legal() { return game ? game.view.legal_actions : []; }

function actionButton(label, text, key) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.dataset.action = text;
  if (key) b.dataset.key = key;
  b.addEventListener("click", () => act(text));
  return b;
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  const moves = legal();
  const view = game.view;
  for (const text of moves) {
    if (text === "take") box.append(actionButton(`Take the upcard ${cardLabel(view.upcard)} (t)`, text, "t"));
    else if (text === "pass") box.append(actionButton("Pass (x)", text, "x"));
    else if (text === "stock") box.append(actionButton("Draw from the stock (s)", text, "s"));
    else if (text === "pile") box.append(actionButton(`Take ${cardLabel(view.discard_pile.at(-1))} from the pile (p)`, text, "p"));
    else if (text === "big gin") box.append(actionButton("Big gin!", text, "g"));
    else if (text === "take wall") box.append(actionButton("Take the last discard to knock", text));
    else if (text === "decline") box.append(actionButton("Leave the last discard", text));
    else if (text === "next") box.append(actionButton(game.game_over ? "Game over" : "Next hand (n)", text, "n"));
    else if (text.startsWith("knock ")) {
      const card = text.slice(6);
      const left = game.knocks[text];
      const gin = left === 0;
      box.append(actionButton(gin ? `Gin: ${cardLabel(card)} face down` : `Knock with ${left}: ${cardLabel(card)} face down`, text, gin ? "g" : "k"));
    }
  }
  if (!moves.length && !view.result) box.append(Object.assign(document.createElement("span"), { textContent: "The computer is playing…" }));
}

function renderHand() {
  const hand = $("hand");
  hand.replaceChildren();
  const discardable = new Set(legal().filter((t) => t.startsWith("discard ")).map((t) => t.slice(8)));
  const group = (cards, cls) => {
    const g = document.createElement("span");
    g.className = "group " + cls;
    for (const c of cards) {
      g.append(cardElement(c, {
        button: true, drawn: c === game.drawn,
        onClick: discardable.has(c) ? () => act(`discard ${c}`) : null,
      }));
    }
    hand.append(g);
  };
  for (const meld of game.melding.melds) group(meld, "meld");
  if (game.melding.deadwood.length) group(game.melding.deadwood, "deadwood");
  $("deadwood").textContent = `(deadwood ${game.melding.deadwood_count})` + (discardable.size ? ": click a card to discard it" : "");
}

function renderTable() {
  const view = game.view;
  const rulesWall = game.wall.rule === "fiftieth_card" ? "fiftieth card" : "void";
  const facts = [
    `Hand ${game.hand_number} · ${game.rules} · computer: ${game.level}`,
    `Upcard ${cardLabel(view.upcard)}: ${view.knock_limit === 0 ? "gin only" : `knock with ${view.knock_limit} or less`}`,
    `Wall: the last ${game.wall.size} cards (${rulesWall})`,
  ];
  const box = $("facts");
  box.replaceChildren(...facts.map((f) => Object.assign(document.createElement("span"), { textContent: f })));
  if (view.multiplier > 1) box.append(Object.assign(document.createElement("span"), { className: "doubled", textContent: "Spades double this hand" }));
  const opponents = $("opponents");
  opponents.replaceChildren();
  for (let offset = 1; offset < view.players; offset++) {
    const seat = (view.seat + offset) % view.players;
    const div = document.createElement("div");
    div.className = "opponent" + (view.to_play === seat ? " to-play" : "");
    div.append(Object.assign(document.createElement("strong"), { textContent: game.names[seat] }));
    div.append(document.createTextNode(` ${view.card_counts[seat]} cards` + (view.dealer === seat ? " · dealer" : "")));
    if (view.known[seat]) {
      div.append(document.createElement("br"), document.createTextNode("from the pile: "));
      div.append(cardsRow(view.known[seat].split(" ")));
    }
    opponents.append(div);
  }
  const pile = view.discard_pile;
  $("pile-top").replaceChildren(pile.length ? cardElement(pile.at(-1)) : document.createTextNode("empty"));
  $("pile-all").replaceChildren(...pile.map((c) => cardElement(c)));
  $("stock").replaceChildren(Object.assign(document.createElement("span"), { className: "card back", ariaLabel: "stock" }),
    document.createTextNode(` ${view.stock_count} cards`));
}

function renderShowdown() {
  const box = $("showdown");
  const s = game.showdown;
  box.hidden = !s;
  if (!s) return;
  box.replaceChildren(Object.assign(document.createElement("h2"), { textContent: "Showdown" }));
  if (s.void) {
    box.append(document.createTextNode("The hand is void: the wall was reached without a knock. Nobody scores."));
    return;
  }
  const line = (label, cards) => {
    const p = document.createElement("div");
    p.append(document.createTextNode(label + " "));
    for (const meld of cards.melds) p.append(cardsRow(meld), document.createTextNode(" "));
    if (cards.deadwood.length) p.append(document.createTextNode(" deadwood "), cardsRow(cards.deadwood));
    p.append(document.createTextNode(` (${cards.deadwood_count})`));
    return p;
  };
  const how = s.knocker.big_gin ? "went big gin" : s.knocker.deadwood_count === 0 ? "went gin" : "knocked";
  box.append(line(`${s.knocker.name} ${how}:`, s.knocker));
  for (const d of s.defenders) {
    box.append(line(`${d.name}:`, d));
    for (const l of d.layoffs) {
      const p = document.createElement("div");
      p.append(document.createTextNode(`${d.name} ${d.seat === 0 ? "lay" : "lays"} off `), cardsRow([l.card]), document.createTextNode(" on "), cardsRow(l.onto));
      box.append(p);
    }
  }
  const points = document.createElement("p");
  points.className = "points";
  if (s.scorer === null) points.textContent = "A tie: nobody scores.";
  else {
    const doubled = s.doubled === "everything" ? ", doubled" : s.doubled === "the bonus" ? ", bonus doubled" : "";
    points.textContent = `${s.reason.replace("_", " ")}: ${s.scorer_name} score${s.scorer === 0 ? "" : "s"} ${s.points} (${s.base} + bonus ${s.bonus}${doubled})`;
  }
  box.append(points);
}

function renderSheet() {
  const sheet = game.score;
  const table = document.createElement("table");
  const head = table.insertRow();
  for (const t of ["Hand", "Result", ...game.names]) head.append(Object.assign(document.createElement("th"), { textContent: t }));
  for (const h of sheet.hands) {
    const row = table.insertRow();
    row.insertCell().textContent = h.hand;
    row.insertCell().textContent = h.reason.replace("_", " ");
    game.names.forEach((_, seat) => { row.insertCell().textContent = h.scorer === seat ? `+${h.points}` : ""; });
  }
  const out = [table];
  const line = (text) => out.push(Object.assign(document.createElement("p"), { className: "points", textContent: text }));
  if (sheet.columns) {
    // Hollywood: three games scored at once, each settled when someone reaches the target.
    const games = document.createElement("table");
    games.className = "columns";
    const top = games.insertRow();
    for (const t of ["Game", ...game.names, ""]) top.append(Object.assign(document.createElement("th"), { textContent: t }));
    sheet.columns.forEach((c, i) => {
      const row = games.insertRow();
      row.insertCell().textContent = `Game ${i + 1}`;
      game.names.forEach((_, seat) => { row.insertCell().textContent = `${c.points[seat]}`; });
      row.insertCell().textContent = c.closed ? `won by ${game.names[c.winner]}` : `to ${sheet.target}`;
    });
    out.push(games);
    sheet.settlements.forEach((s, i) => {
      if (s) line(`Game ${i + 1}: ${s.winner_name} won. Totals: ${game.names.map((n, j) => `${n} ${s.totals[j]}`).join(", ")}; worth ${s.worth}.`);
    });
    if (sheet.session) line(`${sheet.session.winner_name} won the session: net worth ${sheet.session.net_worths[sheet.session.winner]} over the three games.`);
  } else {
    const total = table.insertRow();
    total.insertCell().textContent = "Total";
    total.insertCell().textContent = `to ${sheet.target}`;
    game.names.forEach((_, seat) => {
      const boxes = sheet.boxes ? ` (${sheet.boxes[seat]} box${sheet.boxes[seat] === 1 ? "" : "es"})` : "";
      total.insertCell().textContent = `${sheet.points[seat]}${boxes}`;
    });
  }
  if (sheet.settlement) {
    const s = sheet.settlement;
    line(`${s.winner_name} won the game. Totals: ${game.names.map((n, i) => `${n} ${s.totals[i]}`).join(", ")}; worth ${s.worth}.`);
  }
  $("sheet").replaceChildren(...out);
}

function render() {
  $("table").hidden = false;
  renderTable();
  renderHand();
  renderActions();
  renderShowdown();
  renderSheet();
  $("undo").disabled = !game.can_undo;
  $("hint").disabled = !legal().some((t) => t !== "next");
  if (game.game_over) loadStats();
}

async function loadStats() {
  try {
    const data = await api("/api/stats");
    const rows = data.stats.map((s) => `${s.rules}, ${s.level}, ${s.players} players: won ${s.won} of ${s.played}`);
    $("stats").textContent = rows.length ? rows.join(" · ") : "No finished games yet.";
  } catch (error) { $("stats").textContent = ""; }
}

async function start(event) {
  event.preventDefault();
  await run(async () => {
    const body = { rules: $("rules").value, level: $("level").value, players: Number($("players").value) };
    if ($("target").value) body.target = Number($("target").value);
    game = await api("/api/games", body);
    localStorage.setItem(STORE_KEY, game.token);
    say("New game: good luck!");
    render();
  });
}

async function setup() {
  const options = await api("/api/options");
  const fill = (id, values, chosen) => {
    $(id).replaceChildren(...values.map((v) => Object.assign(document.createElement("option"), { value: v, textContent: v, selected: v === chosen })));
  };
  fill("rules", options.presets, options.default.rules);
  fill("level", options.levels, options.default.level);
  fill("players", options.players.map(String), String(options.default.players));
  // An empty target plays to the preset's own: show it.
  const showTarget = () => { $("target").placeholder = String(options.targets[$("rules").value] ?? ""); };
  showTarget();
  $("rules").addEventListener("change", showTarget);
  $("new-game").addEventListener("submit", start);
  $("hint").addEventListener("click", () => run(async () => {
    const data = await api(`/api/games/${game.token}/hint`);
    const cards = (text) => text.replace(/\b([A2-9TJQK][shdc])\b/g, (m) => cardLabel(m));
    $("hint-text").textContent = data.deals || data.declined || data.goes_out ? `Hint: ${cards(data.hint)} (${cards(data.why)})` : `Hint: ${cards(data.hint)}`;
  }));
  $("undo").addEventListener("click", () => run(async () => {
    game = await api(`/api/games/${game.token}/undo`, {});
    say("Took back your last move.");
    render();
  }));
  $("open-pile").addEventListener("click", () => {
    const all = $("pile-all");
    all.hidden = !all.hidden;
    $("open-pile").setAttribute("aria-expanded", String(!all.hidden));
    $("open-pile").textContent = all.hidden ? "Show the whole pile" : "Hide the pile";
  });
  document.addEventListener("keydown", (event) => {
    if (!game || event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === "h") { $("hint").click(); return; }
    if (event.key === "u") { $("undo").click(); return; }
    const button = document.querySelector(`#actions button[data-key="${event.key}"]`);
    if (button) button.click();
  });
  const token = localStorage.getItem(STORE_KEY);
  if (token) {
    try { game = await api(`/api/games/${token}`); render(); say("Welcome back: your game goes on."); }
    catch (error) { localStorage.removeItem(STORE_KEY); }
  }
  loadStats();
}

setup().catch((error) => say(error.message));
