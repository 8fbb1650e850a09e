//! Hygiene of the texts people type (names, venues, labels): no control characters (NUL, ESC …), no
//! bidirectional overrides or isolates that make a name display as another, and a length limit on
//! every field. Pure; used by every parser of typed text.

use crate::i18n::Reason;

/// Whether a character may not appear in a one-line text: control characters, the Unicode
/// bidirectional formatting characters (embeddings, overrides, isolates, marks), characters that
/// show as nothing ([`is_invisible`]) and the tag characters (U+E0000–U+E007F, invisible text a
/// name could smuggle).
pub fn is_forbidden(c: char) -> bool {
    c.is_control() || is_bidi_control(c) || is_invisible(c) || is_tag(c)
}

/// The tag characters (U+E0000–U+E007F): invisible copies of ASCII.
pub fn is_tag(c: char) -> bool {
    ('\u{E0000}'..='\u{E007F}').contains(&c)
}

/// The bidirectional formatting characters (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that show as nothing: zero-width spaces and joiners, the word joiner, the byte-order
/// mark, the soft hyphen, the Hangul and Mongolian fillers. Refused in user names (a name that looks
/// like another is a way to impersonate).
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'..='\u{2064}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
    )
}

/// Why a typed text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// Longer than the field allows.
    #[error("at most {max} characters")]
    TooLong {
        /// The limit.
        max: usize,
    },
    /// Holds a character that may not be typed there.
    #[error("the character U+{:04X} is not allowed", *ch as u32)]
    Forbidden {
        /// The character.
        ch: char,
    },
}

impl TextError {
    /// The refusal as a message key (`svc_text_too_long`, `svc_text_bad_char`).
    pub fn reason(&self) -> Reason {
        match self {
            TextError::TooLong { max } => Reason::new("svc_text_too_long").arg("max", max),
            TextError::Forbidden { ch } => {
                Reason::new("svc_text_bad_char").arg("code", format!("U+{:04X}", *ch as u32))
            }
        }
    }
}

/// Checks a one-line text and returns it trimmed: at most `max` characters, no forbidden character.
pub fn check_line(text: &str, max: usize) -> Result<String, TextError> {
    let text = text.trim();
    if let Some(ch) = text.chars().find(|&c| is_forbidden(c)) {
        return Err(TextError::Forbidden { ch });
    }
    if text.chars().count() > max {
        return Err(TextError::TooLong { max });
    }
    Ok(text.to_string())
}

/// [`check_line`] with the refusal as a [`Reason`] (for the service layer).
pub fn clean_line(text: &str, max: usize) -> Result<String, Reason> {
    check_line(text, max).map_err(|e| e.reason())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_bidi_characters_are_refused() {
        for bad in [
            "a\u{0}b",
            "a\u{1b}[31mb",
            "abc\u{202E}fed",
            "x\u{2066}y",
            "a\tb",
            "A\u{200B}B",
            "A\u{FEFF}B",
            "A\u{E0041}B",
        ] {
            assert!(
                matches!(check_line(bad, 80), Err(TextError::Forbidden { .. })),
                "{bad:?}"
            );
        }
        assert_eq!(check_line("  陳仲輝 ", 80).unwrap(), "陳仲輝");
    }

    #[test]
    fn length_is_counted_in_characters() {
        assert!(check_line(&"棋".repeat(200), 200).is_ok());
        assert_eq!(
            check_line(&"棋".repeat(201), 200),
            Err(TextError::TooLong { max: 200 })
        );
    }

    #[test]
    fn invisible_characters_are_known() {
        assert!(is_invisible('\u{200B}'));
        assert!(is_invisible('\u{FEFF}'));
        assert!(!is_invisible('a'));
        assert!(!is_invisible('　'));
    }
}
