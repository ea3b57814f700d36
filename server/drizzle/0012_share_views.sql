-- A view of a shared link (its count and time, added in batches by src/modules/sharing/views.ts)
-- is not a change to the owner's data: it no longer bumps the owner's data version, so readers
-- never invalidate the owner's cached answers (src/lib/http-cache.ts) nor the link's kept answer.
-- Any other change of a link (revoked, expiry, owner, report, token) still does.
DROP TRIGGER `shares_version_update`;
--> statement-breakpoint
CREATE TRIGGER `shares_version_update` AFTER UPDATE ON `shares`
WHEN (old.views IS new.views AND old.last_viewed_at IS new.last_viewed_at)
  OR old.revoked_at IS NOT new.revoked_at OR old.expires_at IS NOT new.expires_at
  OR old.user_id IS NOT new.user_id OR old.report_id IS NOT new.report_id
  OR old.token_hash IS NOT new.token_hash
BEGIN
  INSERT INTO data_versions(user_id, version) VALUES (new.user_id, 1) ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
  INSERT INTO data_versions(user_id, version) SELECT old.user_id, 1 WHERE old.user_id IS NOT new.user_id ON CONFLICT(user_id) DO UPDATE SET version = version + 1;
END;
