// The director's page: read the form, ask the local server, show the ruling and replay it.
// Plain JavaScript, no library, no network but the page's own server.
"use strict";

(function () {
  const SEATS = ["N", "E", "S", "W"];
  const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
  const SUITS = ["S", "H", "D", "C"];
  const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  const RANKS = "23456789TJQKA";
  const VERDICTS = {
    "upheld": "Claim upheld",
    "adjusted": "Claim adjusted",
    "concession-cancelled": "Concession cancelled",
    "undetermined": "Cannot decide within the search budget",
  };
  const FIELDS = ["text", "board", "trump", "lead", "trick", "declarer", "claimer", "tricks",
    "statement", "profile", "trump_aware", "player_class", "phase", "max_nodes"];

  const $ = (id) => document.getElementById(id);
  let rules = {};
  let mode = "deal";          // what the last reading of the cards said: "record" or "deal"
  let lastRecordKey = "";     // the record whose fields were last copied into the form
  let replay = null;          // the ruling being replayed

  // --- small helpers ---------------------------------------------------------------------------

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else node.setAttribute(k, v);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function rankText(r) { return r === "T" ? "10" : r; }

  function cardNode(card, extra) {
    const suit = card[0], rank = card.slice(1);
    const red = suit === "H" || suit === "D";
    return el("span", { class: "card" + (red ? " red" : "") + (extra ? " " + extra : ""),
      title: rankText(rank) + " of " + SUIT_NAMES[suit] },
      SUIT_SYMBOLS[suit], rankText(rank));
  }

  function cardText(card) { return SUIT_SYMBOLS[card[0]] + rankText(card.slice(1)); }

  function debounce(fn, ms) {
    let timer = null;
    return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
  }

  async function post(path, form) {
    const response = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(form),
    });
    const text = await response.text();
    let doc = null;
    try { doc = JSON.parse(text); } catch (e) { doc = null; }
    return { ok: response.ok, status: response.status, doc, text };
  }

  // --- the form --------------------------------------------------------------------------------

  function buildSeatSelects() {
    for (const select of document.querySelectorAll("select.seat")) {
      for (const s of SEATS) select.append(el("option", { value: s }, SEAT_NAMES[s]));
    }
  }

  function buildHandsGrid() {
    const grid = $("hands-grid");
    for (const seat of ["N", "W", "E", "S"]) {
      const box = el("fieldset", { class: "hand hand-" + seat });
      box.append(el("legend", {}, SEAT_NAMES[seat]));
      for (const suit of SUITS) {
        const id = "hand-" + seat + "-" + suit;
        const red = suit === "H" || suit === "D";
        const label = el("label", { for: id, class: red ? "red" : "" },
          el("span", { "aria-hidden": "true" }, SUIT_SYMBOLS[suit]),
          el("span", { class: "sr-only" }, SEAT_NAMES[seat] + " " + SUIT_NAMES[suit]));
        const input = el("input", { id, name: id, type: "text", autocomplete: "off",
          autocapitalize: "characters", spellcheck: "false", "aria-describedby": "hands-error" });
        box.append(el("div", { class: "suit-row" }, label, input));
      }
      grid.append(box);
    }
  }

  function source() {
    return document.querySelector("input[name=source]:checked").value;
  }

  function formData() {
    const form = { source: source() };
    for (const name of FIELDS) {
      const node = $(name);
      if (!node) continue;
      form[name] = node.value;
    }
    if (form.source === "hands") {
      form.hands = {};
      for (const seat of SEATS) {
        form.hands[seat] = {};
        for (const suit of SUITS) form.hands[seat][suit] = $("hand-" + seat + "-" + suit).value;
      }
      delete form.text;
    }
    if ($("board-row").hidden) delete form.board;
    return form;
  }

  function clearErrors() {
    for (const node of document.querySelectorAll(".field-error")) {
      node.hidden = true;
      node.textContent = "";
    }
    for (const node of document.querySelectorAll("[aria-invalid]")) {
      node.removeAttribute("aria-invalid");
    }
    $("form-error").hidden = true;
  }

  function errorText(err) {
    const where = err.where ? err.where.charAt(0).toUpperCase() + err.where.slice(1) + ": " : "";
    return where + err.message;
  }

  // Show an error next to the field that caused it; returns the field to focus.
  function showError(err) {
    let field = err.field || "";
    let target = field ? $(field) : null;
    let box = field ? $(field + "-error") : null;
    if (field.startsWith("hand-")) box = $("hands-error");
    if (field === "hands") target = $("hand-N-S");
    if (field === "text" && source() === "hands") { box = $("hands-error"); target = $("hand-N-S"); }
    if (!box) {
      $("form-error").textContent = errorText(err);
      $("form-error").hidden = false;
      return $("form-error");
    }
    box.textContent = errorText(err);
    box.hidden = false;
    if (field === "text" && err.line && target) selectLine(target, err.line);
    if (target) target.setAttribute("aria-invalid", "true");
    if (field.startsWith("hand-") && !box.textContent.includes(field)) {
      const [, seat, suit] = field.split("-");
      box.textContent = SEAT_NAMES[seat] + " " + SUIT_NAMES[suit] + ": " + box.textContent;
    }
    return target || box;
  }

  // Put the caret on the line an error names, so the director sees where it is.
  function selectLine(textarea, line) {
    const lines = textarea.value.split("\n");
    if (line < 1 || line > lines.length) return;
    let start = 0;
    for (let i = 0; i < line - 1; i++) start += lines[i].length + 1;
    textarea.setSelectionRange(start, start + lines[line - 1].length);
  }

  function showSource() {
    const hands = source() === "hands";
    $("paste-pane").hidden = hands;
    $("hands-pane").hidden = !hands;
    if (hands) setRecordMode(false);
    readCards();
  }

  function setRecordMode(on) {
    mode = on ? "record" : "deal";
    $("from-record").hidden = !on;
    for (const name of ["trump", "lead", "trick", "declarer"]) $(name).disabled = on;
  }

  // --- reading the cards and the statement as they are typed ------------------------------------

  function cardsKey(form) {
    return JSON.stringify([form.source, form.text, form.board, form.hands]);
  }
  let readKey = "";

  async function doReadCards() {
    const form = formData();
    readKey = cardsKey(form);
    if (form.source === "paste" && !form.text.trim()) {
      $("text-read").textContent = "";
      $("board-row").hidden = true;
      setRecordMode(false);
      return;
    }
    let answer;
    try { answer = await post("/api/read", form); } catch (e) { return; }
    for (const id of ["text-error", "hands-error", "board-error"]) $(id).hidden = true;
    $("text").removeAttribute("aria-invalid");
    if (!answer.ok) {
      const err = (answer.doc && answer.doc.error) || { message: "cannot read the cards" };
      const field = err.field || "";
      // While typing, say only what is wrong with the cards themselves; the claim's fields are
      // checked when the director asks for the ruling.
      if (["text", "hands", "board"].includes(field) || field.startsWith("hand-")) {
        showError(err);
        $("text-read").textContent = "";
      } else if (form.source === "paste") {
        $("text-read").textContent = "Read: the cards; now choose the trump, the lead and the "
          + "claim below.";
      }
      if (form.source === "paste" && field !== "board") setRecordMode(false);
      return;
    }
    const doc = answer.doc;
    if (doc.mode === "record") {
      setRecordMode(true);
      fillFromRecord(doc);
    } else {
      setRecordMode(false);
      $("board-row").hidden = true;
      const p = doc.position;
      $("text-read").textContent = "Read: " + (doc.format === "pbn-deal" ? "PBN deal" : doc.format)
        + ", " + p.tricks_left + " tricks left, " + SEAT_NAMES[p.leader]
        + (p.trick.length ? " led " + p.trick.map(cardText).join(" ") + "." : " to lead.");
    }
    readStatement();
  }
  const readCards = debounce(doReadCards, 300);

  function fillFromRecord(doc) {
    const rec = doc.record, p = doc.position;
    const boards = doc.boards || [];
    const row = $("board-row"), select = $("board");
    if (boards.length > 1) {
      const current = select.value;
      select.replaceChildren(...boards.map((b) => el("option", { value: b.value }, b.label)));
      if (boards.some((b) => b.value === current)) select.value = current;
      row.hidden = false;
    } else {
      row.hidden = true;
    }
    $("trump").value = p.trump;
    $("lead").value = p.leader;
    $("trick").value = p.trick.join(" ");
    $("declarer").value = p.declarer || "";
    const key = rec.id + "|" + p.deal + "|" + rec.statement + "|" + rec.claimed;
    if (key !== lastRecordKey) {
      lastRecordKey = key;
      $("claimer").value = rec.claimer || "";
      $("tricks").value = rec.claimed === null ? "" : String(rec.claimed);
      $("statement").value = rec.statement || "";
    }
    const names = { pbn: "PBN", lin: "LIN", json: "JSON", diagram: "Diagram" };
    const parts = [(names[doc.format] || doc.format) + " record"
      + (rec.board !== null ? ", board " + rec.board : "")];
    if (rec.contract) parts.push(rec.contract);
    parts.push(p.tricks_left + " tricks left");
    if (rec.claimer && rec.claimed !== null) {
      parts.push(SEAT_NAMES[rec.claimer] + " claims " + rec.claimed);
    } else {
      parts.push("no claim recorded: fill in the claimer and the tricks");
    }
    let text = "Read: " + parts.join(", ") + ".";
    if (doc.warnings.length) text += " Other records could not be read: " + doc.warnings.join("; ");
    $("text-read").textContent = text;
  }

  const readStatement = debounce(async () => {
    const form = formData();
    const box = $("statement-reading");
    $("statement-error").hidden = true;
    $("statement").removeAttribute("aria-invalid");
    if (!form.statement.trim()) { box.replaceChildren(); return; }
    let answer;
    try { answer = await post("/api/statement", form); } catch (e) { return; }
    if (!answer.ok) {
      const err = (answer.doc && answer.doc.error) || { message: "cannot read the statement" };
      if (err.field === "statement") showError(err);
      box.replaceChildren();
      return;
    }
    const doc = answer.doc;
    const list = el("ul", { class: "plan" });
    for (const line of doc.lines) list.append(el("li", {}, line));
    const title = doc.bound ? "Read as:" : "Read as (not yet bound to the cards and the claimer):";
    const parts = [el("p", { class: "reading-title" }, title), list];
    if (doc.doubts.length) {
      const d = el("ul", { class: "doubts" });
      for (const x of doc.doubts) d.append(el("li", {}, (x.words ? "“" + x.words + "”: " : "") + x.reason));
      parts.push(el("p", { class: "reading-title" }, "Doubtful points (go against the claimer):"), d);
    }
    if (doc.ignored.length) {
      parts.push(el("p", { class: "ignored" }, "Words not read: " + doc.ignored.join(", ")));
    }
    box.replaceChildren(...parts);
  }, 300);

  // --- the ruling --------------------------------------------------------------------------------

  async function rule(event) {
    event.preventDefault();
    clearErrors();
    // A record's claim and statement fill the form when it is read: read it now if the
    // director was quicker than the reading.
    if (cardsKey(formData()) !== readKey) await doReadCards();
    clearErrors();
    const button = $("rule");
    button.disabled = true;
    $("busy").textContent = "Ruling…";
    let answer;
    try {
      answer = await post("/api/check", formData());
    } catch (e) {
      answer = { ok: false, doc: { error: { message: "the page's server does not answer" } } };
    }
    button.disabled = false;
    $("busy").textContent = "";
    if (!answer.ok) {
      const err = (answer.doc && answer.doc.error) || { message: "error " + answer.status };
      $("result").hidden = true;  // an old ruling must not pass for this one
      const target = showError(err);
      if (target && target.focus) target.focus();
      $("busy").textContent = "Not ruled: " + errorText(err);
      return;
    }
    showRuling(answer.doc, answer.text);
  }

  function lawList(laws) {
    return laws.join(", ");
  }

  function showRuling(r, text) {
    const result = $("result");
    result.hidden = false;
    const claimer = SEAT_NAMES[r.claimer];
    const verdict = $("verdict");
    verdict.textContent = VERDICTS[r.verdict] || r.verdict;
    verdict.className = "verdict verdict-" + r.verdict;
    $("award").textContent = claimer + "'s side " + r.awarded.claimer + ", opponents "
      + r.awarded.opponents;
    const said = r.statement ? " — “" + r.statement + "”" : " (no statement)";
    const pos = r.position;
    const trump = pos.trump === "NT" ? "no trump" : SUIT_SYMBOLS[pos.trump] + " trumps";
    const trick = pos.trick.length ? ", " + pos.trick.map(cardText).join(" ") + " played to the trick"
      : "";
    $("claim-line").textContent = claimer + " claimed " + r.claimed + " of " + r.tricks_left
      + said + ". " + trump.charAt(0).toUpperCase() + trump.slice(1)
      + (pos.declarer ? ", declarer " + SEAT_NAMES[pos.declarer] : "")
      + ", " + SEAT_NAMES[pos.leader] + (pos.trick.length ? " led" : " to lead") + trick + ". "
      + "Profile " + r.profile.toUpperCase() + "; "
      + Object.entries(r.options).map(([k, v]) => k + " " + v).join(", ") + ".";
    const board = $("board-row").hidden || mode !== "record" ? "" : "Board " + $("board").value + ". ";
    $("print-head").textContent = "claimcheck ruling. " + board + "Deal at the claim: " + pos.deal
      + ". Ruled " + new Date().toLocaleString() + ".";
    $("n").textContent = r.n === null ? "?" : String(r.n);
    $("dd").textContent = String(r.dd);
    $("claimed").textContent = String(r.claimed);
    $("laws").textContent = lawList(r.laws);
    const bounds = $("bounds");
    if (r.bounds) {
      bounds.hidden = false;
      bounds.textContent = (r.search.clock_stopped ? "The search was stopped by the time cap ("
        : "The search ran out of budget (") + r.search.nodes.toLocaleString("en")
        + " nodes). Proved: " + r.bounds.lower + " ≤ N ≤ " + r.bounds.upper
        + ". The award is the proved lower bound; a larger budget may decide."
        + (r.settled_by_bounds === "adjusted"
          ? " The claim fails in any case: N ≤ " + r.bounds.upper + " < " + r.claimed + "."
          : r.settled_by_bounds === "concession-cancelled"
            ? " The concession is cancelled in any case: N ≥ " + r.bounds.lower + " > "
              + r.claimed + "."
            : "");
    } else {
      bounds.hidden = true;
    }
    // A 69B ruling (phase withdrawn) carries its estimate: each disputed trick's probability.
    const pc = (x) => (100 * x).toFixed(1) + "%";
    const likely = r.likely ? r.likely.disputed.map((d) =>
      (d.side === "claimer" ? claimer + "'s side" : "The opponents") + " win at least "
      + d.tricks + " of " + r.tricks_left + " in " + d.wins + " of " + r.likely.samples
      + " playouts: " + pc(d.probability) + " (interval " + pc(d.interval.lower) + "–"
      + pc(d.interval.upper) + "), " + (d.likely ? "likely: the trick goes back" : "not likely"))
      : [];
    $("notes").replaceChildren(...[...likely, ...r.notes].map((n) => el("li", {}, n)));

    const doubts = $("doubts");
    doubts.replaceChildren(...r.doubts.map((d) => el("li", {},
      d.words ? el("strong", {}, pretty(d.words) + ": ") : null, d.reason,
      el("span", { class: "resolution" }, " → " + d.resolution))));
    if (!r.doubts.length) doubts.append(el("li", { class: "none" }, "none"));
    $("plan").replaceChildren(...r.plan.map((p) => el("li", {}, p)));
    $("rules").replaceChildren(...r.rules.map((id) => {
      const rule = rules[id];
      return el("li", {}, el("strong", {}, id), rule ? " (" + rule.law + "): " + rule.summary : "");
    }));
    if (!r.rules.length) $("rules").append(el("li", { class: "none" }, "none"));
    const s = r.search;
    const pictures = s.pictures !== undefined ? s.pictures : s.beliefs;
    $("search").textContent = "Search: " + s.nodes.toLocaleString("en") + " nodes, "
      + (s.oracle_nodes !== undefined ? s.oracle_nodes.toLocaleString("en") + " sure-oracle nodes, " : "")
      + s.solver_calls + " DDS calls, " + pictures + " picture(s) of the cards"
      + (s.budget_exhausted ? ", budget exhausted" : "")
      + (s.clock_stopped ? ", stopped by the time cap" : "") + ".";
    const blob = new Blob([text], { type: "application/json" });
    const link = $("download");
    if (link.dataset.url) URL.revokeObjectURL(link.dataset.url);
    link.dataset.url = URL.createObjectURL(blob);
    link.href = link.dataset.url;
    startReplay(r);
    verdict.focus();
  }

  // "S5" in a doubt's words becomes "♠5"; other words are left as they are.
  function pretty(words) {
    return words.split(" ").map((w) => /^[SHDC][2-9TJQKA]$/.test(w) ? cardText(w) : w).join(" ");
  }

  // --- the replay ------------------------------------------------------------------------------

  function parseDeal(pbn) {
    const first = SEATS.indexOf(pbn[0].toUpperCase());
    const hands = {};
    pbn.slice(2).trim().split(/\s+/).forEach((hand, i) => {
      const seat = SEATS[(first + i) % 4];
      hands[seat] = {};
      hand.split(".").forEach((ranks, j) => { hands[seat][SUITS[j]] = ranks.split(""); });
    });
    return hands;
  }

  function beats(card, best, trump) {
    if (card[0] === best[0]) return RANKS.indexOf(card[1]) > RANKS.indexOf(best[1]);
    return card[0] === trump;
  }

  function winner(cards, trump) {
    let best = cards[0];
    for (const c of cards.slice(1)) if (beats(c.card, best.card, trump)) best = c;
    return best.seat;
  }

  function side(seat) { return seat === "N" || seat === "S" ? "NS" : "EW"; }

  function startReplay(r) {
    const pos = r.position;
    const items = [];
    r.worst_line.forEach((trick, t) => trick.forEach((lc) => items.push({ ...lc, trick: t })));
    // The cards already played to the trick in progress, from its leader.
    const before = [];
    let seat = pos.leader;
    for (const card of pos.trick) {
      before.push({ seat, card, rule: "played", trick: 0, before: true });
      seat = SEATS[(SEATS.indexOf(seat) + 1) % 4];
    }
    replay = { r, hands: parseDeal(pos.deal), items, before, step: 0 };
    const list = $("line");
    list.replaceChildren();
    r.worst_line.forEach((trick, t) => {
      const cards = (t === 0 ? before : []).concat(trick);
      const li = el("li", { id: "trick-" + t, class: "trick" });
      const button = el("button", { type: "button", class: "trick-jump",
        "aria-label": "Show trick " + (t + 1) }, String(t + 1) + ".");
      button.addEventListener("click", () => goto(endOfTrick(t)));
      li.append(button);
      const row = el("span", { class: "trick-cards" });
      for (const lc of cards) {
        const claimerSide = side(lc.seat) === side(r.claimer);
        const item = el("span", { class: "played-card" + (claimerSide ? " claimer-card" : "") },
          el("span", { class: "who" }, lc.seat), cardNode(lc.card));
        if (lc.before) item.append(el("span", { class: "tag quiet" }, "already played"));
        else if (lc.rule !== "defence") {
          for (const tag of [lc.rule, ...(lc.also || [])]) {
            const rule = rules[tag];
            item.append(el("span", { class: "tag", title: rule ? rule.law + ": " + rule.summary : tag }, tag));
          }
        }
        const cost = costText(lc);
        if (cost) item.append(el("span", { class: "cost" }, cost));
        const why = forgottenText(lc);
        if (why) item.append(el("span", { class: "forgotten" }, why));
        row.append(item);
      }
      if (cards.length === 4) {
        const w = winner(cards, pos.trump === "NT" ? "" : pos.trump);
        row.append(el("span", { class: "won-by" }, "→ " + SEAT_NAMES[w]));
      }
      li.append(row);
      list.append(li);
    });
    // "picture" in schema claimcheck.ruling/2, "belief" before it.
    const picture = r.picture !== undefined ? r.picture : r.belief;
    $("belief").textContent = beliefText(picture, r.worst_line.length);
    render();
  }

  // "unaware-trump: S5 forgotten" -> "Played as the claimer sees the cards: he has forgotten
  // ♠5 (unaware-trump)."
  function beliefText(belief, tricks) {
    if (!tricks) return "No line to show.";
    if (!belief) return "Played as the claimer sees the cards: every card remembered.";
    const m = /^([\w-]+): (.*) forgotten$/.exec(belief);
    if (!m) return belief;
    return "Played as the claimer sees the cards: he has forgotten " + pretty(m[2])
      + " (" + m[1] + ").";
  }

  function endOfTrick(t) {
    const { items } = replay;
    let k = 0;
    for (let i = 0; i < items.length; i++) if (items[i].trick <= t) k = i + 1;
    return k;
  }

  // For a careless card, the ruling may name the forgotten card that made it look safe
  // ("forgotten") and say so in a sentence ("why"); older rulings carry neither.
  function forgottenText(lc) {
    if (lc.why) return lc.why;
    if (lc.forgotten && lc.forgotten.length) {
      return "he forgot " + lc.forgotten.map(cardText).join(" ") + ": that made this card look safe";
    }
    return "";
  }

  function costText(lc) {
    if (!lc.cost) return "";
    return lc.cost === 1 ? "costs a trick" : "costs " + lc.cost + " tricks";
  }

  function goto(step) {
    if (!replay) return;
    replay.step = Math.max(0, Math.min(replay.items.length, step));
    render();
  }

  function trickBoundaries() {
    // Step numbers at which each trick ends.
    const ends = [];
    replay.r.worst_line.forEach((_, t) => ends.push(endOfTrick(t)));
    return ends;
  }

  function stepTrick(direction) {
    const ends = trickBoundaries();
    const k = replay.step;
    if (direction > 0) {
      const next = ends.find((e) => e > k);
      goto(next === undefined ? replay.items.length : next);
    } else {
      const prev = ends.filter((e) => e < k);
      goto(prev.length ? prev[prev.length - 1] : 0);
    }
  }

  function render() {
    const { r, items, before, step } = replay;
    const trump = r.position.trump === "NT" ? "" : r.position.trump;
    const hands = JSON.parse(JSON.stringify(replay.hands));
    const played = items.slice(0, step);
    for (const c of played) {
      const ranks = hands[c.seat][c.card[0]];
      const i = ranks.indexOf(c.card[1]);
      if (i >= 0) ranks.splice(i, 1);
    }
    // Tricks won along the line, and the cards on the table now.
    let ns = 0, ew = 0;
    let table = before.slice();
    let current = 0;
    let trickCards = before.slice();
    let lastTrick = -1;
    for (const c of played) {
      if (c.trick !== lastTrick && lastTrick !== -1) trickCards = [];
      if (c.trick !== lastTrick) current = c.trick;
      lastTrick = c.trick;
      trickCards.push(c);
      if (trickCards.length === 4) {
        if (side(winner(trickCards, trump)) === "NS") ns++; else ew++;
      }
      table = trickCards;
    }
    if (!played.length) table = before.slice();
    const complete = table.length === 4;
    const win = complete ? winner(table, trump) : null;
    for (const seat of SEATS) {
      const box = $("seat-" + seat);
      const name = el("div", { class: "seat-name" }, SEAT_NAMES[seat]
        + (seat === r.claimer ? " (claimer)" : "")
        + (seat === r.position.declarer && seat !== r.claimer ? " (declarer)" : ""));
      const lines = SUITS.map((s) => {
        const red = s === "H" || s === "D";
        const ranks = hands[seat][s];
        return el("div", { class: "holding" + (red ? " red" : "") },
          el("span", { class: "suit" }, SUIT_SYMBOLS[s]),
          ranks.length ? ranks.map(rankText).join(" ") : "—");
      });
      box.replaceChildren(name, ...lines);
      const spot = $("played-" + seat);
      const c = table.find((x) => x.seat === seat);
      spot.replaceChildren(c ? cardNode(c.card, (c === played[played.length - 1] ? "last" : "")
        + (seat === win ? " winner" : "")) : "");
    }
    const claimerSide = side(r.claimer);
    const mine = claimerSide === "NS" ? ns : ew;
    const theirs = claimerSide === "NS" ? ew : ns;
    $("score").textContent = step === 0 ? "claim point"
      : "claimer " + mine + " · opp. " + theirs;
    // The line's list: the trick being shown.
    for (const li of document.querySelectorAll("#line .trick")) li.classList.remove("current");
    const shown = step === 0 ? (before.length ? 0 : -1) : current;
    if (shown >= 0 && $("trick-" + shown)) $("trick-" + shown).classList.add("current");
    // What the director reads out.
    let status;
    const total = r.worst_line.length;
    if (step === 0) {
      status = "Claim point: " + r.tricks_left + " tricks left, "
        + SEAT_NAMES[r.position.leader] + (before.length ? " led." : " to lead.")
        + (total ? " Step forward to play the worst normal line." : "");
    } else {
      const c = played[played.length - 1];
      status = "Trick " + (c.trick + 1) + " of " + total + ": " + SEAT_NAMES[c.seat] + " plays "
        + cardText(c.card) + (c.rule !== "defence" ? " [" + [c.rule, ...(c.also || [])].join(", ") + "]" : "")
        + (complete ? "; " + SEAT_NAMES[win] + " wins the trick" : "") + ". "
        + "Claimer's side " + mine + ", opponents " + theirs + (step === items.length ? " — end of the line." : ".");
    }
    $("replay-status").textContent = status;
    const note = $("card-note");
    note.replaceChildren();
    if (step > 0) {
      const c = played[played.length - 1];
      if (c.rule !== "defence") {
        for (const tag of [c.rule, ...(c.also || [])]) {
          const rule = rules[tag];
          if (rule) note.append(el("span", { class: "why" }, tag + " (" + rule.law + "): " + rule.summary));
        }
      }
      const cost = costText(c);
      if (cost) note.append(el("span", { class: "cost" }, "This card " + cost + "."));
      const why = forgottenText(c);
      if (why) note.append(el("span", { class: "forgotten" }, why));
    }
    $("first").disabled = $("prev").disabled = $("prev-trick").disabled = step === 0;
    $("last").disabled = $("next").disabled = $("next-trick").disabled = step === items.length;
  }

  function onTableKey(event) {
    if (!replay) return;
    const keys = {
      ArrowRight: () => goto(replay.step + 1), ArrowLeft: () => goto(replay.step - 1),
      ArrowDown: () => stepTrick(1), ArrowUp: () => stepTrick(-1),
      PageDown: () => stepTrick(1), PageUp: () => stepTrick(-1),
      Home: () => goto(0), End: () => goto(replay.items.length),
    };
    const action = keys[event.key];
    if (action) { event.preventDefault(); action(); }
  }

  // --- start -----------------------------------------------------------------------------------

  async function loadRules() {
    try {
      const response = await fetch("/api/rules");
      for (const r of await response.json()) rules[r.id] = r;
    } catch (e) { rules = {}; }
  }

  document.addEventListener("DOMContentLoaded", () => {
    buildSeatSelects();
    buildHandsGrid();
    loadRules();
    $("claim-form").addEventListener("submit", rule);
    for (const radio of document.querySelectorAll("input[name=source]")) {
      radio.addEventListener("change", showSource);
    }
    $("text").addEventListener("input", () => { lastRecordKey = ""; readCards(); });
    $("board").addEventListener("change", () => { lastRecordKey = ""; readCards(); });
    $("hands-grid").addEventListener("input", readCards);
    $("statement").addEventListener("input", readStatement);
    for (const name of ["claimer", "trump", "lead", "trick", "declarer"]) {
      $(name).addEventListener("change", () => { if (mode === "deal") readCards(); else readStatement(); });
    }
    $("first").addEventListener("click", () => goto(0));
    $("prev").addEventListener("click", () => goto(replay.step - 1));
    $("next").addEventListener("click", () => goto(replay.step + 1));
    $("last").addEventListener("click", () => goto(replay.items.length));
    $("prev-trick").addEventListener("click", () => stepTrick(-1));
    $("next-trick").addEventListener("click", () => stepTrick(1));
    $("table").addEventListener("keydown", onTableKey);
    $("print").addEventListener("click", () => { goto(0); window.print(); });
    document.body.classList.add("ready");
  });
})();
