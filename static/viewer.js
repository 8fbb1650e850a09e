// Game viewer: draws the positions the server computed (#game-data: the start and each ply's
// changed points) on the SVG board and steps through them with the buttons, the move list, and the
// keys ← → Home End. Points are indexed rank-major from the first rank (xiangqi/Jieqi: a0..i9 on
// lines; Banqi: a1..h4 in cells); 'X'/'x' are face-down pieces (Banqi: 'X', colour unknown).
(function () {
  'use strict';
  var dataEl = document.getElementById('game-data');
  var viewer = document.getElementById('viewer');
  var svg = document.getElementById('board');
  if (!dataEl || !viewer || !svg) return;
  var game = JSON.parse(dataEl.textContent);
  var NS = 'http://www.w3.org/2000/svg';
  var banqi = game.variant === 'banqi';
  // Banqi sets are printed in traditional characters with 包 for Black's cannon.
  var KINDS = banqi ? 'KABRNCP' : 'KABNRCP';
  var chars = banqi ? '帥仕相俥傌炮兵將士象車馬包卒' : (viewer.dataset.pieces || '帅仕相马车炮兵将士象马车炮卒');
  var RED_FILES = '九八七六五四三二一';
  var FILES = banqi ? 8 : 9, RANKS = banqi ? 4 : 10;
  // A ply's change: '*' when it turned a piece up, then each changed point as its index and its
  // new character, the point left first and the point landed on last.
  var positions = [game.start], moves = [null];
  game.plies.forEach(function (change) {
    var points = positions[positions.length - 1].split('');
    var touched = [], re = /(\d+)(\D)/g, m;
    while ((m = re.exec(change))) { points[Number(m[1])] = m[2]; touched.push(Number(m[1])); }
    positions.push(points.join(''));
    moves.push({ from: touched[0], to: touched[touched.length - 1], reveal: change.charAt(0) === '*' });
  });
  var last = positions.length - 1;
  var ply = 0;
  var flipped = false;
  var pieces = document.getElementById('pieces');
  var marks = document.getElementById('marks');
  var counter = document.getElementById('ply');
  var links = document.querySelectorAll('#moves a[href^="#"]');
  // A ply's texts for the counter, read from its move-list cells (Chinese, then the coordinates).
  var texts = [];
  links.forEach(function (a) {
    var cell = a.parentNode.nextElementSibling;
    texts[plyOf(a)] = a.textContent + (cell ? ' ' + cell.textContent : '');
  });

  function plyOf(a) { return Number(a.getAttribute('href').slice(1)); }

  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // Screen coordinates of a point: Red (Banqi: rank 1) at the bottom unless the board is flipped.
  // Xiangqi pieces stand on the line crossings, Banqi pieces in the middle of the cells.
  function xy(index) {
    var file = index % FILES, rank = Math.floor(index / FILES), c = banqi ? 5 : 0;
    return flipped ? [(FILES - 1 - file) * 10 + c, rank * 10 + c]
                   : [file * 10 + c, (RANKS - 1 - rank) * 10 + c];
  }

  function clear(g) { while (g.firstChild) g.removeChild(g.firstChild); }

  function drawFiles() {
    var top = document.getElementById('files-top'), bottom = document.getElementById('files-bottom');
    clear(top); clear(bottom);
    if (banqi) {
      for (var f = 0; f < FILES; f++) {
        el('text', { x: (flipped ? FILES - 1 - f : f) * 10 + 5, y: 43.6 }, bottom).textContent = 'abcdefgh'.charAt(f);
      }
      for (var r = 0; r < RANKS; r++) {
        el('text', { x: -3, y: (flipped ? r : RANKS - 1 - r) * 10 + 5 }, top).textContent = String(r + 1);
      }
      return;
    }
    for (var file = 0; file < 9; file++) {
      var x = (flipped ? 8 - file : file) * 10;
      var red = RED_FILES.charAt(file), black = String(file + 1);
      el('text', { x: x, y: -6.6 }, top).textContent = flipped ? red : black;
      el('text', { x: x, y: 96.6 }, bottom).textContent = flipped ? black : red;
    }
  }

  function drawPiece(letter, index, animate) {
    var p = xy(index);
    var red = letter === letter.toUpperCase();
    var outer = el('g', { transform: 'translate(' + p[0] + ' ' + p[1] + ')', 'data-point': index }, pieces);
    var face = el('g', { 'class': 'pc ' + (red ? 'red' : 'black') }, outer);
    if (letter === 'X' || letter === 'x') {
      face.setAttribute('class', 'pc down' + (banqi ? ' plain' : red ? ' red' : ' black'));
      el('circle', { r: 4.4 }, face);
      el('circle', { r: 3.1, 'class': 'ring' }, face);
      return;
    }
    if (animate) face.setAttribute('class', face.getAttribute('class') + ' flip');
    el('circle', { r: 4.4 }, face);
    el('circle', { r: 3.7, 'class': 'ring' }, face);
    var kind = KINDS.indexOf(letter.toUpperCase());
    el('text', { y: 0.2 }, face).textContent = chars.charAt(kind + (red ? 0 : 7));
  }

  function render(animateReveal) {
    var points = positions[ply];
    clear(pieces); clear(marks);
    var move = moves[ply];
    if (move) {
      [move.from, move.to].forEach(function (i) {
        var p = xy(i);
        el('rect', { x: p[0] - 5, y: p[1] - 5, width: 10, height: 10, rx: 1.5, 'class': 'mark' }, marks);
      });
    }
    for (var i = 0; i < points.length; i++) {
      var c = points.charAt(i);
      if (c !== '.') drawPiece(c, i, animateReveal && move && move.reveal && i === move.to);
    }
    svg.setAttribute('data-ply', ply);
    svg.setAttribute('data-points', points);
    counter.textContent = ply + ' / ' + last + (move && texts[ply] ? ' · ' + texts[ply] : '');
    links.forEach(function (a) {
      var on = plyOf(a) === ply;
      a.classList.toggle('current', on);
      if (on) scrollList(a);
    });
  }

  // Keeps the current move visible inside the list without scrolling the page.
  function scrollList(a) {
    var box = document.getElementById('moves');
    var top = a.offsetTop - box.offsetTop, bottom = top + a.offsetHeight;
    if (top < box.scrollTop) box.scrollTop = top - 8;
    else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 8;
  }

  function go(to) {
    to = Math.max(0, Math.min(last, to));
    if (to === ply) return;
    var forwardOne = to === ply + 1;
    ply = to;
    render(forwardOne);
    if (history.replaceState) history.replaceState(null, '', '#' + ply);
  }

  document.getElementById('first').addEventListener('click', function () { go(0); });
  document.getElementById('prev').addEventListener('click', function () { go(ply - 1); });
  document.getElementById('next').addEventListener('click', function () { go(ply + 1); });
  document.getElementById('last').addEventListener('click', function () { go(last); });
  document.getElementById('flip').addEventListener('click', function () {
    flipped = !flipped;
    svg.classList.toggle('flipped', flipped);
    drawFiles();
    render(false);
  });
  links.forEach(function (a) {
    a.addEventListener('click', function (e) { e.preventDefault(); go(plyOf(a)); });
  });
  document.addEventListener('keydown', function (e) {
    var t = e.target && e.target.tagName;
    if (t === 'INPUT' || t === 'TEXTAREA' || t === 'SELECT' || e.altKey || e.ctrlKey || e.metaKey) return;
    var to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });

  var start = Number((location.hash || '').slice(1));
  if (start > 0 && start <= last) ply = start;
  drawFiles();
  render(false);
})();
