-- Deletes a lock or claim only when it still holds the caller's token, so a late release
-- never frees a lock that expired and was taken by someone else.
-- KEYS[1] lock or claim key
-- ARGV[1] the holder's token
-- Returns 1 when deleted, 0 otherwise.
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
