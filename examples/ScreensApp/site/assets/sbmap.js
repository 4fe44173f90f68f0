// sbmap site: pan and zoom the maps, follow a click on a scene, highlight the scene a link points at, search.
// Written by sbmap into every site it makes; no libraries, no network, no inline code (the pages' Content-Security-
// Policy allows only this file and the search index beside it). Text from the app only ever reaches the page as
// textContent, never as markup.
(function () {
  "use strict";
  var doc = document;
  doc.documentElement.classList.add("js");
  var root = doc.body.getAttribute("data-root") || "";

  // ---- Maps -------------------------------------------------------------------------------------------------
  var maps = [];
  // The smallest size, as a share of full size, at which a map's labels read (11 pt text at 11 px).
  var READABLE = 0.75;

  function setupMap(figure) {
    var view = figure.querySelector(".map-view");
    var svg = view && view.querySelector("svg");
    if (!svg || !svg.viewBox || !svg.viewBox.baseVal) return;
    var links = {};
    var data = figure.querySelector("script.map-links");
    if (data) {
      try { links = JSON.parse(data.textContent); } catch (e) { links = {}; }
    }
    var base = svg.viewBox.baseVal;
    var full = { x: base.x, y: base.y, w: base.width, h: base.height };
    var naturalW = svg.width.baseVal.value || full.w;
    var naturalH = svg.height.baseVal.value || full.h;
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    var box = { x: full.x, y: full.y, w: full.w, h: full.h };
    var mini = null;

    // The view is as tall as the whole map fitted to the width of the page (at most full size), and never taller
    // than most of the window: the first view shows all of the map with no blank half.
    function fitHeight() {
      var width = view.clientWidth || naturalW;
      var h = naturalH * Math.min(1, width / naturalW);
      h = Math.max(180, Math.min(h, window.innerHeight * 0.7));
      view.style.height = Math.round(h) + "px";
    }
    fitHeight();

    function apply() {
      svg.setAttribute("viewBox", box.x + " " + box.y + " " + box.w + " " + box.h);
      if (mini) mini.update();
    }
    function toSVG(clientX, clientY) {
      var m = svg.getScreenCTM();
      if (!m) return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
      var p = svg.createSVGPoint();
      p.x = clientX;
      p.y = clientY;
      return p.matrixTransform(m.inverse());
    }
    function center() {
      var r = view.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }
    function zoom(factor, clientX, clientY) {
      var p = toSVG(clientX, clientY);
      var w = box.w / factor;
      var minW = full.w / 40, maxW = full.w * 4;
      if (w < minW) factor = box.w / minW;
      if (w > maxW) factor = box.w / maxW;
      box.x = p.x - (p.x - box.x) / factor;
      box.y = p.y - (p.y - box.y) / factor;
      box.w = box.w / factor;
      box.h = box.h / factor;
      apply();
    }
    function pan(dx, dy) {
      var m = svg.getScreenCTM();
      var scale = m ? m.a : 1;
      box.x -= dx / scale;
      box.y -= dy / scale;
      apply();
    }
    function fit() {
      box = { x: full.x, y: full.y, w: full.w, h: full.h };
      apply();
    }

    // The map's nodes by Graphviz name (each node's and edge's <title>: `n12`, `n3->n12`, maybe with a port), and
    // its edges with their ends: read once, when first needed.
    var parsed = null;
    function graph() {
      if (parsed) return parsed;
      var byName = {}, edges = [];
      Array.prototype.forEach.call(svg.querySelectorAll("g.node"), function (g) {
        var t = g.querySelector("title");
        if (t) byName[t.textContent] = g;
      });
      function end(text) { return byName[text] || byName[text.replace(/:[^:]*$/, "")] || null; }
      Array.prototype.forEach.call(svg.querySelectorAll("g.edge"), function (g) {
        var t = g.querySelector("title");
        var parts = t ? t.textContent.split(/->|--/) : [];
        if (parts.length !== 2) return;
        edges.push({ g: g, a: end(parts[0]), b: end(parts[1]) });
      });
      parsed = {
        edges: edges,
        neighbours: function (node) {
          var out = [];
          edges.forEach(function (e) {
            if (e.a === node && e.b && out.indexOf(e.b) < 0) out.push(e.b);
            if (e.b === node && e.a && out.indexOf(e.a) < 0) out.push(e.a);
          });
          return out;
        }
      };
      return parsed;
    }
    // Full size (one point of the drawing per CSS pixel), about the middle of what is shown.
    function actualSize() {
      var vw = view.clientWidth || 1, vh = view.clientHeight || 1;
      var cx = box.x + box.w / 2, cy = box.y + box.h / 2;
      var m = svg.getScreenCTM();
      if (m) {
        var c = center();
        var p = toSVG(c.x, c.y);
        cx = p.x;
        cy = p.y;
      }
      var unitsPerPixel = full.w / naturalW;
      box = { x: cx - vw * unitsPerPixel / 2, y: cy - vh * unitsPerPixel / 2, w: vw * unitsPerPixel, h: vh * unitsPerPixel };
      apply();
    }
    // CSS pixels per unit of the drawing at a readable size: READABLE of full size (a point of the drawing is 4/3 px).
    function readableScale() { return READABLE * naturalW / full.w; }
    // The part of the drawing (in its units) that `elements` cover, from where they are on the screen.
    function extent(elements) {
      var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      elements.forEach(function (el) {
        var r = el.getBoundingClientRect();
        var a = toSVG(r.left, r.top), b = toSVG(r.right, r.bottom);
        x0 = Math.min(x0, a.x, b.x); y0 = Math.min(y0, a.y, b.y);
        x1 = Math.max(x1, a.x, b.x); y1 = Math.max(y1, a.y, b.y);
      });
      return x0 <= x1 ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
    }
    // Shows `area` (drawing units) fitted to the frame with a margin, at most at full size, and at least at a
    // readable size about `about` (the element that must read) when the area is too large for that.
    function show(area, about) {
      var vw = view.clientWidth || 1, vh = view.clientHeight || 1;
      var pad = 24 * full.w / naturalW;
      var scale = Math.min(vw / (area.w + 2 * pad), vh / (area.h + 2 * pad), naturalW / full.w);
      var cx = area.x + area.w / 2, cy = area.y + area.h / 2;
      if (scale < readableScale() && about) {
        scale = readableScale();
        var r = about.getBoundingClientRect();
        var p = toSVG(r.left + r.width / 2, r.top + r.height / 2);
        cx = p.x;
        cy = p.y;
      }
      box = { x: cx - vw / scale / 2, y: cy - vh / scale / 2, w: vw / scale, h: vh / scale };
      apply();
    }
    // Fits the map on an element of it and what is one edge away (its neighbourhood): a deep link's first view.
    function focusOn(el) {
      var around = [el].concat(graph().neighbours(el));
      show(extent(around) || extent([el]), el);
    }
    // The first view is the Fit button's: the whole map in its frame. The reader zooms from there.
    fit();

    // Mouse, pen or one finger: drag to pan; the wheel zooms about the pointer; two fingers pinch to zoom about
    // their middle (and pan as it moves). A drag or a pinch is not a click.
    var drag = null, dragged = false, touches = {}, pinch = null;
    function pinchState() {
      var ids = Object.keys(touches);
      if (ids.length < 2) return null;
      var a = touches[ids[0]], b = touches[ids[1]];
      return { d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    }
    view.addEventListener("pointerdown", function (e) {
      if (e.button !== 0) return;
      touches[e.pointerId] = { x: e.clientX, y: e.clientY };
      if (Object.keys(touches).length >= 2) {
        pinch = pinchState();
        drag = null;
        dragged = true;
        return;
      }
      drag = { x: e.clientX, y: e.clientY, moved: 0, id: e.pointerId };
      dragged = false;
    });
    view.addEventListener("pointermove", function (e) {
      if (touches[e.pointerId]) touches[e.pointerId] = { x: e.clientX, y: e.clientY };
      if (pinch) {
        var now = pinchState();
        if (!now) return;
        pan(now.x - pinch.x, now.y - pinch.y);
        zoom(now.d / pinch.d, now.x, now.y);
        pinch = now;
        return;
      }
      if (!drag || e.pointerId !== drag.id) return;
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      drag.moved += Math.abs(dx) + Math.abs(dy);
      drag.x = e.clientX;
      drag.y = e.clientY;
      if (drag.moved > 4) {
        if (!dragged) {
          dragged = true;
          view.classList.add("dragging");
          if (view.setPointerCapture) view.setPointerCapture(e.pointerId);
        }
        pan(dx, dy);
      }
    });
    function endDrag(e) {
      delete touches[e.pointerId];
      if (Object.keys(touches).length < 2) pinch = null;
      drag = null;
      view.classList.remove("dragging");
    }
    view.addEventListener("pointerup", endDrag);
    view.addEventListener("pointercancel", endDrag);
    view.addEventListener("wheel", function (e) {
      e.preventDefault();
      var unit = e.deltaMode === 1 ? 0.05 : e.deltaMode === 2 ? 1 : 0.002;
      zoom(Math.exp(-e.deltaY * unit), e.clientX, e.clientY);
    }, { passive: false });

    // Nodes that lead somewhere: a click, or Enter on the focused node, follows the link.
    Object.keys(links).forEach(function (id) {
      var g = doc.getElementById(id);
      if (!g || !view.contains(g)) return;
      g.classList.add("linked");
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "link");
      var a = g.querySelector("a");
      var tip = a && (a.getAttributeNS("http://www.w3.org/1999/xlink", "title") || a.getAttribute("xlink:title"));
      if (tip) g.setAttribute("aria-label", tip.split("\n")[0]);
    });
    function follow(g) {
      var href = g && links[g.id];
      if (href) window.location.href = href;
    }
    view.addEventListener("click", function (e) {
      if (dragged) {
        dragged = false;
        e.preventDefault();
        return;
      }
      var g = e.target.closest ? e.target.closest("g.node") : null;
      if (g) follow(g);
    });

    // Keyboard: arrows pan, + and - zoom, 0 fits; Enter on a node follows it.
    view.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      var step = 60, c = center();
      switch (e.key) {
        case "ArrowLeft": pan(step, 0); break;
        case "ArrowRight": pan(-step, 0); break;
        case "ArrowUp": pan(0, step); break;
        case "ArrowDown": pan(0, -step); break;
        case "+": case "=": zoom(1.25, c.x, c.y); break;
        case "-": case "_": zoom(0.8, c.x, c.y); break;
        case "0": fit(); break;
        case "1": actualSize(); break;
        case "Enter":
          var g = e.target.closest ? e.target.closest("g.node") : null;
          if (!g) return;
          follow(g);
          break;
        default: return;
      }
      e.preventDefault();
    });

    var tools = figure.querySelector(".map-tools");
    if (tools) {
      tools.hidden = false;
      tools.addEventListener("click", function (e) {
        var button = e.target.closest ? e.target.closest("button") : null;
        if (!button) return;
        var c = center();
        var act = button.getAttribute("data-act");
        if (act === "in") zoom(1.25, c.x, c.y);
        else if (act === "out") zoom(0.8, c.x, c.y);
        else if (act === "fit") fit();
        else if (act === "actual") actualSize();
      });
    }
    window.addEventListener("resize", fitHeight);

    // A mini-map in the corner while the view shows part of the map: the whole map small, the view a frame on it;
    // a click on it moves the view there. The copy is a picture (an <img> of the map's own SVG): it holds no ids and
    // runs nothing, and the reader's tools do not reach it (it is hidden from them: the map itself is labelled).
    mini = (function () {
      var panel = null, frame = null, size = null;
      function build() {
        var copy = svg.cloneNode(true);
        copy.setAttribute("viewBox", full.x + " " + full.y + " " + full.w + " " + full.h);
        var h = Math.max(32, Math.min(120, 180 * full.h / full.w));
        var w = Math.max(32, Math.min(180, h * full.w / full.h));
        // Where the drawing is in the panel: centred, at one scale ("meet"), when the panel is not its shape.
        var s = Math.min(w / full.w, h / full.h);
        size = { x: (w - full.w * s) / 2, y: (h - full.h * s) / 2, w: full.w * s, h: full.h * s };
        copy.setAttribute("width", String(w));
        copy.setAttribute("height", String(h));
        panel = doc.createElement("div");
        panel.className = "minimap";
        panel.setAttribute("aria-hidden", "true");
        panel.style.width = w + "px";
        panel.style.height = h + "px";
        var img = doc.createElement("img");
        img.alt = "";
        img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(copy));
        frame = doc.createElement("div");
        frame.className = "minimap-view";
        panel.appendChild(img);
        panel.appendChild(frame);
        panel.addEventListener("pointerdown", function (e) { e.stopPropagation(); });
        panel.addEventListener("click", function (e) {
          e.stopPropagation();
          var r = panel.getBoundingClientRect();
          var x = full.x + (e.clientX - r.left - size.x) / size.w * full.w;
          var y = full.y + (e.clientY - r.top - size.y) / size.h * full.h;
          box.x = x - box.w / 2;
          box.y = y - box.h / 2;
          apply();
        });
        view.appendChild(panel);
      }
      // What the frame shows, in drawing units: the viewBox, widened to the frame's shape (it is drawn "meet").
      function shown() {
        var vw = view.clientWidth || 1, vh = view.clientHeight || 1;
        var scale = Math.min(vw / box.w, vh / box.h);
        var w = vw / scale, h = vh / scale;
        return { x: box.x + box.w / 2 - w / 2, y: box.y + box.h / 2 - h / 2, w: w, h: h };
      }
      return {
        update: function () {
          var s = shown(), eps = full.w / 500;
          var part = s.x > full.x + eps || s.y > full.y + eps || s.x + s.w < full.x + full.w - eps || s.y + s.h < full.y + full.h - eps;
          if (!part) {
            if (panel) panel.hidden = true;
            return;
          }
          if (!panel) build();
          panel.hidden = false;
          var x0 = Math.max(0, (s.x - full.x) / full.w), y0 = Math.max(0, (s.y - full.y) / full.h);
          var x1 = Math.min(1, (s.x + s.w - full.x) / full.w), y1 = Math.min(1, (s.y + s.h - full.y) / full.h);
          frame.style.left = (size.x + x0 * size.w) + "px";
          frame.style.top = (size.y + y0 * size.h) + "px";
          frame.style.width = Math.max(2, (x1 - x0) * size.w) + "px";
          frame.style.height = Math.max(2, (y1 - y0) * size.h) + "px";
        }
      };
    })();

    // Print: the whole map, fitted to the page (the style sheet sizes it); the view comes back afterwards.
    var saved = null;
    function printing(on) {
      if (on && !saved) {
        saved = box;
        box = { x: full.x, y: full.y, w: full.w, h: full.h };
        apply();
      } else if (!on && saved) {
        box = saved;
        saved = null;
        apply();
      }
    }
    var anchors = {};
    var anchorData = figure.querySelector("script.map-anchors");
    if (anchorData) {
      try { anchors = JSON.parse(anchorData.textContent); } catch (e) { anchors = {}; }
    }
    // The box of a scene anchor (`scene-…`, the page's own), or of an SVG id.
    function nodeFor(id) {
      var el = doc.getElementById(Object.prototype.hasOwnProperty.call(anchors, id) ? anchors[id] : id);
      return el && view.contains(el) ? el : null;
    }
    maps.push({ view: view, figure: figure, focusOn: focusOn, nodeFor: nodeFor, printing: printing, graph: graph,
                show: show, extent: extent, fit: fit });
  }

  Array.prototype.forEach.call(doc.querySelectorAll("figure.map"), setupMap);

  function printing(on) { maps.forEach(function (map) { map.printing(on); }); }
  if (window.matchMedia) {
    var printMedia = window.matchMedia("print");
    var onPrint = function (e) { printing(e.matches); };
    if (printMedia.addEventListener) printMedia.addEventListener("change", onPrint);
    else if (printMedia.addListener) printMedia.addListener(onPrint);
  }
  window.addEventListener("beforeprint", function () { printing(true); });
  window.addEventListener("afterprint", function () { printing(false); });

  // ---- The scene a link points at (page.html#scene-…) ---------------------------------------------------------
  function cssString(text) {
    return "\"" + String(text).replace(/["\\]/g, "\\$&") + "\"";
  }

  // The bottom of the sticky top bar: what scrolls under it is hidden.
  function barBottom() {
    var bar = doc.querySelector("header.top");
    return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  }

  // Scrolls so that `el` starts just below the top bar (the bar's height changes: it wraps on a phone).
  function scrollBelowBar(el) {
    window.scrollBy(0, el.getBoundingClientRect().top - barBottom() - 8);
  }

  // Scrolls `el` into the visible part of the window when it is not (above it, under the bar, or below).
  function keepVisible(el) {
    var r = el.getBoundingClientRect(), top = barBottom();
    if (r.top >= top && r.bottom <= window.innerHeight) return;
    window.scrollBy(0, r.top + r.height / 2 - (top + window.innerHeight) / 2);
  }

  function showTarget() {
    Array.prototype.forEach.call(doc.querySelectorAll(".sbmap-target"), function (el) {
      el.classList.remove("sbmap-target");
    });
    var panel = doc.querySelector(".map-selection");
    if (panel) {
      panel.hidden = true;
      panel.textContent = "";
    }
    var id = window.location.hash.slice(1);
    try { id = decodeURIComponent(id); } catch (e) { return; }
    if (!id) return;
    var row = doc.querySelector("tr[data-node=" + cssString(id) + "]");
    var shown = null;
    maps.forEach(function (map) {
      var el = map.nodeFor(id);
      if (!el || shown) return;
      shown = el;
      el.classList.add("sbmap-target");
      // The map just below the top bar, the box in its middle at a readable size.
      scrollBelowBar(map.figure);
      map.focusOn(el);
      keepVisible(el);
    });
    if (row) {
      row.classList.add("sbmap-target");
      if (panel) describeSelection(panel, row);
      if (!shown) scrollBelowBar(row);
    } else if (!shown) {
      var other = doc.getElementById(id);
      if (other) scrollBelowBar(other);
    }
  }

  // The selected scene's row, repeated under the map: its name, class, Storyboard ID, role, place, and the links in.
  function describeSelection(panel, row) {
    var table = row.closest("table");
    var heads = table ? table.querySelectorAll("thead th") : [];
    var label = doc.createElement("strong");
    label.textContent = row.cells[0] ? row.cells[0].textContent : "";
    panel.appendChild(doc.createTextNode("Selected: "));
    panel.appendChild(label);
    for (var k = 1; k < row.cells.length; k++) {
      var text = row.cells[k].textContent.trim();
      if (!text || text === "—") continue;
      var item = doc.createElement("span");
      item.className = "fact";
      var name = heads[k] ? heads[k].textContent + ": " : "";
      item.textContent = name + text;
      panel.appendChild(item);
    }
    var incoming = row.getAttribute("data-incoming");
    if (incoming) {
      var a = doc.createElement("a");
      a.href = "#" + incoming;
      a.textContent = "Who references it";
      panel.appendChild(a);
    }
    var show = doc.createElement("a");
    show.href = "#";
    show.textContent = "Show in the table";
    show.addEventListener("click", function (e) {
      e.preventDefault();
      row.scrollIntoView({ block: "center" });
    });
    panel.appendChild(show);
    panel.hidden = false;
  }

  window.addEventListener("hashchange", showTarget);
  showTarget();
  // The browser scrolls to the fragment's element (the scene's table row) as the page loads, which may come after
  // this script ran: show the scene once more when everything is in place.
  window.addEventListener("load", function () { if (window.location.hash) showTarget(); });

  // ---- Tables on a narrow screen ------------------------------------------------------------------------------
  // Each cell is labelled with its column's heading, so that the style sheet can stack a row's cells on a phone
  // instead of squeezing the columns.
  Array.prototype.forEach.call(doc.querySelectorAll("main table"), function (table) {
    var heads = table.querySelectorAll("thead th");
    if (!heads.length) return;
    Array.prototype.forEach.call(table.tBodies, function (body) {
      Array.prototype.forEach.call(body.rows, function (row) {
        for (var k = 0; k < row.cells.length && k < heads.length; k++) {
          row.cells[k].setAttribute("data-label", heads[k].textContent);
        }
      });
    });
    table.classList.add("reflow");
  });

  // ---- Regions that scroll sideways (a wide table) take the focus, so a keyboard can scroll them, and are named by
  // their section's heading. Measured again when the window changes size.
  function headingBefore(el) {
    for (var node = el.previousElementSibling; node; node = node.previousElementSibling) {
      if (/^H[1-6]$/.test(node.tagName)) return node.textContent.trim();
    }
    return el.parentElement && el.parentElement !== doc.body ? headingBefore(el.parentElement) : "";
  }
  function markScrollable() {
    Array.prototype.forEach.call(doc.querySelectorAll(".table-wrap"), function (wrap) {
      if (wrap.scrollWidth > wrap.clientWidth + 1) {
        if (wrap.getAttribute("tabindex") === "0") return;
        wrap.setAttribute("tabindex", "0");
        wrap.setAttribute("role", "region");
        var name = headingBefore(wrap);
        wrap.setAttribute("aria-label", (name ? name + ": " : "") + "a table that scrolls sideways");
      } else if (wrap.hasAttribute("tabindex")) {
        wrap.removeAttribute("tabindex");
        wrap.removeAttribute("role");
        wrap.removeAttribute("aria-label");
      }
    });
  }
  markScrollable();
  window.addEventListener("resize", markScrollable);

  // ---- The target filter (the index of an app with several targets) -------------------------------------------
  // Shows the storyboards one target builds: the other rows of the storyboards table are hidden, and on the
  // overview the other storyboards (and the links that touch them) are dimmed and the view fits what is left.
  var targetFilter = doc.getElementById("sbmap-target");
  if (targetFilter) {
    var holder = targetFilter.closest(".target-filter");
    if (holder) holder.hidden = false;
    var count = doc.getElementById("sbmap-target-count");
    var overviewMap = null, mapTargets = {};
    maps.forEach(function (map) {
      var data = map.figure.querySelector("script.map-targets");
      if (!data || overviewMap) return;
      try { mapTargets = JSON.parse(data.textContent); } catch (e) { mapTargets = {}; }
      overviewMap = map;
    });
    var filterBy = function () {
      var chosen = targetFilter.value;
      var rows = doc.querySelectorAll("tr[data-targets]"), shownRows = 0;
      Array.prototype.forEach.call(rows, function (row) {
        var keep = !chosen || row.getAttribute("data-targets").split(" ").indexOf(chosen) >= 0;
        row.hidden = !keep;
        if (keep) shownRows++;
      });
      if (count) count.textContent = chosen ? shownRows + " of " + rows.length + " storyboards" : "";
      if (!overviewMap) return;
      var g = overviewMap.graph(), kept = [], dimmed = [];
      Object.keys(mapTargets).forEach(function (id) {
        var node = doc.getElementById(id);
        if (!node || !overviewMap.view.contains(node)) return;
        var keep = !chosen || mapTargets[id].indexOf(chosen) >= 0;
        node.classList.toggle("filtered-out", !keep);
        (keep ? kept : dimmed).push(node);
      });
      g.edges.forEach(function (e) {
        e.g.classList.toggle("filtered-out", dimmed.indexOf(e.a) >= 0 || dimmed.indexOf(e.b) >= 0);
      });
      if (!chosen || !kept.length) overviewMap.fit(); else overviewMap.show(overviewMap.extent(kept), null);
    };
    targetFilter.addEventListener("change", filterBy);
    if (targetFilter.value) filterBy();
  }

  // ---- Search --------------------------------------------------------------------------------------------------
  var box = doc.getElementById("sbmap-search-box");
  var input = doc.getElementById("sbmap-search");
  var list = doc.getElementById("sbmap-results");
  if (!box || !input || !list) return;
  box.hidden = false;
  var index = null, loading = false, waiting = null, active = -1, shown = [];

  // The index is a script of its own (a page opened from disk may not fetch() files), loaded on first use.
  function load(then) {
    if (index) return then();
    waiting = then;
    if (loading) return;
    loading = true;
    var script = doc.createElement("script");
    script.src = root + "assets/search-index.js";
    script.onload = function () {
      index = entries(window.sbmapSearchIndex);
      if (waiting) waiting();
    };
    script.onerror = function () {
      list.textContent = "";
      var li = doc.createElement("li");
      li.className = "empty";
      li.textContent = "The search index (assets/search-index.js) could not be loaded.";
      list.appendChild(li);
      list.hidden = false;
    };
    doc.head.appendChild(script);
  }

  // The names a storyboard goes by, lower case: as the site titles it (`Settings (App/tvOS/Settings.storyboard)`
  // where two share a name) and as sbmap's --focus and the maps' labels name it (`Settings`, the file's name).
  function storyboardNames(sb) {
    var file = String(sb[1] || "").split("/").pop().replace(/\.storyboard$/i, "");
    return [String(sb[0] || "").toLowerCase(), file.toLowerCase()];
  }

  // One entry per storyboard and per scene: what it is called, what the search matches, where it leads.
  function entries(data) {
    var out = [];
    if (!data || !data.storyboards || !data.scenes) return out;
    data.storyboards.forEach(function (sb) {
      out.push({ kind: "storyboard", name: sb[0], meta: "storyboard · " + sb[1], href: sb[2], keys: [sb[0], sb[1]],
                 names: storyboardNames(sb) });
    });
    data.scenes.forEach(function (s) {
      var sb = data.storyboards[s[0]] || ["", "", ""];
      var cls = s[2], id = s[3], title = s[4];
      // The class as the tables show it, with its module: MyApp.LibraryViewController.
      var qualified = s[6] ? s[6] + "." + cls : "";
      var name = s[1] === 2 ? "→ " + cls : s[1] === 1 ? cls : (title || id || cls);
      var meta = [];
      if (s[1] !== 2 && cls !== name) meta.push(qualified || cls);
      if (s[1] === 2) meta.push("storyboard reference");
      if (id) meta.push("ID " + id);
      if (title && title !== name) meta.push("“" + title + "”");
      meta.push("in " + sb[0]);
      out.push({ kind: "scene", name: s[1] === 1 && qualified ? qualified : name, meta: meta.join(" · "),
                 href: sb[2] + "#" + s[5], keys: [cls, qualified, id, title], names: storyboardNames(sb) });
    });
    // Screens made in code and SwiftUI screens: their entries are on the index.
    (data.screens || []).forEach(function (s) {
      out.push({ kind: "scene", name: s[0], meta: s[1], href: "index.html#" + s[2], keys: [s[0]], names: [] });
    });
    (data.segues || []).forEach(function (s) {
      var sb = data.storyboards[s[0]] || ["", "", ""];
      out.push({ kind: "segue", name: s[1], meta: "segue from " + s[3] + " · in " + sb[0], href: sb[2] + "#" + s[2],
                 keys: [s[1]] });
    });
    (data.codes || []).forEach(function (c) {
      out.push({ kind: "code", name: c[0], meta: "finding code · " + c[1] + (c[1] === 1 ? " finding" : " findings"),
                 href: c[2], keys: [c[0]] });
    });
    out.forEach(function (e) {
      e.keys = e.keys.map(function (k) { return String(k || "").toLowerCase(); });
    });
    return out;
  }

  // How well `keys` match `q`: 0 one is `q`, 1 one starts with it, 2 one holds it, 9 none does.
  function score(keys, q) {
    var best = 9;
    for (var k = 0; k < keys.length; k++) {
      var key = keys[k];
      if (!key) continue;
      var at = key.indexOf(q);
      var s = key === q ? 0 : at === 0 ? 1 : at > 0 ? 2 : 9;
      if (s < best) best = s;
    }
    return best;
  }

  // A path or a qualified name, with a chance to break the line after each "/" (and nowhere else but spaces).
  function breakable(el, text) {
    var parts = String(text).split("/");
    parts.forEach(function (part, k) {
      el.appendChild(doc.createTextNode(k + 1 < parts.length ? part + "/" : part));
      if (k + 1 < parts.length) el.appendChild(doc.createElement("wbr"));
    });
  }

  function run() {
    var q = input.value.trim().toLowerCase();
    list.textContent = "";
    active = -1;
    shown = [];
    if (!q) {
      list.hidden = true;
      return;
    }
    // sbmap's own ways of naming a scene of a storyboard: `Settings:AccountSettings` (as --focus takes it) and
    // `Settings › AccountSettings` (as the maps label a link): the scene part is matched in that storyboard only.
    var scoped = /^(.+?)\s*(?:\u203a|:)\s*(.+)$/.exec(q);
    var hits = [];
    for (var i = 0; i < index.length; i++) {
      var e = index[i];
      var best = score(e.keys, q);
      // An exact storyboard name comes first: it is what was asked for.
      if (e.kind === "storyboard" && e.names.indexOf(q) >= 0) best = -1;
      if (scoped && e.kind === "scene" && e.names.indexOf(scoped[1]) >= 0) {
        var inside = score(e.keys, scoped[2]);
        if (inside < 9) best = Math.min(best, inside - 4);
      }
      if (best < 9) hits.push({ score: best, order: i, e: e });
    }
    hits.sort(function (a, b) { return a.score - b.score || a.order - b.order; });
    var limit = 50;
    hits.slice(0, limit).forEach(function (hit) {
      var li = doc.createElement("li");
      var a = doc.createElement("a");
      a.href = root + hit.e.href;
      var name = doc.createElement("span");
      name.className = "name";
      breakable(name, hit.e.name);
      var meta = doc.createElement("span");
      meta.className = "meta";
      breakable(meta, hit.e.meta);
      a.appendChild(name);
      a.appendChild(meta);
      li.appendChild(a);
      list.appendChild(li);
      shown.push(li);
    });
    if (hits.length === 0) {
      var none = doc.createElement("li");
      none.className = "empty";
      none.textContent = "Nothing matches “" + input.value.trim() + "”.";
      list.appendChild(none);
    } else if (hits.length > limit) {
      var more = doc.createElement("li");
      more.className = "empty";
      more.textContent = (hits.length - limit) + " more: type more of the name.";
      list.appendChild(more);
    }
    if (shown.length) setActive(0);
    list.hidden = false;
  }

  function setActive(k) {
    if (active >= 0 && shown[active]) shown[active].classList.remove("active");
    active = k;
    if (shown[active]) {
      shown[active].classList.add("active");
      shown[active].scrollIntoView({ block: "nearest" });
    }
  }

  input.addEventListener("focus", function () { load(function () { if (input.value.trim()) run(); }); });
  input.addEventListener("input", function () { load(run); });
  input.addEventListener("keydown", function (e) {
    if (e.key === "ArrowDown" && shown.length) {
      setActive(Math.min(active + 1, shown.length - 1));
      e.preventDefault();
    } else if (e.key === "ArrowUp" && shown.length) {
      setActive(Math.max(active - 1, 0));
      e.preventDefault();
    } else if (e.key === "Enter" && shown[active]) {
      var a = shown[active].querySelector("a");
      if (a) {
        list.hidden = true;
        // The same page and fragment fires no hashchange: show the scene again here.
        if (a.href === window.location.href) showTarget(); else window.location.href = a.href;
      }
      e.preventDefault();
    } else if (e.key === "Escape") {
      list.hidden = true;
      input.blur();
    }
  });
  doc.addEventListener("click", function (e) {
    if (!box.contains(e.target)) list.hidden = true;
  });
  // "/" focuses the search box, as on many docs sites.
  doc.addEventListener("keydown", function (e) {
    if (e.key === "/" && doc.activeElement !== input && !(e.target && /^(INPUT|TEXTAREA)$/.test(e.target.tagName))) {
      input.focus();
      e.preventDefault();
    }
  });
})();
