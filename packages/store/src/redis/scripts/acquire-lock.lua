-- Takes a meeting's analysis lock and hands out a fencing token, or refuses while it is held.
-- KEYS[1] lock (string: the holder's token, with a TTL)
-- KEYS[2] fence (counter: the last token handed out)
-- ARGV[1] lock TTL in ms
-- ARGV[2] fence TTL in s (the meeting's TTL)
-- Returns the new token, or 0 when the lock is held.
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], token, 'PX', ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return token
