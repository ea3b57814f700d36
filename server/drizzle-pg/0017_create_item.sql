-- A new item in one statement (src/db/pg/statements/items.ts): the group commit sends a batch of
-- one-statement writes, BEGIN to COMMIT, in one round trip (src/db/pg/write-batch.ts). Each
-- statement of a PL/pgSQL function takes its own snapshot, so the INSERT, run once the section's
-- row lock is held, sees every item committed by a transaction that held that lock before: the
-- next place is read race-free, as with the two statements this replaces. Answers the section's
-- facts and the row as JSON (every column is an integer or text, as the driver reads them), or
-- NULL when the section, project or team member is not the user's.
CREATE OR REPLACE FUNCTION cadence_create_item(sid integer, uid integer, item_content text, pid integer, itype text, mid integer, type_for jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  sect record;
  created section_items;
BEGIN
  SELECT s.section_type, r.week_start_date,
    CASE WHEN pid IS NULL OR EXISTS (SELECT 1 FROM projects WHERE id = pid AND user_id = uid) THEN 1 ELSE 0 END AS project_ok,
    CASE WHEN mid IS NULL OR EXISTS (SELECT 1 FROM team_members WHERE id = mid AND user_id = uid) THEN 1 ELSE 0 END AS member_ok,
    (SELECT weekly_start_day FROM user_settings WHERE user_id = uid) AS start_day
  INTO sect
  FROM report_sections s JOIN reports r ON r.id = s.report_id
  WHERE s.id = sid AND s.user_id = uid
  FOR NO KEY UPDATE OF s;
  IF NOT FOUND OR sect.project_ok = 0 OR sect.member_ok = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO section_items (section_id, user_id, content, project_id, item_type, assigned_to_team_member_id, sort_order)
  SELECT sid, uid, item_content, pid, coalesce(itype, type_for ->> sect.section_type), mid,
    (SELECT coalesce(max(sort_order), -1) + 1 FROM section_items WHERE section_id = sid)
  WHERE (pid IS NULL OR EXISTS (SELECT 1 FROM projects WHERE id = pid AND user_id = uid))
    AND (mid IS NULL OR EXISTS (SELECT 1 FROM team_members WHERE id = mid AND user_id = uid))
  RETURNING * INTO created;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN jsonb_build_object('section', to_jsonb(sect), 'row', to_jsonb(created));
END $$;
