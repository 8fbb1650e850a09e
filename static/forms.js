// File inputs marked data-fill="ID" read the chosen text file into the textarea with that id,
// so uploads work without multipart forms and the text can be checked before it is sent.
document.querySelectorAll('input[type=file][data-fill]').forEach(function (input) {
  input.addEventListener('change', function () {
    var file = input.files && input.files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () { document.getElementById(input.dataset.fill).value = reader.result; };
    reader.readAsText(file, 'utf-8');
  });
});
