-- Appends a suggestion set to the meeting's replay stream and publishes it on its channel,
-- only while the fencing token is the lock's current one. XADD comes before PUBLISH in one
-- script: a subscriber that sees the message can always replay it. {{sharded}} is 1 on a
-- cluster: SPUBLISH keeps the message on the shard of the channel's slot (the meeting's hash
-- tag, the slot of this script's keys), where PUBLISH would be broadcast to every node.
-- The channel is an argument, not a key: while a cluster slot is MIGRATING, a script whose
-- keys are partly missing on the node is refused (TRYAGAIN), and a channel is never a key
-- that exists; likewise the lock is passed only when there is a token to check.
-- KEYS[1] replay stream
-- KEYS[2] lock (only with a fencing token)
-- ARGV[1] fencing token ('' = unfenced)
-- ARGV[2] payload (the serialised set)
-- ARGV[3] approximate MAXLEN of the replay stream
-- ARGV[4] replay stream TTL in s
-- ARGV[5] live channel (the meeting's hash tag, so the slot of the keys)
-- Returns the entry id, or false when fenced out (nothing written).
if ARGV[1] ~= '' and redis.call('GET', KEYS[2]) ~= ARGV[1] then return false end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', 'payload', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
local message = cjson.encode({id = id, payload = ARGV[2]})
if {{sharded}} == 1 then
  redis.call('SPUBLISH', ARGV[5], message)
else
  redis.call('PUBLISH', ARGV[5], message)
end
return id
