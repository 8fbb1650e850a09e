// Live pages: every element with a data-live attribute (and an id) is refreshed from the server every
// 15 seconds while the page is visible, so pairings and standings update without a reload.
(function () {
  var live = document.querySelectorAll('[data-live][id]');
  if (!live.length) return;
  function refresh() {
    if (document.hidden) return;
    fetch(location.href, { credentials: 'same-origin', headers: { 'Accept': 'text/html' } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, 'text/html');
        live.forEach(function (el) {
          var fresh = doc.getElementById(el.id);
          if (fresh && fresh.innerHTML !== el.innerHTML) el.innerHTML = fresh.innerHTML;
        });
      })
      .catch(function () {});
  }
  setInterval(refresh, 15000);
})();
