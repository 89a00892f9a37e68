// perfgate history report: the trend pages' chart (dygraphs), written into
// every site's assets/ once.  The data come from the scripts the page loads
// before this one: perfgate.runs(...) per testbed (assets/runs-<hash>.js)
// and perfgate.series(...) per series of this benchmark (series/*.js); the
// codes are reporters/dashboard/include/perfgate/dashboard/series_code.hpp's.
// Nothing here requests anything: the page's CSP forbids it.
(function () {
  'use strict';

  var DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  var LOG_STEPS = 1e4;  // series_code.hpp's kLogSteps
  // One colour a testbed, none of them the marks' red (slower) or green (faster).
  var PALETTE = ['#0969da', '#8250df', '#bc4c00', '#1b7c83', '#57606a', '#bf3989', '#4d2d00', '#0550ae'];
  var runsByTestbed = {};
  var seriesByPage = {};

  // Base-64 VLQ digits to numbers (arithmetic, not bit operations: a time in
  // seconds, zigzagged, needs more than 31 bits).
  function decode(text) {
    var out = [], value = 0, scale = 1;
    for (var i = 0; i < text.length; i++) {
      var digit = DIGITS.indexOf(text.charAt(i));
      if (digit < 0) throw new Error('perfgate: not a series code: ' + text.charAt(i));
      value += (digit % 32) * scale;
      if (digit >= 32) {
        scale *= 32;
      } else {
        out.push(value);
        value = 0;
        scale = 1;
      }
    }
    return out;
  }

  function unzigzag(code) { return code % 2 === 1 ? -(code + 1) / 2 : code / 2; }

  // format_seconds (reporters/model/src/time_text.cpp): three significant digits and a unit.
  function threeDigits(value) {
    var magnitude = Math.abs(value);
    return value.toFixed(magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2);
  }
  function seconds(value) {
    if (!isFinite(value)) return 'n/a';
    var magnitude = Math.abs(value);
    if (magnitude >= 1 || magnitude === 0) return threeDigits(value) + ' s';
    if (magnitude >= 1e-3) return threeDigits(value * 1e3) + ' ms';
    if (magnitude >= 1e-6) return threeDigits(value * 1e6) + ' \u00b5s';
    return threeDigits(value * 1e9) + ' ns';
  }
  function percent(value) { return (value >= 0 ? '+' : '') + value.toFixed(1) + '%'; }

  // commit_link.cpp's percent_encode: RFC 3986's unreserved characters kept.
  function encodeCommit(commit) {
    return encodeURIComponent(commit).replace(/[!'()*]/g, function (c) {
      return '%' + c.charCodeAt(0).toString(16).toUpperCase();
    });
  }
  function commitUrl(template, commit) {
    return template ? template.split('{commit}').join(encodeCommit(commit)) : '';
  }

  function decodeRuns(table) {
    var ordinals = decode(table.ordinals), deltas = decode(table.times), times = [], time = 0;
    for (var i = 0; i < deltas.length; i++) {
      time += unzigzag(deltas[i]);
      times.push(time);
    }
    return {commits: table.commits, dates: table.dates, times: times,
            ordinals: ordinals.map(function (code) { return code === 0 ? null : unzigzag(code - 1); })};
  }

  // chart_data.hpp: five codes a run.
  function decodePoints(series, runs) {
    var codes = decode(series.points), points = [], index = 0, step = 0, n = 0;
    function bound(code, sign) {
      return code === 0 ? null : series.base * Math.exp((step + sign * unzigzag(code - 1)) / LOG_STEPS);
    }
    for (var i = 0; i + 4 < codes.length; i += 5) {
      index += unzigzag(codes[i]);
      step += unzigzag(codes[i + 1]);
      n += unzigzag(codes[i + 4]);
      points.push({commit: runs.commits[index], date: runs.dates[index], ordinal: runs.ordinals[index],
                   time: runs.times[index], median: series.base * Math.exp(step / LOG_STEPS),
                   low: bound(codes[i + 2], -1), high: bound(codes[i + 3], 1), n: n});
    }
    return points;
  }

  // The view in the URL's fragment: x=lo,hi (the zoomed range),
  // hide=<testbed> once per testbed switched off and show=<kind> once per
  // kind of run switched on (pr, ab), so that a link reopens it.
  function readState() {
    var state = new URLSearchParams(location.hash.slice(1)), range = null;
    var x = (state.get('x') || '').split(',').map(Number);
    if (x.length === 2 && isFinite(x[0]) && isFinite(x[1]) && x[0] < x[1]) range = x;
    return {range: range, hidden: state.getAll('hide').filter(Boolean), shown: state.getAll('show').filter(Boolean)};
  }
  function writeState(range, hidden, shown) {
    var state = new URLSearchParams();
    if (range) state.set('x', range.map(function (v) { return Number(v.toPrecision(12)); }).join(','));
    hidden.forEach(function (testbed) { state.append('hide', testbed); });
    shown.forEach(function (kind) { state.append('show', kind); });
    var fragment = state.toString();
    history.replaceState(null, '', fragment ? '#' + fragment : location.pathname + location.search);
  }

  function element(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function commitElement(template, commit) {
    var label = commit.slice(0, 12);
    if (!template) return element('span', 'commit', label);
    var link = element('a', 'commit', label);
    link.href = commitUrl(template, commit);
    return link;
  }

  // How the page names a kind of run.
  var KIND_NAMES = {pr: 'pull request', ab: 'A/B'};
  function kindName(kind) { return KIND_NAMES[kind] || kind; }

  // A run of another kind as a hollow triangle (pull request) or square
  // (A/B): it stands beside the main line, never joined to it.
  function drawKindPoint(kind) {
    return function (graph, name, ctx, cx, cy, color, radius) {
      var r = radius + 1.5;
      ctx.beginPath();
      if (kind === 'pr') {
        ctx.moveTo(cx, cy - r);
        ctx.lineTo(cx + r, cy + r);
        ctx.lineTo(cx - r, cy + r);
        ctx.closePath();
      } else {
        ctx.rect(cx - r, cy - r, 2 * r, 2 * r);
      }
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.5;
      ctx.stroke();
    };
  }

  function Chart(ownPage, template) {
    var self = this;
    this.template = template;
    var mains = Object.keys(seriesByPage).map(function (page) { return seriesByPage[page]; })
      .sort(function (a, b) { return a.testbed < b.testbed ? -1 : a.testbed > b.testbed ? 1 : 0; });
    // The main lines first (one a testbed), then each testbed's runs of other kinds.
    this.lines = mains.map(function (s, t) {
      return {series: s, kind: 'main', colour: t, points: decodePoints(s, decodeRuns(runsByTestbed[s.testbed]))};
    });
    mains.forEach(function (s, t) {
      (s.others || []).forEach(function (other) {
        self.lines.push({series: s, kind: other.kind, colour: t,
                         points: decodePoints({base: s.base, points: other.points}, decodeRuns(runsByTestbed[s.testbed]))});
      });
    });
    this.kinds = this.lines.map(function (line) { return line.kind; })
      .filter(function (kind, i, all) { return kind !== 'main' && all.indexOf(kind) === i; }).sort();
    this.own = this.lines.findIndex(function (line) { return line.series.page === ownPage; });
    // Commit order across testbeds: the ordinal when every main-line run has one, the run's date otherwise.
    this.byOrdinal = this.lines.every(function (line) {
      return line.kind !== 'main' || line.points.every(function (p) { return p.ordinal !== null; });
    });
    this.placeOtherRuns();
    this.buildRows();
    this.div = document.getElementById('chart');
    this.marks = document.getElementById('marks');
    this.readout = document.getElementById('readout');
    var state = readState();
    this.hidden = state.hidden.filter(function (testbed) {
      return self.lines.some(function (line, i) { return i !== self.own && line.series.testbed === testbed; });
    });
    this.shown = state.shown.filter(function (kind) { return self.kinds.indexOf(kind) >= 0; });
    this.addKindToggles();
    this.graph = new Dygraph(this.div, this.rows, this.options(state.range));
    this.bindToggles();
    this.show(this.rows.length - 1);
  }

  Chart.prototype.x = function (point) {
    if (point.x !== undefined) return point.x;
    return this.byOrdinal ? point.ordinal : point.time * 1000;
  };

  // On an ordinal axis a run of another kind without an ordinal (a pull
  // request is not on the main line) stands half a commit after the
  // latest main-line run before it in time.
  Chart.prototype.placeOtherRuns = function () {
    if (!this.byOrdinal) return;
    var main = [];
    this.lines.forEach(function (line) {
      if (line.kind === 'main') line.points.forEach(function (p) { main.push(p); });
    });
    main.sort(function (a, b) { return a.time - b.time || a.ordinal - b.ordinal; });
    this.lines.forEach(function (line) {
      if (line.kind === 'main') return;
      line.points.forEach(function (p) {
        if (p.ordinal !== null) return;
        var before = null;
        for (var i = 0; i < main.length && main[i].time <= p.time; i++) before = main[i];
        p.x = before ? before.ordinal + 0.5 : (main.length ? main[0].ordinal - 0.5 : 0);
      });
    });
  };

  Chart.prototype.lineLabel = function (line) {
    return line.kind === 'main' ? line.series.testbed : line.series.testbed + ' (' + kindName(line.kind) + ')';
  };

  Chart.prototype.visibility = function () {
    var self = this;
    return this.lines.map(function (line) {
      return self.hidden.indexOf(line.series.testbed) < 0 && (line.kind === 'main' || self.shown.indexOf(line.kind) >= 0);
    });
  };

  // A switch per kind of run the chart holds besides the main line, off unless the URL says show=<kind>.
  Chart.prototype.addKindToggles = function () {
    var self = this, controls = document.querySelector('.chart-controls');
    if (!controls || !this.kinds.length) return;
    var before = document.getElementById('whole-history');
    this.kinds.forEach(function (kind) {
      var count = 0;
      self.lines.forEach(function (line) { if (line.kind === kind) count += line.points.length; });
      var label = element('label'), box = element('input', 'kind-toggle');
      box.type = 'checkbox';
      box.setAttribute('data-kind', kind);
      box.checked = self.shown.indexOf(kind) >= 0;
      label.appendChild(box);
      label.appendChild(document.createTextNode(' ' + kindName(kind) + ' runs (' + count + ')'));
      controls.insertBefore(label, before);
    });
  };

  // The date axis: a day's date, or the hour within a few days' range,
  // never a clipped time of day.
  function dateLabel(date, granularity, opts, graph) {
    var range = graph ? graph.xAxisRange() : [0, 0], iso = new Date(date).toISOString();
    return range[1] - range[0] > 3 * 86400000 ? iso.slice(0, 10) : iso.slice(5, 10) + ' ' + iso.slice(11, 16);
  }

  // One row a run, sorted by x: [x, [low, median, high] of its line, null for the others].
  Chart.prototype.buildRows = function () {
    var self = this, order = [];
    this.lines.forEach(function (line, l) {
      line.points.forEach(function (p, i) { order.push({line: l, index: i, x: self.x(p)}); });
    });
    order.sort(function (a, b) { return a.x - b.x || a.line - b.line || a.index - b.index; });
    this.where = order;
    this.rows = order.map(function (o) {
      var p = self.lines[o.line].points[o.index], row = [self.byOrdinal ? o.x : new Date(o.x)];
      for (var l = 0; l < self.lines.length; l++)
        row.push(l === o.line ? [p.low === null ? p.median : p.low, p.median, p.high === null ? p.median : p.high] : null);
      return row;
    });
  };

  Chart.prototype.options = function (range) {
    var self = this;
    var series = {};
    this.lines.forEach(function (line) {
      if (line.kind !== 'main')
        series[self.lineLabel(line)] = {strokeWidth: 0, drawPoints: true, pointSize: 3, highlightCircleSize: 5,
                                        drawPointCallback: drawKindPoint(line.kind),
                                        drawHighlightPointCallback: drawKindPoint(line.kind), fillAlpha: 0};
    });
    var options = {
      labels: ['x'].concat(this.lines.map(function (line) { return self.lineLabel(line); })),
      colors: this.lines.map(function (line) { return PALETTE[line.colour % PALETTE.length]; }),
      series: series,
      customBars: true, connectSeparatedPoints: true, drawPoints: true, pointSize: 2, strokeWidth: 1.3,
      legend: 'never', showRangeSelector: true, rangeSelectorHeight: 34, animatedZooms: false,
      // Drag zooms, shift-drag pans (the range selector alone would make drag pan).
      interactionModel: Dygraph.defaultInteractionModel,
      xlabel: this.byOrdinal ? 'commit ordinal' : 'run date', ylabel: 'run median (95% interval shaded)',
      visibility: this.visibility(),
      axes: {y: {axisLabelFormatter: seconds, valueFormatter: seconds, axisLabelWidth: 72},
             x: this.byOrdinal ? {axisLabelFormatter: function (v) { return String(Math.round(v)); }}
                               : {axisLabelFormatter: dateLabel, axisLabelWidth: 96}},
      highlightCallback: function (event, x, points, row) { self.show(row); },
      drawCallback: function (graph) { self.drawn(graph); }
    };
    if (range) options.dateWindow = range;
    return options;
  };

  // After every draw (zoom, pan, reset, a testbed switched): the marks
  // where their runs now stand, the range on the chart's element, the URL.
  Chart.prototype.drawn = function (graph) {
    var range = graph.xAxisRange(), full = graph.xAxisExtremes();
    this.div.setAttribute('data-range', range[0] + ' ' + range[1]);
    this.div.setAttribute('data-hidden', this.hidden.join(' '));
    this.div.setAttribute('data-shown', this.shown.join(' '));
    this.placeMarks(graph);
    this.placeCaught(graph);
    writeState(range[0] > full[0] || range[1] < full[1] ? range : null, this.hidden, this.shown);
  };

  Chart.prototype.changeTitle = function (line, change) {
    var first = line.points[change.first], last = line.points[change.last];
    var text = (this.lines.length > 1 ? line.series.testbed + ': ' : '') + change.shape + ' ' + percent(change.pct);
    // A drift, or a step the data cannot place (first != last): its range.
    text += change.first !== change.last ? (change.shape === 'drift' ? ' over ' : ' somewhere in ') +
                                               first.commit.slice(0, 12) + '..' + last.commit.slice(0, 12)
                                         : ' at ' + first.commit.slice(0, 12);
    if (change.undoneBy !== null) text += ', taken back at ' + line.points[line.series.changes[change.undoneBy].first].commit.slice(0, 12);
    return text + ': ' + seconds(change.before) + ' -> ' + seconds(change.after) + ', p ' + change.p.toPrecision(2);
  };

  // A clickable mark at one run: a link to its commit with --commit-url.
  Chart.prototype.mark = function (left, area, className, commit, title) {
    var mark = element(this.template ? 'a' : 'span', 'change-mark ' + className);
    if (this.template) {
      mark.href = commitUrl(this.template, commit);
      mark.target = '_blank';
      mark.rel = 'noopener';
    }
    mark.title = title;
    mark.setAttribute('data-commit', commit);
    mark.style.left = (left - 4) + 'px';
    mark.style.top = area.y + 'px';
    mark.style.height = area.h + 'px';
    this.marks.appendChild(mark);
  };

  Chart.prototype.band = function (left, right, area, className) {
    var band = element('span', 'change-band ' + className);
    band.style.left = left + 'px';
    band.style.width = Math.max(1, right - left) + 'px';
    band.style.top = area.y + 'px';
    band.style.height = area.h + 'px';
    this.marks.appendChild(band);
  };

  // Steps as a line at their first run; a drift (or a step the data cannot
  // place) as a band over its range with a mark at each end; a bump's two
  // edges and the band between them.
  Chart.prototype.placeMarks = function (graph) {
    var self = this, area = graph.getArea(), range = graph.xAxisRange();
    this.marks.textContent = '';
    this.lines.forEach(function (line, l) {
      if (line.kind !== 'main' || !graph.visibility()[l]) return;
      var changes = line.series.changes;
      changes.forEach(function (change, c) {
        var first = line.points[change.first], last = line.points[change.last];
        var x1 = self.x(first), x2 = self.x(last);
        if (x2 < range[0] || x1 > range[1]) return;
        var left = graph.toDomXCoord(Math.max(x1, range[0])), right = graph.toDomXCoord(Math.min(x2, range[1]));
        var direction = change.pct > 0 ? 'regression' : 'improvement', title = self.changeTitle(line, change);
        var bump = change.undoneBy !== null || changes.some(function (other) { return other.undoneBy === c; });
        if (change.shape === 'drift' || change.first !== change.last) {
          self.band(left, right, area, (change.shape === 'drift' ? 'drift ' : 'drift unplaced ') + direction);
          if (x2 <= range[1]) self.mark(graph.toDomXCoord(x2), area, 'drift-end ' + direction, last.commit, title);
          if (x1 < range[0]) return;
        } else if (change.undoneBy !== null) {
          var back = line.points[changes[change.undoneBy].first];
          self.band(left, graph.toDomXCoord(Math.min(self.x(back), range[1])), area, 'bump ' + direction);
        }
        self.mark(left, area, change.shape + (bump ? ' bump ' : ' ') + direction, first.commit, title);
      });
    });
  };

  // Each regression the gate caught on a main line's series, where it was
  // caught: at the run of its commit among the runs of its kind (a pull
  // request's run), else among the main line's; a mark above the plot.
  Chart.prototype.placeCaught = function (graph) {
    var self = this, area = graph.getArea(), range = graph.xAxisRange(), visible = graph.visibility();
    this.lines.forEach(function (line) {
      if (line.kind !== 'main') return;
      (line.series.caught || []).forEach(function (caught) {
        var l = self.lines.findIndex(function (other) {
          return other.series === line.series && other.kind === caught.kind &&
                 other.points.some(function (p) { return p.commit === caught.commit; });
        });
        if (l < 0 || !visible[l])
          l = self.lines.findIndex(function (other) { return other === line; });
        var point = self.lines[l].points.filter(function (p) { return p.commit === caught.commit; }).pop();
        if (!point || !visible[l]) return;
        var x = self.x(point);
        if (x < range[0] || x > range[1]) return;
        var mark = element('span', 'caught-mark', '\u25bc');
        mark.title = (self.lines.length > 1 ? line.series.testbed + ': ' : '') + 'the gate caught a regression' +
                     (caught.pct !== null ? ' (' + percent(caught.pct) + ')' : '') + ' at ' + caught.commit.slice(0, 12) +
                     ' (' + kindName(caught.kind === 'main' ? 'main line' : caught.kind) + ' run, ' + caught.date + ')';
        mark.setAttribute('data-commit', caught.commit);
        mark.setAttribute('data-kind', caught.kind);
        mark.style.left = (graph.toDomXCoord(x) - 6) + 'px';
        mark.style.top = (area.y - 2) + 'px';
        self.marks.appendChild(mark);
      });
    });
  };

  // The cursor read-out: every run at the row's x (one a testbed).
  Chart.prototype.show = function (row) {
    if (row < 0 || row >= this.where.length) return;
    var self = this, x = this.where[row].x;
    this.readout.textContent = '';
    this.where.forEach(function (o) {
      if (o.x !== x) return;
      var line = self.lines[o.line], p = line.points[o.index], item = element('div', 'run');
      if (line.kind !== 'main' && !self.visibility()[o.line]) return;  // a kind switched off says nothing
      if (self.lines.length > 1) item.appendChild(element('b', 'testbed', self.lineLabel(line) + ': '));
      item.appendChild(document.createTextNode('commit '));
      item.appendChild(commitElement(self.template, p.commit));
      var text = (p.ordinal !== null ? ' (ordinal ' + p.ordinal + ')' : '') + ', ' + p.date + ': median ' + seconds(p.median);
      if (p.low !== null && p.high !== null) text += ', 95% [' + seconds(p.low) + ', ' + seconds(p.high) + ']';
      item.appendChild(document.createTextNode(text + ', n ' + p.n));
      self.readout.appendChild(item);
    });
  };

  Chart.prototype.bindToggles = function () {
    var self = this;
    document.querySelectorAll('input.testbed-toggle').forEach(function (box) {
      var l = self.lines.findIndex(function (line) { return line.series.testbed === box.getAttribute('data-testbed'); });
      if (l < 0) return;
      box.checked = self.hidden.indexOf(box.getAttribute('data-testbed')) < 0;
      box.addEventListener('change', function () {
        var testbed = box.getAttribute('data-testbed');
        self.hidden = self.hidden.filter(function (t) { return t !== testbed; });
        if (!box.checked) self.hidden.push(testbed);
        self.graph.updateOptions({visibility: self.visibility()});
      });
    });
    document.querySelectorAll('input.kind-toggle').forEach(function (box) {
      box.addEventListener('change', function () {
        var kind = box.getAttribute('data-kind');
        self.shown = self.shown.filter(function (k) { return k !== kind; });
        if (box.checked) self.shown.push(kind);
        self.graph.updateOptions({visibility: self.visibility()});
      });
    });
    var whole = document.getElementById('whole-history');
    if (whole) whole.addEventListener('click', function () { self.graph.resetZoom(); });
  };

  window.perfgate = {
    runs: function (testbed, table) { runsByTestbed[testbed] = table; },
    series: function (series) { seriesByPage[series.page] = series; },
    chart: function (ownPage, template) {
      if (typeof Dygraph === 'undefined') throw new Error('perfgate: assets/dygraph.min.js did not load');
      window.perfgate.current = new Chart(ownPage, template);
      return window.perfgate.current;
    },
    decode: decode,
    unzigzag: unzigzag
  };
})();
