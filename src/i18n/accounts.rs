//! Strings of the account page (API tokens, passwords) and of the refusals of typed text.

use super::Entry;

#[rustfmt::skip]
pub(super) const ENTRIES: &[Entry] = &[
    ("token_created", "Created", "建立於", "创建于"),
    ("token_expires", "Expires", "到期", "到期"),
    ("token_last_used", "Last used", "最後使用", "最后使用"),
    ("token_never_used", "never", "從未", "从未"),
    ("token_revoke", "Revoke", "撤銷", "撤销"),
    ("token_revoked", "The token was revoked.", "權杖已撤銷。", "令牌已撤销。"),
    ("token_days", "Valid for (days)", "有效天數", "有效天数"),
    ("password_change_ends_access",
     "Changing the password signs out every other session of this account and revokes all its API tokens.",
     "更改密碼會登出此帳戶的其他所有工作階段，並撤銷其所有 API 權杖。",
     "更改密码会登出此账户的其他所有会话，并撤销其所有 API 令牌。"),
    ("svc_password_short",
     "the password must be at least 8 characters",
     "密碼至少須有 8 個字元",
     "密码至少须有 8 个字符"),
    ("svc_token_days",
     "a token lasts 1 to {max} days",
     "權杖有效期為 1 至 {max} 天",
     "令牌有效期为 1 至 {max} 天"),
    ("svc_text_too_long",
     "at most {max} characters",
     "最多 {max} 個字元",
     "最多 {max} 个字符"),
    ("svc_text_bad_char",
     "the character {code} (a control or text-direction character) is not allowed",
     "不允許字元 {code}（控制字元或文字方向字元）",
     "不允许字符 {code}（控制字符或文字方向字符）"),
];
