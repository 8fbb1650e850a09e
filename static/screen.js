// The display screen: the clock, and the views (by board, by name) shown in turn, each a page of
// rows at a time when it does not fit the screen. live.js swaps the content when the event
// changes; the rotation then goes on with the fresh rows.
(function () {
  var ROTATE_MS = 12000;
  var clock = document.getElementById('screen-clock');
  function tick() {
    if (!clock) return;
    var now = new Date();
    var pad = function (n) { return (n < 10 ? '0' : '') + n; };
    clock.textContent = pad(now.getHours()) + ':' + pad(now.getMinutes()) + ':' + pad(now.getSeconds());
    clock.setAttribute('datetime', now.toISOString());
  }
  tick();
  setInterval(tick, 1000);

  // The pages of every view: [view, first row, rows] in turn.
  var step = 0;
  function pages() {
    var out = [];
    var main = document.getElementById('screen-main');
    var views = main ? main.querySelectorAll('.screen-view') : [];
    for (var v = 0; v < views.length; v++) {
      var rows = views[v].querySelectorAll('tbody tr');
      views[v].hidden = false;
      var head = views[v].querySelector('thead');
      var top = head ? head.getBoundingClientRect().bottom : 0;
      var rowHeight = rows.length ? rows[0].getBoundingClientRect().height : 1;
      var per = Math.max(1, Math.floor((window.innerHeight - top - 8) / Math.max(rowHeight, 1)));
      if (!rows.length) out.push([v, 0, 0]);
      for (var first = 0; first < rows.length; first += per) out.push([v, first, per]);
    }
    return out;
  }
  function show() {
    var main = document.getElementById('screen-main');
    if (!main) return;
    var views = main.querySelectorAll('.screen-view');
    if (!views.length) return;
    var all = pages();
    var page = all[step % all.length];
    for (var v = 0; v < views.length; v++) {
      views[v].hidden = v !== page[0];
      var rows = views[v].querySelectorAll('tbody tr');
      for (var i = 0; i < rows.length; i++) {
        rows[i].hidden = v === page[0] && (i < page[1] || i >= page[1] + page[2]);
      }
    }
    document.documentElement.setAttribute('data-screen-view', views[page[0]].dataset.view);
  }
  function next() { step += 1; show(); }
  show();
  setInterval(next, ROTATE_MS);
  window.addEventListener('resize', show);
  document.addEventListener('anqi:live-updated', show);
})();
