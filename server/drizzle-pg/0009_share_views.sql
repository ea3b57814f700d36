-- A view of a shared link (its count and time, added in batches by src/modules/sharing/views.ts)
-- is not a change to the owner's data: it no longer bumps the owner's data version, so readers
-- never invalidate the owner's cached answers (src/lib/http-cache.ts) nor the link's kept answer.
-- Any other change of a link (revoked, expiry, owner, report, token) still does.
DROP TRIGGER shares_version ON shares;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shares_version AFTER INSERT OR DELETE ON shares DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cadence_version_by_owner();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shares_version_update AFTER UPDATE ON shares DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.views IS NOT DISTINCT FROM NEW.views AND OLD.last_viewed_at IS NOT DISTINCT FROM NEW.last_viewed_at)
  OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
  OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.report_id IS DISTINCT FROM NEW.report_id
  OR OLD.token_hash IS DISTINCT FROM NEW.token_hash)
EXECUTE FUNCTION cadence_version_by_owner();
