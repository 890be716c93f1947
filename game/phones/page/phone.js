// Birdhouse phone page: one seat's private hand and moves. Plain JS, no build step, and
// nothing from outside this server, so it works on a Wi-Fi without the internet.
// The page keeps no game logic: it shows what the TV sends for this seat and sends back
// which option was tapped; the TV checks every move with the game's rules.
"use strict";
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var token = null, ws = null, final = false, retry = 0, timer = null;
  var state = null, path = [], picked = null, sent = false;

  function fromHash() {
    var m = /(?:^#|&)t=([A-Za-z0-9_-]{8,64})/.exec(location.hash);
    return m ? m[1] : null;
  }
  token = fromHash() || sessionStorage.getItem("birdhouse-token");

  function show(id) {
    ["join", "notice", "game"].forEach(function (s) { $(s).hidden = s !== id; });
  }
  function notice(text, canRetry) {
    $("noticetext").textContent = text;
    $("retry").hidden = !canRetry;
    show("notice");
  }
  function toast(text) {
    var t = $("toast");
    t.textContent = text;
    t.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(function () { t.hidden = true; }, 3500);
  }
  function online(on) {
    $("link").textContent = on ? "connected" : "reconnecting";
    $("link").className = on ? "link" : "link off";
  }

  function connect(hello) {
    if (ws) { try { ws.close(); } catch (e) { /* already closed */ } }
    clearTimeout(timer);
    var proto = location.protocol === "https:" ? "wss:" : "ws:";
    // the token rides in the request too: the server keeps each seat a slot for it
    var sock = new WebSocket(proto + "//" + location.host + "/ws" +
                             (token ? "?t=" + encodeURIComponent(token) : ""));
    ws = sock;
    sock.onopen = function () { sock.send(JSON.stringify(hello || {type: "hello", token: token})); };
    var heard = false;
    sock.onmessage = function (ev) {
      heard = true;
      var msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      receive(msg);
    };
    sock.onclose = function () {
      if (ws !== sock) return;
      ws = null;
      online(false);
      if (!token && !heard && !final) toast("The TV did not answer: try the code again.");
      if (final || !token) return;
      retry = Math.min(retry + 1, 6);
      timer = setTimeout(function () { connect(); }, [300, 600, 1000, 2000, 3000, 5000][retry - 1]);
    };
  }

  function receive(msg) {
    switch (msg.type) {
      case "welcome":
        token = msg.token;
        sessionStorage.setItem("birdhouse-token", token);
        if (fromHash() !== token) history.replaceState(null, "", "#t=" + token);
        retry = 0;
        online(true);
        break;
      case "state":
        render(msg);
        break;
      case "error":
        sent = false;
        if (msg.code === "bad_token" || msg.code === "locked") {
          final = msg.code === "bad_token";
          sessionStorage.removeItem("birdhouse-token");
          token = null;
          if (final) { notice(msg.message, false); $("join").hidden = false; }
          else notice(msg.message, true);
        } else {
          toast(msg.message);
          if (state) render(state);
        }
        break;
      case "replaced":
        final = true;
        notice(msg.message + " Scan your seat's code again to take it back.", false);
        break;
      case "bye":
        final = true;
        sessionStorage.removeItem("birdhouse-token");
        notice(msg.message, false);
        break;
    }
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function img(src, alt) {
    var i = el("img");
    i.src = src + "?t=" + encodeURIComponent(token);
    i.alt = alt || "";
    return i;
  }

  function render(s) {
    var sameDecision = state && state.decision && s.decision && state.decision.id === s.decision.id;
    var hadDecision = !!(state && state.decision);
    state = s;
    if (!sameDecision) { path = []; picked = null; sent = false; }
    show("game");
    document.documentElement.style.setProperty("--seat", s.you.colour);
    $("who").textContent = s.you.name + (s.game ? " \u00b7 " + s.game : "");
    var turn = $("turn");
    turn.textContent = s.turn || "";
    turn.className = s.decision ? "mine" : "";
    renderDecision();
    if (s.decision && !sameDecision) reveal(!hadDecision);
    var box = $("sections");
    box.textContent = "";
    (s.sections || []).forEach(function (sec) {
      var d = el("div", "section");
      d.appendChild(el("h2", null, sec.title));
      if (sec.cards && sec.cards.length) {
        var row = el("div", "cards");
        sec.cards.forEach(function (c) {
          var cell = el("div", "card");
          if (c.img) cell.appendChild(img(c.img, c.label));
          cell.appendChild(el("div", null, c.count > 1 ? c.label + " \u00d7" + c.count : c.label));
          row.appendChild(cell);
        });
        d.appendChild(row);
      }
      if (sec.lines && sec.lines.length) {
        var ul = el("ul", "lines");
        sec.lines.forEach(function (l) { ul.appendChild(el("li", null, l)); });
        d.appendChild(ul);
      }
      if ((!sec.cards || !sec.cards.length) && (!sec.lines || !sec.lines.length)) {
        d.appendChild(el("p", "count", sec.empty || "Nothing yet"));
      }
      box.appendChild(d);
    });
    var plates = $("scores");
    plates.textContent = "";
    (s.seats || []).forEach(function (p) {
      var b = el("span", "plate" + (p.turn ? " turn" : ""), p.name + (p.score !== null && p.score !== undefined ? ": " + p.score : ""));
      b.style.borderLeftColor = p.colour;
      plates.appendChild(b);
    });
    var log = $("log");
    log.textContent = "";
    (s.log || []).forEach(function (l) { log.appendChild(el("li", null, l)); });
    $("nolog").hidden = !!(s.log && s.log.length);
  }

  // A new decision for this seat: bring it on screen if the player scrolled away (to
  // the log, say), and buzz the phone once when its turn begins (where phones can).
  function reveal(buzz) {
    if ($("decision").getBoundingClientRect().top < 60) window.scrollTo(0, 0);
    if (buzz && navigator.vibrate) {
      try { navigator.vibrate(60); } catch (e) { /* some browsers refuse before a tap */ }
    }
  }

  function node() {
    var d = state && state.decision;
    for (var i = 0; d && i < path.length; i++) d = d.options[path[i]].then;
    return d;
  }

  function renderDecision() {
    var top = state.decision;
    $("decision").hidden = !top;
    if (!top) return;
    var d = node();
    $("prompt").textContent = d.prompt || "";
    var box = $("options");
    box.textContent = "";
    box.className = d.layout || "buttons";
    box.style.gridTemplateColumns = d.layout === "grid" ? "repeat(" + (d.cols || 5) + ", 1fr)" : "";
    var hinted = top.hint_path || null;
    d.options.forEach(function (o, i) {
      var b = el("button", "opt" + (o.blank ? " blank" : ""));
      b.type = "button";
      if (o.img) b.appendChild(img(o.img, o.label));
      if (o.label) b.appendChild(el("span", null, o.label));
      if (o.detail && d.layout === "buttons") b.appendChild(el("span", "detail", o.detail));
      b.disabled = !!o.disabled || !!o.blank || sent;
      if (picked === i) b.className += " picked";
      if (hinted && hinted.length > path.length && samePrefix(hinted, path) && hinted[path.length] === i) {
        b.className += " hinted";
      }
      b.setAttribute("data-index", String(i));
      b.onclick = function () { tap(i); };
      box.appendChild(b);
    });
    var o = picked !== null ? d.options[picked] : null;
    $("preview").hidden = !o;
    if (o) {
      $("previewtext").textContent = o.detail || o.label;
      $("confirm").textContent = sent ? "Sent\u2026" : (o.confirm || "Play this");
      $("confirm").disabled = sent;
    }
    $("back").hidden = path.length === 0;
    $("hint").hidden = !top.hint;
    $("hint").disabled = sent || !!top.hint_text;
    $("hinttext").hidden = !top.hint_text;
    $("hinttext").textContent = top.hint_text ? "Hint: " + top.hint_text : "";
  }

  function samePrefix(a, b) {
    for (var i = 0; i < b.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  function tap(i) {
    if (sent) return;
    var o = node().options[i];
    if (o.then) { path.push(i); picked = null; }
    else picked = picked === i ? (send(path.concat([i])), i) : i;
    renderDecision();
  }

  function send(p) {
    if (!ws || ws.readyState !== 1) { toast("Not connected: trying again\u2026"); return; }
    sent = true;
    ws.send(JSON.stringify({type: "move", decision: state.decision.id, path: p}));
  }

  $("confirm").onclick = function () {
    if (picked !== null && !sent) { send(path.concat([picked])); renderDecision(); }
  };
  $("back").onclick = function () { path.pop(); picked = null; renderDecision(); };
  $("hint").onclick = function () {
    if (ws && ws.readyState === 1 && state && state.decision) {
      ws.send(JSON.stringify({type: "hint", decision: state.decision.id}));
      $("hint").disabled = true;
    }
  };
  $("joinform").onsubmit = function (ev) {
    ev.preventDefault();
    var code = $("code").value.trim().toUpperCase();
    if (!code) return;
    final = false;
    connect({type: "hello", code: code});
  };
  $("retry").onclick = function () { final = false; if (token) connect(); else show("join"); };
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && !ws && token && !final) { retry = 0; connect(); }
  });
  // Leaving the page (another tab's link, the home screen on some phones) must free the
  // seat at once, or the TV would wait on a page kept frozen in the back/forward cache
  // with its socket open; coming back to it joins again.
  window.addEventListener("pagehide", function () {
    clearTimeout(timer);
    var sock = ws;
    ws = null;
    if (sock) { try { sock.close(1000, "page left"); } catch (e) { /* closed */ } }
  });
  window.addEventListener("pageshow", function (ev) {
    if (ev.persisted && token && !final) { retry = 0; notice("Connecting\u2026", false); connect(); }
  });

  if (token) { notice("Connecting\u2026", false); connect(); } else show("join");
})();
