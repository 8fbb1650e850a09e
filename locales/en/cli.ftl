### Strings of the command line's own reports (`anqi user`, `anqi serve`, `anqi rate`, `anqi perft`, `anqi backup`, `anqi restore`).

cli_no_user = no user '{ $name }'
cli_name_taken = user name '{ $name }' is taken
cli_no_token = '{ $name }' has no token with id '{ $id }'
cli_password_stdin = cannot read the password from standard input: { $why }
cli_password_hashing = password hashing failed
cli_option = --{ $option }: { $why }
cli_token_revoked = revoked { $id }
cli_user_created = created { $name } ({ $role })
cli_trusted_proxy_bad = --trusted-proxies: trusted proxy '{ $proxy }' is not an IP address
cli_no_admin = No administrator yet. Create one (link works once): { $link }
cli_runtime = cannot start the runtime: { $why }
cli_error = error: { $message }
cli_rate_file = { $file }: { $why }
cli_rate_level_table = level table: { $why }
cli_level_step = the points per level must be positive
cli_level_range = levels must run from a lowest level down to a highest level of at least 1
cli_cannot_read = cannot read { $file }: { $why }
cli_cannot_write = cannot write { $file }: { $why }
cli_cannot_write_stdout = cannot write to standard output: { $why }
cli_cannot_write_standings = cannot write the standings: { $why }
cli_perft_depth = depth must be a whole number of at least 1, got '{ $typed }'
cli_perft_deal_variant = --deal needs --variant jieqi
cli_perft_needs_deal = { $why }; give the deal with --deal
cli_perft_nodes = Nodes searched: { $nodes }
cli_backup_done = wrote { $file } (schema version { $version }, integrity ok)
cli_restore_done = restored { $database } from { $file }
