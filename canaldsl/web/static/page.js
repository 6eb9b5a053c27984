// The page of `canaldsl serve`: our own script, the only one the page runs (its policy allows
// no other). Every answer comes from the server: the highlighting (the game's own token
// classes), the problems, the verdict, the picture, the edits made by clicking. Text from the
// server is always set as text (textContent), never as markup; the picture is parsed as SVG.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const source = $("source");
  const highlight = $("highlight");
  const HEADERS = { "content-type": "text/plain; charset=utf-8", "x-canaldsl-page": "1" };
  const DEBOUNCE_MS = 300;
  const HIGHLIGHT_LIMIT = 400000; // characters: past this, the text is shown plain

  const state = {
    file: "untitled.canal",
    canSave: false,
    view: null,
    mode: "tile",
    tileKind: "",
    timer: null,
    asked: 0, // the number of the last check asked; older answers are dropped
  };

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else node.setAttribute(k, v);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  function say(text, kind) {
    const message = $("message");
    message.textContent = text || "";
    message.className = kind || "";
  }

  async function post(path, text) {
    const response = await fetch(path, { method: "POST", headers: HEADERS, body: text });
    if (response.status === 503) {
      say("The server is busy: try again in a moment.", "busy");
      return null;
    }
    let body = null;
    try {
      body = await response.json();
    } catch (e) {
      body = { error: "the server's answer could not be read" };
    }
    if (!response.ok) {
      say((body && body.error) || "the server refused (" + response.status + ")", "failed");
      return null;
    }
    return body;
  }

  // ---------------------------------------------------------------- the editor

  function segments(text, tokens, diagnostics) {
    const cuts = new Set([0, text.length]);
    for (const [s, e] of tokens) { cuts.add(s); cuts.add(e); }
    for (const d of diagnostics) { cuts.add(d.start); cuts.add(Math.min(d.end, text.length)); }
    const points = [...cuts].filter((p) => p >= 0 && p <= text.length).sort((a, b) => a - b);
    const parts = [];
    let t = 0;
    for (let i = 0; i + 1 < points.length; i++) {
      const start = points[i], end = points[i + 1];
      while (t < tokens.length && tokens[t][1] <= start) t++;
      const classes = [];
      if (t < tokens.length && tokens[t][0] <= start && tokens[t][1] >= end) {
        classes.push("t-" + tokens[t][2]);
      }
      let title = null;
      for (const d of diagnostics) {
        if (d.start <= start && d.end >= end) {
          classes.push("d-" + d.severity);
          title = d.message;
        }
      }
      parts.push({ text: text.slice(start, end), classes, title });
    }
    return parts;
  }

  function paintText(text, view) {
    highlight.textContent = "";
    const usable = view && view.text === text && text.length <= HIGHLIGHT_LIMIT;
    if (!usable) {
      highlight.textContent = text + "\n";
      return;
    }
    const fragment = document.createDocumentFragment();
    for (const part of segments(text, view.tokens, view.diagnostics)) {
      if (!part.classes.length) {
        fragment.append(part.text);
        continue;
      }
      const span = el("span", { class: part.classes.join(" ") }, part.text);
      if (part.title) span.setAttribute("data-message", part.title);
      fragment.append(span);
    }
    fragment.append("\n");
    highlight.append(fragment);
    syncScroll();
  }

  function syncScroll() {
    highlight.scrollTop = source.scrollTop;
    highlight.scrollLeft = source.scrollLeft;
  }

  function setText(text) {
    const top = source.scrollTop;
    source.value = text;
    source.scrollTop = top;
    paintText(text, state.view);
  }

  function changed() {
    paintText(source.value, state.view);
    clearTimeout(state.timer);
    state.timer = setTimeout(check, DEBOUNCE_MS);
  }

  async function check() {
    const text = source.value;
    const number = ++state.asked;
    const view = await post("/api/check", text);
    if (view === null || number !== state.asked) return;
    show(view);
  }

  // ---------------------------------------------------------------- what the server says

  function show(view) {
    state.view = view;
    if (view.text !== source.value) return; // typed since: the next answer will come
    say("", "");
    paintText(view.text, view);
    $("game-title").textContent = view.game ? view.game.title : "canaldsl";
    const status = $("status");
    status.textContent = "canaldsl check: " + view.status;
    status.className = "badge " + view.status;
    status.setAttribute("data-status", view.status);
    showDiagnostics(view.diagnostics);
    showVerdict(view);
    showPicture($("board"), view.picture);
    $("board-note").textContent = view.picture ? "" : (view.picture_note || "");
    showPalette(view.palette);
    showQuestions(view.questions);
  }

  function goTo(d) {
    source.focus();
    source.setSelectionRange(d.start, d.end);
    const line = d.line - 1;
    source.scrollTop = Math.max(0, line * 18.85 - source.clientHeight / 2);
    syncScroll();
  }

  function showDiagnostics(diagnostics) {
    const list = $("diagnostics");
    list.textContent = "";
    if (!diagnostics.length) {
      list.append(el("li", { class: "none" }, "none"));
      return;
    }
    for (const d of diagnostics) {
      const where = `${d.line}:${d.column}`;
      const code = d.rule ? `${d.code} ${d.rule}` : d.code;
      const item = el(
        "li",
        { class: d.severity, "data-code": d.code, "data-line": String(d.line) },
        el("span", { class: "where" }, where + " "),
        el("b", {}, code), ": ", d.message,
        d.hint ? el("span", { class: "hint" }, "fix: " + d.hint) : null
      );
      item.addEventListener("click", () => goTo(d));
      list.append(item);
    }
  }

  function showVerdict(view) {
    const box = $("verdict");
    box.textContent = "";
    if (view.summary && view.summary.length) {
      box.append(el("p", { class: "muted" }, view.summary.join(", ")));
    }
    for (const turn of view.turns) {
      const legal = turn.legal ? "legal" : "illegal";
      const div = el("div", { class: "turn " + legal, "data-legal": String(turn.legal) },
        el("span", { class: "badge " + legal }, legal), " ", turn.text);
      box.append(div);
    }
    if (!view.turns.length && view.status !== "error") {
      box.append(el("p", { class: "none" }, "the file has no turn"));
    }
    for (const rule of view.rules) {
      const sections = el("ul", {});
      for (const s of rule.sections) {
        sections.append(el("li", {}, `${s.rulebook}: ${s.section || "(not in this rulebook)"}`));
      }
      box.append(el("div", { class: "rule", "data-rule": rule.id },
        el("span", { class: "id" }, rule.id), " ", el("b", {}, rule.title),
        el("p", {}, rule.text), sections));
    }
    if (view.expectations.length) {
      const list = el("ul", {});
      for (const e of view.expectations) {
        const mark = e.passed === true ? "holds" : e.passed === false ? "FAILS" : "not judged";
        list.append(el("li", {}, `${e.text}: ${mark}${e.reason ? " (" + e.reason + ")" : ""}`));
      }
      box.append(el("h4", {}, "Expectations"), list);
    }
    if (view.final) {
      const table = el("table", { id: "final" }, el("tr", {}, el("th", {}, "player"),
        el("th", {}, "final score")));
      for (const player of view.final.ranking) {
        table.append(el("tr", {}, el("td", {}, player), el("td", {}, view.final.scores[player])));
      }
      box.append(el("h4", {}, "Final scores (if the game ended now)"), table,
        el("p", { class: "winner" }, "winner: " + view.final.winner));
    }
  }

  function showPicture(box, svgText) {
    box.textContent = "";
    if (!svgText) return;
    const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const svg = parsed.documentElement;
    if (!svg || svg.nodeName !== "svg") return;
    for (const script of svg.querySelectorAll("script, foreignObject")) script.remove();
    box.append(document.importNode(svg, true));
  }

  // ---------------------------------------------------------------- set up by clicking

  function showPalette(palette) {
    const box = $("palette");
    const key = JSON.stringify(palette);
    if (box.getAttribute("data-key") === key) return;
    box.setAttribute("data-key", key);
    box.textContent = "";
    if (!palette || (!palette.groups.length && !palette.modes.length)) return;
    // a game's modes and choices need not be Canal Mania's: start on its first of each
    if (palette.modes.length && !palette.modes.some((m) => m.name === state.mode)) {
      state.mode = palette.modes[0].name;
    }
    const kinds = palette.groups.find((g) => g.name === "tile");
    if (kinds && kinds.choices.length && !kinds.choices.includes(state.tileKind)) {
      state.tileKind = kinds.choices[0];
    }
    if (palette.modes.length) {
      const modes = el("div", { class: "group" }, el("span", { class: "label" }, "click:"));
      for (const mode of palette.modes) {
        const button = el("button", { type: "button", "data-mode": mode.name }, mode.label);
        if (mode.name === state.mode) button.classList.add("chosen");
        button.addEventListener("click", () => {
          state.mode = mode.name;
          for (const b of modes.querySelectorAll("button")) b.classList.remove("chosen");
          button.classList.add("chosen");
        });
        modes.append(button);
      }
      box.append(modes);
    }
    for (const group of palette.groups) {
      const row = el("div", { class: "group", "data-group": group.name },
        el("span", { class: "label" }, group.label + ":"));
      for (const choice of group.choices) {
        const label = choice || "by terrain";
        const button = el("button", { type: "button", "data-choice": choice }, label);
        if (group.name === "tile") {
          if (choice === state.tileKind) button.classList.add("chosen");
          button.addEventListener("click", () => {
            state.tileKind = choice;
            // Canal Mania: choosing a tile kind means building a tile; a game without a
            // mode named "tile" keeps the mode chosen
            if (palette.modes.some((m) => m.name === "tile")) state.mode = "tile";
            for (const b of box.querySelectorAll("button")) b.classList.remove("chosen");
            button.classList.add("chosen");
            const chosenMode = box.querySelector('[data-mode="' + state.mode + '"]');
            if (chosenMode) chosenMode.classList.add("chosen");
          });
        } else {
          button.addEventListener("click", () => edit(group.name, choice, ""));
        }
        row.append(button);
      }
      box.append(row);
    }
  }

  async function edit(action, target, kind) {
    clearTimeout(state.timer);
    const query = new URLSearchParams({ action, target, kind });
    const number = ++state.asked;
    const view = await post("/api/edit?" + query.toString(), source.value);
    if (view === null || number !== state.asked) return;
    if (view.refused) {
      say(view.refused, "refused");
      return;
    }
    setText(view.text);
    show(view);
  }

  function boardClicked(event) {
    // the mode names the attribute that says what was clicked (data-hex, data-name ...)
    const target = event.target instanceof Element ? event.target : null;
    const palette = state.view && state.view.palette;
    const mode = palette && palette.modes.find((m) => m.name === state.mode);
    if (!target || !mode) return;
    const hit = target.closest("[" + mode.attribute + "]");
    if (hit) edit(mode.name, hit.getAttribute(mode.attribute), state.tileKind);
    else say("to " + mode.label + ", click where it can be", "refused");
  }

  // ---------------------------------------------------------------- answers

  function showQuestions(questions) {
    const box = $("questions");
    for (const old of box.querySelectorAll("button")) old.remove();
    for (const q of questions || []) {
      const button = el("button", { type: "button", "data-question": q.name }, q.label);
      button.addEventListener("click", () => ask(q));
      box.append(button);
    }
  }

  async function ask(question) {
    const budget = $("budget").value || "10";
    const box = $("answer");
    box.textContent = "";
    box.append(el("p", { class: "muted" }, question.label + ": working…"));
    const query = new URLSearchParams({ question: question.name, budget });
    const answer = await post("/api/answer?" + query.toString(), source.value);
    box.textContent = "";
    if (answer === null) return;
    if (answer.error) {
      box.append(el("p", { class: "failed" }, question.label + ": " + answer.error));
      return;
    }
    const proof = answer.proven
      ? `proven (${answer.status})`
      : `not proven: ${answer.status} (the work budget of ${answer.budget} units was spent first)`;
    box.append(el("h4", { "data-answer": answer.question }, question.label + ": " + proof),
      el("pre", {}, answer.lines.join("\n")));
    if (answer.picture) {
      const picture = el("div", { class: "board" });
      showPicture(picture, answer.picture);
      box.append(picture);
    }
  }

  // ---------------------------------------------------------------- files, report, share

  function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = el("a", { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
  }

  async function downloadReport() {
    const answer = await post("/api/report", source.value);
    if (answer === null) return;
    const stem = state.file.replace(/\.canal$/, "");
    download(stem + "-report.html", answer.html, "text/html");
    say("report downloaded (" + answer.status + ")", "");
  }

  async function save() {
    const answer = await post("/api/save", source.value);
    if (answer !== null) say("saved " + answer.saved + " (" + answer.bytes + " bytes)", "");
  }

  function toBase64Url(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64Url(text) {
    const padded = text.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(padded + "===".slice((padded.length + 3) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  }

  async function squeeze(bytes, stream) {
    const piped = new Blob([bytes]).stream().pipeThrough(stream);
    return new Uint8Array(await new Response(piped).arrayBuffer());
  }

  async function share() {
    const packed = await squeeze(new TextEncoder().encode(source.value),
      new CompressionStream("deflate-raw"));
    const url = location.origin + location.pathname + "#text=" + toBase64Url(packed);
    history.replaceState(null, "", url);
    $("share-box").hidden = false;
    const box = $("share-link");
    box.value = url;
    box.select();
    try {
      await navigator.clipboard.writeText(url);
      say("link copied: it carries the whole file (" + url.length + " characters)", "");
    } catch (e) {
      say("copy the link below: it carries the whole file", "");
    }
  }

  async function sharedText() {
    const match = /^#text=([A-Za-z0-9_-]*)$/.exec(location.hash);
    if (!match) return null;
    try {
      const bytes = await squeeze(fromBase64Url(match[1]), new DecompressionStream("deflate-raw"));
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (e) {
      say("the link's file could not be read (cut short?): showing the served file", "failed");
      return null;
    }
  }

  // ---------------------------------------------------------------- start

  async function start() {
    source.addEventListener("input", changed);
    source.addEventListener("scroll", syncScroll);
    source.addEventListener("keydown", (event) => {
      if (event.key === "Tab" && !event.shiftKey && !event.ctrlKey && !event.altKey) {
        event.preventDefault();
        source.setRangeText("  ", source.selectionStart, source.selectionEnd, "end");
        changed();
      }
    });
    $("board").addEventListener("click", boardClicked);
    $("download-file").addEventListener("click",
      () => download(state.file, source.value, "text/plain"));
    $("download-report").addEventListener("click", downloadReport);
    $("report-form").addEventListener("submit", () => { $("report-text").value = source.value; });
    $("share").addEventListener("click", share);
    $("save").addEventListener("click", save);
    const response = await fetch("/api/start");
    const started = await response.json();
    state.file = started.file;
    state.canSave = started.can_save;
    $("file-name").textContent = started.file;
    $("save").hidden = !started.can_save;
    $("budget").value = String(started.budget);
    $("budget").max = String(started.max_budget);
    const shared = await sharedText();
    setText(shared !== null ? shared : started.text);
    document.title = started.file + " — canaldsl";
    await check();
  }

  window.addEventListener("hashchange", async () => {
    const shared = await sharedText();
    if (shared !== null && shared !== source.value) {
      setText(shared);
      await check();
    }
  });
  start();
})();
