//! The CSV a form sends: the text typed, pasted or filled in by the page's script (`csv`), or the
//! bytes of a chosen file that is not UTF-8 (`file`, base64: `static/forms.js` sends them so because
//! a browser can only read a file as UTF-8). Such a file is read on the server
//! (`csv_text::decode`: Big5 or GB18030) and shown for checking, with the encoding it was read in,
//! before anything is stored; the text it shows is then sent again as `csv`.

use base64::Engine;

use crate::csv_text;
use crate::i18n::Reason;

/// What a form's CSV fields hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CsvSent {
    /// The text of the box, to use at once.
    Text(String),
    /// A chosen file read on the server, to show for checking before it is used.
    File {
        /// Its text.
        text: String,
        /// The name of the encoding it was read in (`Big5`, `GB18030`, `UTF-8`).
        encoding: &'static str,
    },
}

/// The CSV a form sent (`csv`, or `file` when not empty), or why it cannot be read. Text that
/// holds U+FFFD (a file read in a wrong encoding before it came) is refused, naming its line.
pub fn read(csv: &str, file: &str) -> Result<CsvSent, Reason> {
    let file = file.trim();
    if file.is_empty() {
        csv_text::decode(csv.as_bytes()).map_err(|e| e.reason())?;
        return Ok(CsvSent::Text(csv.to_string()));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(file)
        .map_err(|_| Reason::new("csv_file_not_whole"))?;
    let decoded = csv_text::decode(&bytes).map_err(|e| e.reason())?;
    Ok(CsvSent::File {
        encoding: decoded.encoding_name(),
        text: decoded.text.into_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_on_the_server_and_the_box_as_sent() {
        let big5 = encoding_rs::BIG5.encode("name\n謝家樂\n陳大文\n黃志強\n").0;
        let file = base64::engine::general_purpose::STANDARD.encode(&big5);
        assert_eq!(
            read("ignored", &file),
            Ok(CsvSent::File {
                text: "name\n謝家樂\n陳大文\n黃志強\n".into(),
                encoding: "Big5"
            })
        );
        assert_eq!(read("name\nA\n", ""), Ok(CsvSent::Text("name\nA\n".into())));
        assert_eq!(
            read("", "not base64!").map_err(|r| r.key),
            Err("csv_file_not_whole")
        );
        assert_eq!(
            read("name\n\u{FFFD}\n", "").map_err(|r| r.key),
            Err("csv_replacement")
        );
    }
}
