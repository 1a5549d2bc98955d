-- Subtracts the segments an analysis started from (never below 0), keeping the key's TTL.
-- KEYS[1] pending counter
-- ARGV[1] count analysed
-- Returns what is left pending.
local left = redis.call('DECRBY', KEYS[1], ARGV[1])
if left < 0 then
  redis.call('SET', KEYS[1], 0, 'KEEPTTL')
  left = 0
end
return left
