-- Compare-and-set of Event Hubs partition ownership in one round trip, so two processors
-- racing for a partition cannot both win. A claim wins when the stored etag equals the
-- expected one, as a blob's If-Match/If-None-Match would. Time comes from the Redis server
-- so every processor compares expiry against one clock.
-- KEYS[1] ownership hash of the consumer group (field: partition id)
-- ARGV    groups of four: partition id, expected etag ('' = must not exist yet), owner id, new etag
-- Returns the winners as a flat list of (partition id, last modified ms).
local time = redis.call('TIME')
local now = tostring(tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000))
local claimed = {}
for i = 1, #ARGV, 4 do
  local partition, expected, owner, etag = ARGV[i], ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]
  local current = redis.call('HGET', KEYS[1], partition)
  local matches
  if expected == '' then
    matches = not current
  else
    matches = current and cjson.decode(current).etag == expected
  end
  if matches then
    redis.call('HSET', KEYS[1], partition, cjson.encode({ ownerId = owner, etag = etag, lastModifiedTimeInMs = now }))
    claimed[#claimed + 1] = partition
    claimed[#claimed + 1] = now
  end
end
return claimed
