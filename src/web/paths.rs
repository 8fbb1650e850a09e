//! Paths inside the site: where a `next=` or `back=` parameter may send the visitor, and encoding a
//! path for one.

/// The path itself when it is a path of this site, else `None`. Browsers read `\` as `/` and drop
/// tabs and line breaks inside URLs, so `/\evil.example` and `/\t/evil.example` would leave the
/// site: only a single leading `/` followed by no `/` or `\`, and no backslash, whitespace or
/// control character anywhere, is accepted. The one check for login's `next=` and the language
/// switch's `back=`.
pub fn same_site_path(path: &str) -> Option<&str> {
    let rest = path.strip_prefix('/')?;
    if rest.starts_with('/') {
        return None;
    }
    if path
        .chars()
        .any(|c| c == '\\' || c.is_whitespace() || c.is_control())
    {
        return None;
    }
    Some(path)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_of_this_site_are_accepted() {
        for ok in ["/", "/events/3", "/events/3/rounds?stale=1", "/a%2F%2Fb"] {
            assert_eq!(same_site_path(ok), Some(ok), "{ok}");
        }
        for bad in [
            "//evil.example",
            "/\\evil.example",
            "/\t/evil.example",
            "/\n/evil.example",
            "/ /evil.example",
            "https://evil.example",
            "evil.example",
            "",
            "/\\/evil.example",
        ] {
            assert_eq!(same_site_path(bad), None, "{bad:?}");
        }
    }
}
