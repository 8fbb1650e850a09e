// File inputs marked data-fill="ID" read the chosen text file into the textarea with that id,
// so uploads work without multipart forms and the text can be checked before it is sent.
// A browser reads files as UTF-8 only: an input also marked data-bytes="ID" sends a file that is not
// UTF-8 (a Big5 or GB18030 CSV saved by Excel) as its bytes, base64, in the hidden field with that
// id; the server reads it and shows it for checking (data-note says so in the empty textarea).
document.querySelectorAll('input[type=file][data-fill]').forEach(function (input) {
  input.addEventListener('change', function () {
    var file = input.files && input.files[0];
    if (!file) return;
    var target = document.getElementById(input.dataset.fill);
    var bytes = input.dataset.bytes && document.getElementById(input.dataset.bytes);
    var reader = new FileReader();
    reader.onload = function () {
      var data = new Uint8Array(reader.result);
      var text;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(data);
      } catch (e) {
        text = null;
      }
      if (text !== null || !bytes) {
        target.value = text !== null ? text : new TextDecoder('utf-8').decode(data);
        if (bytes) bytes.value = '';
        return;
      }
      var binary = '';
      for (var i = 0; i < data.length; i += 0x8000) {
        binary += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
      }
      bytes.value = btoa(binary);
      target.value = '';
      target.required = false;
      if (input.dataset.note) target.placeholder = input.dataset.note;
    };
    reader.readAsArrayBuffer(file);
  });
  // Text typed into the box after choosing such a file is what is sent, not the file.
  var bytes = input.dataset.bytes && document.getElementById(input.dataset.bytes);
  var target = document.getElementById(input.dataset.fill);
  if (bytes && target) target.addEventListener('input', function () { bytes.value = ''; });
});
