### 实时页面（已打开的页面所跟随的赛事变更串流）。

live_too_many_streams = 此地址已跟随 { $limit } 个实时页面。请关闭部分页面，或稍候：本页仍会不时更新。
live_server_full = 服务器已为访客跟随 { $limit } 个实时页面。本页仍会不时更新。
live_shutting_down = 服务器正在重新启动，页面会自行重新连接。
