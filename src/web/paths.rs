//! Paths inside the site: encoding a path for a `next=` or `back=` parameter.

/// Percent-encodes everything but unreserved characters and `/` (for a `next=` parameter).
pub fn utf8_percent(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
