-- Appends segments of one or more meetings, each meeting's in order, in one call: per
-- segment a dedupe check, then per meeting one RPUSH of the segments that can stay in the
-- window, one INCRBY of the pending counter and, when due, the expiry (see window-store.ts).
-- The limits are substituted into the text when the store is made ({{size}} window segments,
-- {{trimAt}} list length that triggers a trim, {{ttlMs}} meeting TTL in ms, {{expiryS}} TTL
-- plus slack in s): arguments cost node-redis an encoding per call.
-- KEYS    per meeting: window list, pending counter, dedupe set
-- ARGV    per meeting: its segment count, then per segment its dedupe key and its JSON
-- Returns per meeting, per segment 1 (appended) or 0 (duplicate) and pending after it; with
-- several meetings, a meeting whose step failed gets its error message instead (pcall).
local size, trimAt, ttlMs, expiryS = {{size}}, {{trimAt}}, {{ttlMs}}, {{expiryS}}

local function refreshExpiry (window, pending, dedupe)
  if redis.call('PTTL', window) < ttlMs then
    redis.call('EXPIRE', window, expiryS)
    redis.call('EXPIRE', pending, expiryS)
    redis.call('EXPIRE', dedupe, expiryS)
  end
end

-- One meeting: its keys, where its arguments start (after its count) and its segment count.
local function appendMeeting (window, pending, dedupe, at, count)
  if count == 1 then
    -- One segment (the common case at many live meetings): the same steps without the
    -- tables, which cost more than the commands here.
    if redis.call('SADD', dedupe, ARGV[at]) == 0 then
      return {0, tonumber(redis.call('GET', pending) or '0')}
    end
    if redis.call('RPUSH', window, ARGV[at + 1]) > trimAt then redis.call('LTRIM', window, -size, -1) end
    local total = redis.call('INCR', pending)
    refreshExpiry(window, pending, dedupe)
    return {1, total}
  end
  local fresh = {}
  local order = {}
  for i = 1, count do
    if redis.call('SADD', dedupe, ARGV[at + 2 * i - 2]) == 1 then
      fresh[#fresh + 1] = ARGV[at + 2 * i - 1]
      order[i] = #fresh
    else
      order[i] = -#fresh
    end
  end
  local total
  if #fresh == 0 then
    total = tonumber(redis.call('GET', pending) or '0')
  else
    local from = math.max(1, #fresh - size + 1)
    local length = 0
    while from <= #fresh do
      local to = math.min(#fresh, from + 999)
      length = redis.call('RPUSH', window, unpack(fresh, from, to))
      from = to + 1
    end
    if length > trimAt then redis.call('LTRIM', window, -size, -1) end
    total = redis.call('INCRBY', pending, #fresh)
    refreshExpiry(window, pending, dedupe)
  end
  local base = total - #fresh
  local reply = {}
  for i = 1, count do
    if order[i] > 0 then
      reply[2 * i - 1] = 1
      reply[2 * i] = base + order[i]
    else
      reply[2 * i - 1] = 0
      reply[2 * i] = base - order[i]
    end
  end
  return reply
end

local meetings = #KEYS / 3
if meetings == 1 then
  return {appendMeeting(KEYS[1], KEYS[2], KEYS[3], 2, tonumber(ARGV[1]))}
end
local replies = {}
local at = 1
for m = 1, meetings do
  local count = tonumber(ARGV[at])
  local ok, result = pcall(appendMeeting, KEYS[3 * m - 2], KEYS[3 * m - 1], KEYS[3 * m], at + 1, count)
  if ok then
    replies[m] = result
  elseif type(result) == 'table' then
    replies[m] = tostring(result.err)
  else
    replies[m] = tostring(result)
  end
  at = at + 1 + 2 * count
end
return replies
