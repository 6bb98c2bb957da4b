/* The table's page: the state from /api/state, every change pushed on /events, writes to /api/events.
   Plain ES5 and the DOM, no framework: it runs on an old phone's browser and offline on the table's Wi-Fi. */
(function () {
  "use strict";
  var T = {
    fi: { rulings: "Tuomiot", say: "Ilmoita", who: "Kuka", send: "Lähetä", declare: "Ilmoita", drunk: "Juodut sakot",
          record_drink: "Kirjaa juodut", undo: "Kumoa viimeisin", pause_on: "Tauko", pause_off: "Jatka peliä",
          join: "Liity pöytään", join_button: "Liity", join_note: "Koodi näkyy tuomarin päätteellä. Katsella voi liittymättä.",
          booked: "Kirjatut tapahtumat", save: "Tallenna korjaus", cancel: "Peru", what: "mitä (sana)", value: "arvo",
          turn: "Vuorossa: ", over: "Peli on päättynyt", paused: "TAUKO", record: "Tallenna pöytäkirja",
          no_ruling: "Kirjattu; ei tuomiota.", queued: "Jonossa: kirjataan kameran seuraavan kuvan kanssa.",
          not_joined: "Liity pöytään ensin.", deleted: "poista", edit: "korjaa", editing: "Korjaa tapahtuma #",
          undone: "Kumottu.", corrected: "Korjattu.", offline: "yhteys katkesi", online: "suorana",
          value_for: { deadwood: "ilmoitettu pistemäärä", bid: "tarjous, esim. 5h", suit: "maa: s c d h" } },
    en: { rulings: "Rulings", say: "Declare", who: "Who", send: "Send", declare: "Declare", drunk: "Fines drunk",
          record_drink: "Record drunk", undo: "Undo the latest", pause_on: "Pause", pause_off: "Resume play",
          join: "Join the table", join_button: "Join", join_note: "The code is on the referee's terminal. Watching needs no joining.",
          booked: "Booked events", save: "Save the correction", cancel: "Cancel", what: "what (a word)", value: "value",
          turn: "Turn: ", over: "The game is over", paused: "PAUSED", record: "Save the record",
          no_ruling: "Booked; no ruling.", queued: "Queued: it goes in with the camera's next frame.",
          not_joined: "Join the table first.", deleted: "delete", edit: "correct", editing: "Correct event #",
          undone: "Undone.", corrected: "Corrected.", offline: "connection lost", online: "live",
          value_for: { deadwood: "announced deadwood", bid: "a bid, e.g. 5h", suit: "a suit: s c d h" } }
  };
  var S = { lang: null, state: null, events: [], rulings: [], notices: [], joined: false, picture: false,
            pending: null, word: null, editing: null, seen: 0 };

  function $(id) { return document.getElementById(id); }
  function t(key) { return T[S.lang || "fi"][key]; }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  function load() {
    fetch("/api/state", { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (d) {
      var pending = S.pending || [];
      S.pending = null;
      if (!S.state || d.state.version >= S.state.version) {
        S.state = d.state; S.events = d.events; S.rulings = d.rulings; S.notices = d.notices;
      }
      S.joined = d.joined; S.picture = d.picture;
      if (!S.lang) { S.lang = localStorage.getItem("lang") || d.language; }
      S.seen = S.rulings.length;
      pending.forEach(apply);
      render();
      if (S.picture) { refreshPicture(); }
    });
  }

  function connect() {
    var source = new EventSource("/events");
    source.addEventListener("hello", function (e) {
      live(true);
      var version = JSON.parse(e.data).version;
      if (!S.state || version !== S.state.version) { S.pending = S.pending || []; load(); }
    });
    source.addEventListener("change", function (e) {
      var m = JSON.parse(e.data);
      if (S.pending) { S.pending.push(m); return; }
      if (apply(m)) { render(); }
    });
    source.addEventListener("notice", function (e) {
      S.notices.push(JSON.parse(e.data));
      S.notices = S.notices.slice(-8);
      renderNotices();
    });
    source.onerror = function () { live(false); };
  }

  function apply(m) {
    if (!S.state || m.state.version <= S.state.version) { return false; }
    if (m.replace) {
      S.events = m.events; S.rulings = m.rulings; S.seen = Math.min(S.seen, S.rulings.length);
    } else {
      S.events = S.events.concat(m.events); S.rulings = S.rulings.concat(m.rulings);
    }
    S.state = m.state;
    return true;
  }

  function live(on) {
    var l = $("live");
    l.textContent = on ? "● " + t("online") : "○ " + t("offline");
    l.dataset.on = on ? "1" : "";
  }

  function render() {
    var st = S.state;
    if (!st) { return; }
    document.documentElement.lang = S.lang;
    [].forEach.call(document.querySelectorAll("[data-t]"), function (e) { e.textContent = t(e.dataset.t); });
    [].forEach.call(document.querySelectorAll("[data-ph]"), function (e) { e.placeholder = t(e.dataset.ph); });
    $("lang").textContent = S.lang === "fi" ? "EN" : "FI";
    $("record").textContent = "⤓ " + t("record");
    $("record").href = "/record.html?lang=" + S.lang;
    live($("live").dataset.on === "1");
    $("title").textContent = st.title + ": " + st.players.join(", ");
    $("turn").textContent = st.finished ? t("over") : (st.turn ? t("turn") + st.turn : "");
    document.body.classList.toggle("paused", st.paused);
    $("pause").textContent = t("paused");
    $("sheet").innerHTML = st.html[S.lang];
    renderRulings();
    renderNotices();
    $("picture-box").classList.toggle("hidden", !S.picture);
    $("controls").classList.toggle("hidden", !S.joined);
    $("join-box").classList.toggle("hidden", S.joined);
    $("booked-box").classList.toggle("hidden", !S.joined);
    if (S.joined) { renderControls(); renderBooked(); }
  }

  function renderRulings() {
    var list = $("rulings");
    list.innerHTML = "";
    var shown = S.rulings.slice(-40).reverse();
    var fresh = S.rulings.length - S.seen;
    shown.forEach(function (r, i) {
      var li = el("li", "ruling" + (r.bad ? " bad" : "") + (i < fresh ? " new" : ""));
      li.dataset.kind = r.kind;
      li.appendChild(el("small", "", "#" + r.cause));
      li.appendChild(document.createTextNode(r[S.lang]));
      list.appendChild(li);
    });
    S.seen = S.rulings.length;
  }

  function renderNotices() {
    var box = $("notices");
    box.innerHTML = "";
    S.notices.slice(-3).forEach(function (n) { box.appendChild(el("p", "", n[S.lang])); });
  }

  function renderControls() {
    var st = S.state, by = $("by"), chosen = by.value;
    by.innerHTML = "";
    st.players.forEach(function (name, seat) {
      var o = el("option", "", name);
      o.value = seat;
      by.appendChild(o);
    });
    if (chosen) { by.value = chosen; }
    var words = $("words");
    words.innerHTML = "";
    st.declarations.forEach(function (w) {
      var b = el("button", "", w[S.lang]);
      b.type = "button";
      b.dataset.what = w.what;
      b.onclick = function () { declare(w); };
      words.appendChild(b);
    });
    $("drink").classList.toggle("hidden", !st.drinks);
    $("pause-toggle").textContent = st.paused ? t("pause_off") : t("pause_on");
  }

  function declare(w) {
    if (w.value) {
      S.word = w;
      $("value-row").classList.remove("hidden");
      $("value").placeholder = t("value_for")[w.value] || t("value");
      $("value").focus();
      return;
    }
    send({ type: "declared", by: +$("by").value, what: w.what });
  }

  function renderBooked() {
    var box = $("booked");
    box.innerHTML = "";
    S.events.filter(function (e) { return e.correctable && e.in_force; }).slice(-30).reverse().forEach(function (e) {
      var row = el("div", "booked");
      row.appendChild(el("small", "", "#" + e.seq + " " + e.t.toFixed(1) + " s"));
      row.appendChild(el("span", "", e.text));
      var edit = el("button", "", t("edit"));
      edit.type = "button";
      edit.onclick = function () { startEdit(e); };
      var del = el("button", "", t("deleted"));
      del.type = "button";
      del.dataset.seq = e.seq;
      del.onclick = function () { send({ type: "correction", target: e.seq, replacement: null }, t("corrected")); };
      row.appendChild(edit);
      row.appendChild(del);
      box.appendChild(row);
    });
  }

  function startEdit(e) {
    S.editing = e.seq;
    $("editing").textContent = t("editing") + e.seq + ": " + e.text;
    $("edit-json").value = JSON.stringify(e.event, null, 1);
    $("editor").classList.remove("hidden");
  }

  function send(event, done) {
    var answer = $("answer");
    answer.className = "";
    answer.textContent = "…";
    fetch("/api/events", { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
                           body: JSON.stringify(event) }).then(function (r) {
      return r.json().then(function (d) { tell(r.status, d, done); });
    }).catch(function () { answer.textContent = t("offline"); });
  }

  function tell(status, d, done) {
    var answer = $("answer");
    if (status === 403) { answer.textContent = t("not_joined"); S.joined = false; render(); return; }
    if (status !== 200) { answer.className = "ruling bad"; answer.textContent = d.error; return; }
    if (d.queued) { answer.textContent = t("queued"); return; }
    var said = d.rulings.map(function (r) { return r[S.lang]; }).join(" ");
    answer.className = d.rulings.some(function (r) { return r.bad; }) ? "ruling bad" : "";
    answer.textContent = said || done || t("no_ruling");
  }

  function refreshPicture() {
    var img = $("picture");
    if (document.hidden) { setTimeout(refreshPicture, 1000); return; }
    img.onload = function () { setTimeout(refreshPicture, 300); };
    img.onerror = function () { setTimeout(refreshPicture, 1000); };
    img.src = "/snapshot.jpg?n=" + Date.now();
  }

  $("lang").onclick = function () {
    S.lang = S.lang === "fi" ? "en" : "fi";
    localStorage.setItem("lang", S.lang);
    render();
  };
  $("value-send").onclick = function () {
    var v = $("value").value.trim();
    if (!S.word || !v) { return; }
    send({ type: "declared", by: +$("by").value, what: S.word.what, value: v });
    $("value").value = "";
    $("value-row").classList.add("hidden");
  };
  $("free").onsubmit = function (e) {
    e.preventDefault();
    var what = $("free-what").value.trim(), value = $("free-value").value.trim(), ev = { type: "declared", by: +$("by").value, what: what };
    if (!what) { return; }
    if (value) { ev.value = value; }
    send(ev);
  };
  $("drink-send").onclick = function () {
    send({ type: "fine_drunk", team: +$("by").value, count: +$("drink-count").value });
  };
  $("pause-toggle").onclick = function () { send({ type: "paused", on: !S.state.paused }); };
  $("undo").onclick = function () { send({ type: "undo" }, t("undone")); };
  $("edit-save").onclick = function () {
    var replacement;
    try { replacement = JSON.parse($("edit-json").value); } catch (err) { $("answer").textContent = err.message; return; }
    send({ type: "correction", target: S.editing, replacement: replacement }, t("corrected"));
    $("editor").classList.add("hidden");
  };
  $("edit-cancel").onclick = function () { $("editor").classList.add("hidden"); };

  connect();
}());
