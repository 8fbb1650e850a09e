### 即時頁面（已開啟的頁面所跟隨的賽事變更串流）。

live_too_many_streams = 此位址已跟隨 { $limit } 個即時頁面。請關閉部分頁面，或稍候：本頁仍會不時更新。
live_server_full = 伺服器已為訪客跟隨 { $limit } 個即時頁面。本頁仍會不時更新。
live_shutting_down = 伺服器正在重新啟動，頁面會自行重新連線。
