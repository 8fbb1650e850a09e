// Live pages: the elements with a data-live attribute (and an id) are refreshed when the event
// changes, so pairings, results and standings update without a reload. The page follows ONE stream
// of its event's changes (Server-Sent Events, /events/{id}/live); on each change it fetches itself
// once and swaps those elements. An element with data-live-reload (and an id) reloads the whole page
// when it differs (the game viewer's data, which its script reads once). Polling every 15 s is only
// the fallback: without EventSource, or after the stream failed several times.
// The root element's data-live says which is in use ("stream" or "polling"); the fallback's interval
// may be set in localStorage "anqi-live-poll-ms" (tests set a long one).
(function () {
  var live = document.querySelectorAll('[data-live][id]');
  var reloads = document.querySelectorAll('[data-live-reload][id]');
  if (!live.length && !reloads.length) return;
  var me = document.currentScript;
  var eventId = me && me.dataset.event;
  var version = me && me.dataset.version;
  var pollMs = Number(localStorage.getItem('anqi-live-poll-ms')) || 15000;
  var fetching = false, again = false, poller = null, failures = 0, source = null;

  function state(s) { document.documentElement.setAttribute('data-live', s); }

  // The version a change announced: a page older than it (a cache's copy while the new one is
  // rendered) is fetched again a little later.
  var wanted = 0, retries = 0;

  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(location.href, { credentials: 'same-origin', cache: 'no-store', headers: { 'Accept': 'text/html' } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var tag = doc.querySelector('script[data-version]');
        var shown = tag ? Number(tag.dataset.version) : 0;
        if (shown < wanted && retries < 8) {
          retries += 1;
          setTimeout(refresh, 150 * retries);
        } else {
          retries = 0;
        }
        for (var i = 0; i < reloads.length; i++) {
          var f = doc.getElementById(reloads[i].id);
          if (f && f.textContent !== reloads[i].textContent) { location.reload(); return; }
        }
        live.forEach(function (el) {
          var fresh = doc.getElementById(el.id);
          if (fresh && fresh.innerHTML !== el.innerHTML) el.innerHTML = fresh.innerHTML;
        });
        document.dispatchEvent(new CustomEvent('anqi:live-updated'));
      })
      .catch(function () {})
      .then(function () {
        fetching = false;
        if (again) { again = false; refresh(); }
      });
  }

  function poll() {
    if (poller) return;
    state('polling');
    poller = setInterval(function () { if (!document.hidden) refresh(); }, pollMs);
  }

  function follow() {
    var url = '/events/' + encodeURIComponent(eventId) + '/live';
    if (version) url += '?since=' + encodeURIComponent(version);
    source = new EventSource(url);
    source.addEventListener('open', function () {
      failures = 0;
      state('stream');
      if (poller) { clearInterval(poller); poller = null; }
    });
    source.addEventListener('change', function (e) {
      if (e.lastEventId) version = e.lastEventId;
      wanted = Math.max(wanted, Number(version) || 0);
      retries = 0;
      refresh();
    });
    source.addEventListener('message', function (e) {
      if (e.lastEventId) version = e.lastEventId;
    });
    source.addEventListener('error', function () {
      failures += 1;
      // The browser reconnects by itself (with Last-Event-ID) unless the server refused the stream
      // (429 beyond the bound per client, 503 at shutdown): then poll, and try again later.
      if (source.readyState === EventSource.CLOSED) {
        poll();
        source = null;
        setTimeout(follow, Math.max(pollMs, 30000));
      } else if (failures >= 3) {
        poll();
      }
    });
  }

  if (window.EventSource && eventId) follow(); else poll();
})();
