-- Rate-limit counters are written on every limited request (questionnaire autosave among them). They are
-- worth nothing after a crash, so the table skips the write-ahead log: no disk flush per request, and a
-- crash merely empties it (every client starts a fresh window).
ALTER TABLE "rate_limits" SET UNLOGGED;
