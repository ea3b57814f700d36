-- wrk script of `bun run bench` (scripts/bench.ts): the method and body come from the environment
-- (WRK_METHOD, WRK_BODY_FILE), headers from -H; at the end one JSON line with requests/s, latency
-- percentiles in ms and the error counts.
wrk.method = os.getenv("WRK_METHOD") or "GET"
local body_file = os.getenv("WRK_BODY_FILE")
if body_file and body_file ~= "" then
  local f = assert(io.open(body_file, "rb"))
  wrk.body = f:read("*a")
  f:close()
end

done = function(summary, latency, requests)
  local ms = function(p) return latency:percentile(p) / 1000 end
  local e = summary.errors
  io.write(string.format(
    '{"rps":%.1f,"p50":%.3f,"p90":%.3f,"p95":%.3f,"p99":%.3f,"errors":%d,"non2xx":%d}\n',
    summary.requests / (summary.duration / 1e6), ms(50), ms(90), ms(95), ms(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
