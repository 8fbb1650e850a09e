// Behaviour shared by every page; the Content-Security-Policy allows no inline script, so it lives here.
// Buttons marked data-print open the browser's print dialog.
document.querySelectorAll('[data-print]').forEach(function (button) {
  button.addEventListener('click', function () { window.print(); });
});
