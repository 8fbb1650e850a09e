// The check-in page (檢錄) without reloading: typing in the search box filters the list at once;
// a tick or the search box's Enter (a scanner types a player page's address and presses Enter)
// is sent as the plain form would be, and the list, the count and the confirmation are taken from
// the page the server answers. Without this script the forms work as they are.
(function () {
  'use strict';
  var main = document.getElementById('checkin-main');
  if (!main) { return; }

  function box() { return document.getElementById('checkin-q'); }

  function matches(li, text) {
    var t = text.trim().toLowerCase();
    if (t === '' || t.indexOf('/') >= 0) { return true; }
    if (/^[0-9]+$/.test(t)) { return li.dataset.start === t; }
    return (li.dataset.name || '').toLowerCase().indexOf(t) >= 0 ||
      (li.dataset.club || '').toLowerCase().indexOf(t) >= 0;
  }

  function filter() {
    var q = box();
    if (!q) { return; }
    main.querySelectorAll('#checkin-list li').forEach(function (li) {
      li.hidden = !matches(li, q.value);
    });
  }

  function send(form) {
    var body = new URLSearchParams(new FormData(form));
    return fetch(form.action, {
      method: 'POST',
      body: body,
      credentials: 'same-origin',
      headers: { 'Accept': 'text/html' }
    }).then(function (r) {
      return r.text().then(function (html) {
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var fresh = doc.getElementById('checkin-main');
        if (!fresh) { throw new Error('no page'); }
        var scanned = form.id === 'checkin-find';
        main.innerHTML = fresh.innerHTML;
        var q = box();
        if (q) {
          if (scanned && r.ok && !document.getElementById('checkin-error')) {
            q.value = '';
            filter();
          }
          q.focus();
        }
        wire();
      });
    }).catch(function () { form.submit(); });
  }

  function wire() {
    main.querySelectorAll('form').forEach(function (form) {
      form.addEventListener('submit', function (e) {
        e.preventDefault();
        send(form);
      });
    });
    var q = box();
    if (q) { q.addEventListener('input', filter); }
  }

  wire();
}());
