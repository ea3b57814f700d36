-- wrk script of the write and capacity runs (bench/plan-run.ts): one connection per thread (run
-- with -t N -c N), thread i playing line i of the plan file WRK_PLAN (tab-separated: cookie,
-- origin, section id, item id, read path 1, read path 2), so requests and their answers alternate
-- and each thread knows which of its writes were acknowledged. WRK_MODE:
--   post  POST /api/section-items into the line's section, content "Bench <tag> <thread>-<n>"
--   put   PUT /api/section-items/<item> with content "Bench edit <tag> <thread>-<n>"; the last n
--         answered 2xx is printed per thread, so the bench can check that the row holds it
--   read  GET read path 1 and 2 in turn
--   write a create, an edit of what was created, its delete; again (the data keeps its size)
--   mix   a read with probability WRK_READ_SHARE (0.8), else the next step of `write`
-- At the end one JSON line: all answers, 2xx reads and writes, non-2xx, socket errors, latency.
local threads = {}
local count = 0

function setup(thread)
  thread:set("idx", count)
  count = count + 1
  table.insert(threads, thread)
end

local tag = os.getenv("WRK_TAG") or "run"
local mode, share, cookie, origin, section, item, paths
local seq, sent_seq, pending, step, created = 0, 0, nil, 0, nil
ok_reads, ok_writes, bad, acked = 0, 0, 0, -1

function init(args)
  mode = os.getenv("WRK_MODE") or "read"
  share = tonumber(os.getenv("WRK_READ_SHARE") or "0.8")
  local n = 0
  for line in io.lines(os.getenv("WRK_PLAN")) do
    if n == idx then
      local f = {}
      for field in string.gmatch(line, "[^\t]+") do table.insert(f, field) end
      cookie, origin, section, item, paths = f[1], f[2], f[3], f[4], { f[5], f[6] }
    end
    n = n + 1
  end
  math.randomseed(os.time() * 1000 + idx)
end

local function headers(body)
  local h = { ["Cookie"] = cookie, ["Origin"] = origin }
  if body then h["Content-Type"] = "application/json" else h["Accept-Encoding"] = "gzip" end
  return h
end

local turn = 0
local function read()
  pending = "read"
  turn = turn + 1
  return wrk.format("GET", paths[(turn % 2) + 1], headers(nil))
end

local function write_step()
  seq = seq + 1
  sent_seq = seq
  if step == 1 and created then
    pending = "edit"
    local body = string.format('{"content":"Bench edit %s %d-%d"}', tag, idx, seq)
    return wrk.format("PUT", "/api/section-items/" .. created, headers(body), body)
  elseif step == 2 and created then
    pending = "delete"
    return wrk.format("DELETE", "/api/section-items/" .. created, headers(nil))
  end
  pending = "create"
  local body = string.format('{"section_id":%s,"content":"Bench %s %d-%d"}', section, tag, idx, seq)
  return wrk.format("POST", "/api/section-items", headers(body), body)
end

function request()
  if mode == "read" then return read() end
  if mode == "mix" and math.random() < share then return read() end
  if mode == "put" then
    seq = seq + 1
    sent_seq = seq
    pending = "edit"
    local body = string.format('{"content":"Bench edit %s %d-%d"}', tag, idx, seq)
    return wrk.format("PUT", "/api/section-items/" .. item, headers(body), body)
  end
  if mode == "post" then step = 0 end
  return write_step()
end

function response(status, _, body)
  local ok = status >= 200 and status < 300
  if not ok then
    bad = bad + 1
    if pending ~= "read" then step, created = 0, nil end
    return
  end
  if pending == "read" then
    ok_reads = ok_reads + 1
    return
  end
  ok_writes = ok_writes + 1
  acked = sent_seq
  if pending == "create" then
    created = body and string.match(body, '"id":(%d+)')
    step = created and 1 or 0
  elseif pending == "edit" then
    step = 2
  else
    step, created = 0, nil
  end
end

function done(summary, latency, requests)
  local ms = function(p) return latency:percentile(p) / 1000 end
  local r, w, b, last = 0, 0, 0, {}
  for _, t in ipairs(threads) do
    r = r + t:get("ok_reads")
    w = w + t:get("ok_writes")
    b = b + t:get("bad")
    table.insert(last, tostring(t:get("acked")))
  end
  local e = summary.errors
  io.write(string.format(
    '{"answers":%d,"seconds":%.3f,"okReads":%d,"okWrites":%d,"non2xx":%d,"errors":%d,' ..
    '"p50":%.3f,"p90":%.3f,"p99":%.3f,"acked":[%s]}\n',
    summary.requests, summary.duration / 1e6, r, w, b,
    e.connect + e.read + e.write + e.timeout, ms(50), ms(90), ms(99), table.concat(last, ",")))
end
