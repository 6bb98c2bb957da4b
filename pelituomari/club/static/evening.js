/* The evening's page: every table's card and the standings from /api/evening, each change pushed on /events.
   Plain ES5 and the DOM, as the table's own page. The sheets and the standings come as HTML made (and
   escaped) by the hub; everything else is set as text. */
(function () {
  "use strict";
  var T = {
    fi: { title: "Kerhoilta", players: "Pelaajat: ", turn: "Vuorossa: ", over: "Peli on päättynyt", paused: "TAUKO",
          offline: "poissa linjalta", missing: " kirjausta puuttuu vielä", differs: " tuomiota eri kuin pöydän",
          game: "peli ", games: " peliä", record: "pöytäkirja", live: "suorana", lost: "yhteys katkesi",
          waiting: "Odottaa pelin alkua" },
    en: { title: "Club evening", players: "Players: ", turn: "Turn: ", over: "The game is over", paused: "PAUSED",
          offline: "offline", missing: " positions still missing", differs: " rulings unlike the table's",
          game: "game ", games: " games", record: "record", live: "live", lost: "connection lost",
          waiting: "Waiting for the game's start" }
  };
  var S = { lang: null, tables: {}, standings: null };

  function $(id) { return document.getElementById(id); }
  function t(key) { return T[S.lang || "fi"][key]; }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  function load() {
    fetch("/api/evening").then(function (r) { return r.json(); }).then(function (d) {
      if (!S.lang) { S.lang = localStorage.getItem("lang") || d.language; }
      S.tables = {};
      d.tables.forEach(function (c) { S.tables[c.table] = c; });
      S.standings = d.standings;
      render();
    });
  }

  function connect() {
    var source = new EventSource("/events");
    source.addEventListener("hello", function () { $("live").textContent = t("live"); load(); });
    source.addEventListener("table", function (e) {
      var c = JSON.parse(e.data);
      S.tables[c.table] = c;
      renderTable(c);
    });
    source.addEventListener("standings", function (e) { S.standings = JSON.parse(e.data); renderStandings(); });
    source.onerror = function () { $("live").textContent = t("lost"); };
  }

  function render() {
    document.documentElement.lang = S.lang;
    $("title").textContent = t("title");
    document.title = "pelituomari – " + t("title");
    $("lang").textContent = S.lang === "fi" ? "EN" : "FI";
    renderStandings();
    $("tables").textContent = "";
    Object.keys(S.tables).sort().forEach(function (name) { renderTable(S.tables[name]); });
  }

  function renderStandings() {
    if (S.standings) { $("standings").innerHTML = S.standings.html[S.lang]; }
  }

  function renderTable(c) {
    var id = "table-" + c.table, box = $(id), fresh = el("section", "card" + (c.online === false ? " gone" : ""));
    fresh.id = id;
    var head = el("h2"), state = c.state;
    head.appendChild(el("span", "", c.table + (state ? " – " + state.title : "")));
    if (c.online === false) { head.appendChild(el("small", "offline", t("offline"))); }
    if (state) {
      var link = el("a", "", t("record"));
      link.href = "/tables/" + encodeURIComponent(c.table) + "/record.html?lang=" + S.lang;
      head.appendChild(link);
    }
    fresh.appendChild(head);
    if (!state) {
      fresh.appendChild(el("p", "note", t("waiting")));
    } else {
      fresh.appendChild(el("p", "note", t("players") + state.players.join(", ") + " · " + t("game") + c.game_id +
                                        (c.games > 1 ? " (" + c.games + t("games") + ")" : "")));
      var line = state.finished ? t("over") : state.paused ? t("paused") : state.turn ? t("turn") + state.turn : "";
      if (line) { fresh.appendChild(el("p", "turn", line)); }
      var sheet = el("div");
      sheet.innerHTML = state.html[S.lang];
      fresh.appendChild(sheet);
      var list = el("ul", "rulings");
      c.rulings.slice().reverse().forEach(function (r) { list.appendChild(el("li", "ruling" + (r.bad ? " bad" : ""), r[S.lang])); });
      fresh.appendChild(list);
    }
    if (c.missing) { fresh.appendChild(el("p", "warn", c.missing + t("missing"))); }
    if (c.disagreements) { fresh.appendChild(el("p", "warn", c.disagreements + t("differs"))); }
    if (c.error) { fresh.appendChild(el("p", "warn", c.error)); }
    if (box) { box.parentNode.replaceChild(fresh, box); } else { insertSorted(fresh, c.table); }
  }

  function insertSorted(node, name) {
    var all = $("tables").children;
    for (var i = 0; i < all.length; i++) {
      if (all[i].id.slice(6) > name) { $("tables").insertBefore(node, all[i]); return; }
    }
    $("tables").appendChild(node);
  }

  $("lang").addEventListener("click", function () {
    S.lang = S.lang === "fi" ? "en" : "fi";
    localStorage.setItem("lang", S.lang);
    render();
  });
  load();
  connect();
}());
