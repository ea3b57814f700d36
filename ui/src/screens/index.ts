// Screen views, one per route (filled by the screens engineer).
export {}
