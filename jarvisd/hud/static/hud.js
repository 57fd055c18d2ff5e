// The HUD page: trades the one-time ticket in the URL fragment (#ticket=..., put there by `jarvisd hud`
// and the tray) for the token, or reads the token itself (#token=..., from `jarvisd hud --print-url`),
// keeps it in sessionStorage while its daemon is live (a reload then needs no new link), and talks to /api
// with it. Live updates arrive as server-sent events.
"use strict";

const TOKEN_KEY = "jarvisd-hud-token";
// A reload while live finds a one-use HUD ticket here, never the token (pass 17): the storage outlives the page, and
// after the tab went elsewhere, another page of this origin (a program of another user holding the port while the
// daemon is stopped) could read it. A ticket lives 30 s in the daemon's memory and is refused to other users.
const RELOAD_KEY = "jarvisd-hud-reload-ticket";
let reloadTicket = null;
let reloadTicketAt = 0;
const $ = (id) => document.getElementById(id);
let token = null;
let ticketRefusal = null;   // why a ticket gave no token ("already used", "expired"), shown to the user

async function takeToken() {
  const hash = location.hash;
  if (hash) history.replaceState(null, "", location.pathname + location.search);
  const stored = sessionStorage.getItem(RELOAD_KEY);
  sessionStorage.removeItem(RELOAD_KEY);
  const ticket = /(?:^|[#&])ticket=([^&]+)/.exec(hash) || (stored && !/(?:^|[#&])token=/.test(hash) ? [null, stored] : null);
  if (ticket) {
    const response = await fetch("/api/ticket/redeem", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ticket: decodeURIComponent(ticket[1]) }),
    });
    const data = await response.json().catch(() => ({}));
    if (response.ok && data.token) sessionStorage.setItem(TOKEN_KEY, data.token);
    else ticketRefusal = data.detail || "This HUD link did not work. Open it again with jarvisd hud.";
  }
  const given = /(?:^|[#&])token=([^&]+)/.exec(hash);
  if (given) sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(given[1]));
  const kept = sessionStorage.getItem(TOKEN_KEY);
  // Kept again once the daemon proved itself and the stream is open: a reload while the daemon is stopped, and
  // another user's program has taken its port, would load that program's page on this origin, which could
  // read the storage (pass 16). In memory the token dies with this page.
  sessionStorage.removeItem(TOKEN_KEY);
  return kept;
}

// Whether the event stream is open, so the daemon that answers is the one holding our token. While it is
// not (before it opens, and after it broke: the daemon stopped for a restart or a crash), a program of
// another user can have taken the port, and this page sent it the token within seconds (pass 16). So the
// token goes out only after the daemon proved it holds it, just before: HMAC-SHA256 of a fresh nonce with
// the token, which only the token's holder can make.
let live = false;
// A reload while live closes the stream too (its error comes as the page goes): the token stays for the next page
// (a navigation aborts the stream before "pagehide"; "beforeunload" comes first)
let leaving = false;
addEventListener("beforeunload", () => {
  leaving = true;
  // a background tab's timers may run once a minute: a ticket past its 30 s would only say "link expired"
  if (live && reloadTicket && Date.now() - reloadTicketAt < 28000) sessionStorage.setItem(RELOAD_KEY, reloadTicket);
});

// while live, a fresh reload ticket every 20 s (each lives 30 s): what "beforeunload" stores
let reloadTimer = null;
document.addEventListener("visibilitychange", () => { if (!document.hidden && live) keepReloadTicket(); });
async function keepReloadTicket() {
  clearTimeout(reloadTimer);
  if (!live) { reloadTicket = null; return; }
  const result = await api("POST", "/api/ticket");
  reloadTicket = result.ok && result.data && typeof result.data.ticket === "string" ? result.data.ticket : null;
  reloadTicketAt = Date.now();
  reloadTimer = setTimeout(keepReloadTicket, 20000);
}

async function daemonHoldsOurToken() {
  try {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    const nonce = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    const response = await fetch(`/api/hello?nonce=${nonce}`, { cache: "no-store" });
    if (!response.ok) return false;
    const proof = (await response.json()).proof;
    if (typeof proof !== "string") return false;
    const text = new TextEncoder();
    const key = await crypto.subtle.importKey("raw", text.encode(token), { name: "HMAC", hash: "SHA-256" },
                                              false, ["sign"]);
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, text.encode(`jarvisd-hud-hello:${nonce}`)));
    if (proof === Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("")) return true;
    showNoToken("What answers on this port does not hold this page's token (it was replaced, or another "
                + "program took the port). Open the HUD again with jarvisd hud.");
    return false;
  } catch (_) {
    return false;
  }
}

async function api(method, path, body) {
  if (!live && !(await daemonHoldsOurToken())) return { ok: false, status: 0, data: null };
  const init = { method, headers: { Authorization: `Bearer ${token}` } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (response.status === 401) showNoToken("The daemon refused this page's token. Open it again with jarvisd hud.");
  let data = null;
  if (response.status !== 204) {
    try { data = await response.json(); } catch (_) { data = null; }
  }
  return { ok: response.ok, status: response.status, data };
}

// ------------------------------------------------------------ AGENDA card

function button(label, cls, title, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.className = cls;
  b.title = title;
  b.setAttribute("aria-label", title);
  b.addEventListener("click", onClick);
  return b;
}

function loopItem(loop, actions) {
  const li = $("loop-template").content.firstElementChild.cloneNode(true);
  li.dataset.id = loop.id;
  li.dataset.status = loop.status;
  li.querySelector(".desc").textContent = loop.desc;
  const meta = li.querySelector(".meta");
  if (loop.due) {
    const due = document.createElement("span");
    due.className = "due";
    due.textContent = `due ${loop.due}`;
    meta.append(due, " · ");
  }
  if (loop.repeat) meta.append(`↻ ${loop.repeat} · `);
  if (loop.muted) meta.append("no reminders · ");
  meta.append(loop.status === "open" ? loop.short_id : `${loop.status} · ${loop.short_id}`);
  li.querySelector(".actions").append(...actions);
  return li;
}

function showAgendaError(text) {
  const el = $("agenda-error");
  el.textContent = text || "";
  el.hidden = !text;
}

async function setStatus(loop, status) {
  const result = await api("POST", `/api/openloops/${encodeURIComponent(loop.id)}`, { status });
  if (result.ok) {
    showAgendaError("");
  } else {
    const reason = result.data && (result.data.reason || result.data.detail);
    showAgendaError(reason || `failed (${result.status})`);
  }
  await loadAgenda();
}

function renderAgenda(agenda) {
  const open = agenda.open.map((loop) => loopItem(loop, [
    button("✓", "done", `done: ${loop.desc}`, () => setStatus(loop, "done")),
    button("✕", "dismiss", `dismiss: ${loop.desc}`, () => setStatus(loop, "dismissed")),
  ]));
  const closed = agenda.closed.map((loop) => loopItem(loop, [
    button("↺", "revive", `reopen: ${loop.desc}`, () => setStatus(loop, "open")),
  ]));
  $("open-loops").replaceChildren(...open);
  $("closed-loops").replaceChildren(...closed);
  $("no-open").hidden = open.length > 0;
}

let agendaRequest = 0;
async function loadAgenda() {
  const mine = ++agendaRequest;
  const result = await api("GET", "/api/agenda");
  if (result.ok && mine === agendaRequest) renderAgenda(result.data);
}

// ------------------------------------------------------------ transcript and input

function addLine(role, text, extraClass) {
  const li = document.createElement("li");
  li.className = extraClass ? `${role} ${extraClass}` : role;
  const who = document.createElement("span");
  who.className = "role";
  who.textContent = role;
  const body = document.createElement("span");
  body.className = "text";
  body.textContent = text;
  li.append(who, body);
  const list = $("transcript");
  list.append(li);
  list.scrollTop = list.scrollHeight;
}

async function sendTurn(event) {
  event.preventDefault();
  const input = $("turn-input");
  const text = input.value.trim();
  if (!text) return;
  input.value = "";
  const result = await api("POST", "/api/turns", { text });
  if (!result.ok) addLine("system", (result.data && result.data.detail) || `failed (${result.status})`);
}

// ------------------------------------------------------------ approvals

function approvalItem(request) {
  const li = document.createElement("li");
  li.className = "approval";
  li.dataset.id = request.id;
  const what = document.createElement("span");
  what.className = "what";
  const tool = document.createElement("span");
  tool.className = "tool";
  tool.textContent = request.summary ? `${request.tool}(${request.summary})` : `${request.tool}()`;
  const meta = document.createElement("span");
  meta.className = "meta";
  const left = Math.max(0, Math.round(request.asked_at + request.timeout_sec - Date.now() / 1000));
  meta.textContent = `session ${request.session} · refused in ${left} s without an answer`;
  what.append("Run ", tool, "?", meta);
  li.append(what,
    button("Approve", "approve", `approve: ${request.tool}`, () => decide(request, true)),
    button("Deny", "deny", `deny: ${request.tool}`, () => decide(request, false)));
  return li;
}

function renderApprovals(pending) {
  $("approval-list").replaceChildren(...pending.map(approvalItem));
  $("approvals").hidden = pending.length === 0;
}

let approvalsRequest = 0;
async function loadApprovals() {
  const mine = ++approvalsRequest;
  const result = await api("GET", "/api/approvals");
  if (result.ok && mine === approvalsRequest) renderApprovals(result.data.pending);
}

function dropApproval(id) {
  for (const li of $("approval-list").querySelectorAll("li")) if (li.dataset.id === id) li.remove();
  $("approvals").hidden = $("approval-list").children.length === 0;
}

async function decide(request, approved) {
  const result = await api("POST", `/api/approvals/${encodeURIComponent(request.id)}`, { approved });
  if (!result.ok) addLine("system", (result.data && result.data.detail) || `approval: failed (${result.status})`);
  dropApproval(request.id);
}

// ------------------------------------------------------------ sessions (forget one)

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function localTime(iso) {
  const t = new Date(iso);
  const pad = (n) => String(n).padStart(2, "0");
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

function showSessionsMessage(error, note) {
  $("sessions-error").textContent = error || "";
  $("sessions-error").hidden = !error;
  $("sessions-note").textContent = note || "";
  $("sessions-note").hidden = !note;
}

function askToForget(li, session) {
  if (li.querySelector(".confirm")) return;
  const box = document.createElement("div");
  box.className = "confirm";
  const what = document.createElement("p");
  what.textContent = `Forget session "${session.session}"? This deletes its ${plural(session.turns, "turn")}, `
    + `thought logs and working memory (${plural(session.records, "record")}). `
    + "Remembered facts, task patterns and the agenda stay.";
  const keep = button("Keep", "keep", `keep: ${session.session}`, () => box.remove());
  box.append(what,
    button("Forget it", "forget", `confirm forget: ${session.session}`, () => forgetSession(session, box)),
    keep);
  li.append(box);
  keep.focus();
}

async function forgetSession(session, box) {
  for (const b of box.querySelectorAll("button")) b.disabled = true;
  const result = await api("POST", `/api/sessions/${encodeURIComponent(session.session)}/forget`, { confirm: true });
  if (result.ok) {
    showSessionsMessage("", `Forgot session "${session.session}": ${plural(result.data.deleted, "record")} deleted.`);
  } else {
    showSessionsMessage((result.data && result.data.detail) || `forget: failed (${result.status})`, "");
  }
  await loadSessions();
}

function sessionItem(session, current) {
  const li = document.createElement("li");
  li.className = "session";
  li.dataset.session = session.session;
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = session.session === current ? `${session.session} (this page)` : session.session;
  const meta = document.createElement("span");
  meta.className = "meta";
  meta.textContent = `${plural(session.turns, "turn")} · last ${localTime(session.last)}`
    + (session.preview ? ` · ${session.preview}` : "");
  meta.title = session.preview;
  const actions = document.createElement("span");
  actions.className = "actions";
  actions.append(button("Forget", "forget", `forget: ${session.session}`, () => askToForget(li, session)));
  li.append(name, meta, actions);
  return li;
}

let sessionsRequest = 0;
async function loadSessions() {
  const mine = ++sessionsRequest;
  const result = await api("GET", "/api/sessions");
  if (mine !== sessionsRequest) return;
  if (result.status === 503) { $("sessions").hidden = true; return; }  // this HUD runs without memory
  if (!result.ok) return;
  const asking = new Set([...$("session-list").querySelectorAll("li")]
    .filter((li) => li.querySelector(".confirm")).map((li) => li.dataset.session));
  const items = result.data.sessions.map((s) => sessionItem(s, result.data.current));
  for (const li of items) if (asking.has(li.dataset.session)) askToForget(li, result.data.sessions.find((s) => s.session === li.dataset.session));
  $("session-list").replaceChildren(...items);
  $("no-sessions").hidden = items.length > 0;
  $("sessions").hidden = false;
}

let sessionsTimer = 0;
function loadSessionsSoon() {  // a turn was answered: its record lands in memory just after
  clearTimeout(sessionsTimer);
  sessionsTimer = setTimeout(loadSessions, 1500);
}

// ------------------------------------------------------------ status and mic

function setPill(id, label, state) {
  const el = $(id);
  el.textContent = label;
  el.dataset.state = state;
}

// the stores (memory, agenda) have a pill only while something is wrong with them: "memory: damaged", its detail
// (what broke and how to recover) in the title; before, /api/status said so and the page did not
const STORE_PARTS = ["memory", "agenda"];

function renderStorePart(part, info) {
  let el = $(`${part}-status`);
  if (!el) {
    el = document.createElement("span");
    el.className = "pill";
    el.id = `${part}-status`;
    el.hidden = true;
    $("live").before(el);
  }
  el.hidden = info.state === "ok";
  el.textContent = `${part}: ${info.state}`;
  el.title = info.detail || "";
  el.dataset.state = "error";
}

function renderPart(part, info) {
  if (STORE_PARTS.includes(part)) renderStorePart(part, info);
  if (part === "backend") setPill("backend-status", `backend: ${info.state}`, info.state === "error" ? "error" : "ok");
  if (part === "mic") {
    setPill("mic-status", `mic: ${info.state}`, info.state);
    $("mute").setAttribute("aria-pressed", String(info.state === "muted"));
    $("mute").textContent = info.state === "muted" ? "Unmute" : "Mute";
  }
}

async function loadStatus() {
  let result;
  try { result = await api("GET", "/api/status"); } catch (_) { return; }
  if (!result.ok) return;
  for (const [part, info] of Object.entries(result.data.parts)) renderPart(part, info);
  if (!result.data.parts.mic) setPill("mic-status", result.data.mic_control ? "mic: ready" : "mic: off", "offline");
  $("talk").disabled = $("mute").disabled = !result.data.mic_control;
}

async function mic(body) {
  const result = await api("POST", "/api/mic", body);
  if (!result.ok) addLine("system", (result.data && result.data.detail) || `mic: failed (${result.status})`);
}

function wireMic() {
  const talk = $("talk");
  const press = (e) => { e.preventDefault(); talk.classList.add("active"); mic({ talk: true }); };
  const release = () => { if (talk.classList.contains("active")) { talk.classList.remove("active"); mic({ talk: false }); } };
  talk.addEventListener("pointerdown", press);
  talk.addEventListener("pointerup", release);
  talk.addEventListener("pointerleave", release);
  $("mute").addEventListener("click", () => mic({ muted: $("mute").getAttribute("aria-pressed") !== "true" }));
}

// ------------------------------------------------------------ live updates

async function listen() {
  if (!(await daemonHoldsOurToken())) {
    if ($("no-token").hidden) { setPill("live", "offline", "offline"); setTimeout(listen, 3000); }
    return;
  }
  const source = new EventSource(`/api/events?token=${encodeURIComponent(token)}`);
  source.addEventListener("open", () => {
    live = true;
    keepReloadTicket();   // a reload while live trades it
    setPill("live", "live", "live"); loadAgenda(); loadStatus(); loadApprovals(); loadSessions();
  });
  source.addEventListener("error", () => {
    // the stream broke, was refused (401/403) or the daemon is gone. The browser's own retry would send the
    // token in the URL to whatever listens on the port now: close it, and retry once the daemon proved itself
    source.close();
    live = false;
    reloadTicket = null;
    if (!leaving) sessionStorage.removeItem(RELOAD_KEY);   // nor does a reload while the daemon is gone
    setPill("live", "reconnecting", "connecting");
    loadStatus().finally(() => { if ($("no-token").hidden) setTimeout(listen, 3000); });
  });
  source.addEventListener("agenda_changed", () => loadAgenda());
  source.addEventListener("transcript_line", (e) => {
    const line = JSON.parse(e.data);
    addLine(line.role, line.text);
    if (line.role !== "user") loadSessionsSoon();
  });
  source.addEventListener("reminder_due", (e) => {
    const reminder = JSON.parse(e.data);
    addLine("reminder", reminder.text);
    loadAgenda();
  });
  source.addEventListener("approval_requested", () => loadApprovals());
  source.addEventListener("approval_resolved", (e) => dropApproval(JSON.parse(e.data).id));
  source.addEventListener("status_changed", (e) => {
    const change = JSON.parse(e.data);
    renderPart(change.part, change);
  });
}

function showNoToken(text) {
  const notice = $("no-token");
  if (text) notice.textContent = text;
  notice.hidden = false;
  setPill("live", "no token", "offline");
}

async function start() {
  token = await takeToken();
  if (!token) {
    showNoToken(ticketRefusal);
    return;
  }
  $("turn-form").addEventListener("submit", sendTurn);
  wireMic();
  loadAgenda();
  loadStatus();
  loadApprovals();
  loadSessions();
  listen();
}

start();
