### Strings of the live pages (the stream of an event's changes that open pages follow).

live_too_many_streams = This address already follows { $limit } live pages. Close some pages, or wait: this page still updates now and then.
live_server_full = The server already follows { $limit } live pages for its visitors. This page still updates now and then.
live_shutting_down = The server is restarting. The page reconnects by itself.
