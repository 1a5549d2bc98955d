-- Appends a suggestion set to the meeting's replay stream and publishes it on its channel,
-- only while the fencing token is the lock's current one. XADD comes before PUBLISH in one
-- script: a subscriber that sees the message can always replay it. {{sharded}} is 1 on a
-- cluster: SPUBLISH keeps the message on the shard of the channel's slot (the meeting's hash
-- tag, the slot of this script's keys), where PUBLISH would be broadcast to every node.
-- KEYS[1] lock
-- KEYS[2] replay stream
-- KEYS[3] live channel
-- ARGV[1] fencing token ('' = unfenced)
-- ARGV[2] payload (the serialised set)
-- ARGV[3] approximate MAXLEN of the replay stream
-- ARGV[4] replay stream TTL in s
-- Returns the entry id, or false when fenced out (nothing written).
if ARGV[1] ~= '' and redis.call('GET', KEYS[1]) ~= ARGV[1] then return false end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'payload', ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[4])
local message = cjson.encode({id = id, payload = ARGV[2]})
if {{sharded}} == 1 then
  redis.call('SPUBLISH', KEYS[3], message)
else
  redis.call('PUBLISH', KEYS[3], message)
end
return id
