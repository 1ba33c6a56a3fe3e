-- DEC-09: the new permission key tel-write (通知メッセージ送信). Owner roles hold every key;
-- other roles get it only when an owner grants it (a read-only role must not send).
UPDATE "operator_roles"
SET "permission_keys" = array_append("permission_keys", 'tel-write'), "updated_at" = now()
WHERE "is_owner" AND NOT ('tel-write' = ANY("permission_keys"));
