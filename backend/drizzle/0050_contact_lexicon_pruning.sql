-- The lexicon's words whose contacts are gone are pruned (ContactLexiconPruner). A word a writer
-- found already in the lexicon (so did not insert) must not be pruned before the writer's own words
-- rows commit, or its contact could no longer be found by a part of that word. So a statement that
-- may bring new words takes its company's lexicon lock shared, until its transaction ends, BEFORE
-- it reads the lexicon (a new statement: in READ COMMITTED it reads with a snapshot taken after the
-- lock); the pruner takes the same lock exclusive, then reads the words with a new statement too.
-- Writers never wait on each other; a writer waits only while a chunk of the pruner runs. The key
-- is the one ContactLexiconRepository.pruneChunk() takes exclusive.
CREATE OR REPLACE FUNCTION contact_search_words_apply() RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, public
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_advisory_xact_lock_shared(hashtext('contact-lexicon:' || d.tenant_id::text))
    FROM (SELECT DISTINCT tenant_id FROM new_rows) d;
    WITH ws AS (
      SELECT n.tenant_id, w AS word, n.created_at, n.id AS contact_id, n.stage, n.assigned_to, n.is_archived
      FROM new_rows n CROSS JOIN LATERAL contact_search_words_of(n.search_text) AS w),
    stored AS (
      INSERT INTO contact_search_words (tenant_id, word, created_at, contact_id, stage, assigned_to, is_archived)
      SELECT * FROM ws)
    INSERT INTO contact_search_lexicon (tenant_id, word)
    SELECT DISTINCT ws.tenant_id, ws.word FROM ws
    WHERE NOT EXISTS (SELECT 1 FROM contact_search_lexicon l WHERE l.tenant_id = ws.tenant_id AND l.word = ws.word)
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM contact_search_words sw
    USING old_rows o CROSS JOIN LATERAL contact_search_words_of(o.search_text) AS w
    WHERE sw.tenant_id = o.tenant_id AND sw.word = w AND sw.created_at = o.created_at AND sw.contact_id = o.id;
  ELSE
    -- new words come only with a new name or email; a stage move, an assignment or archiving
    -- rewrites words whose committed rows keep them in the lexicon meanwhile
    PERFORM pg_advisory_xact_lock_shared(hashtext('contact-lexicon:' || d.tenant_id::text))
    FROM (SELECT DISTINCT n.tenant_id FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.tenant_id, o.search_text) IS DISTINCT FROM (n.tenant_id, n.search_text)) d;
    -- only the contacts whose words or filter columns changed (a message's unread count, a deal's
    -- amount: none of them)
    WITH changed AS (
      SELECT o.tenant_id AS old_tenant_id, o.search_text AS old_text, o.created_at AS old_created_at, n.*
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.tenant_id, o.search_text, o.created_at, o.stage, o.assigned_to, o.is_archived)
            IS DISTINCT FROM (n.tenant_id, n.search_text, n.created_at, n.stage, n.assigned_to, n.is_archived)),
    gone AS (
      DELETE FROM contact_search_words sw
      USING changed c CROSS JOIN LATERAL contact_search_words_of(c.old_text) AS w
      WHERE sw.tenant_id = c.old_tenant_id AND sw.word = w AND sw.created_at = c.old_created_at AND sw.contact_id = c.id),
    ws AS (
      SELECT c.tenant_id, w AS word, c.created_at, c.id AS contact_id, c.stage, c.assigned_to, c.is_archived
      FROM changed c CROSS JOIN LATERAL contact_search_words_of(c.search_text) AS w),
    stored AS (
      INSERT INTO contact_search_words (tenant_id, word, created_at, contact_id, stage, assigned_to, is_archived)
      SELECT * FROM ws)
    INSERT INTO contact_search_lexicon (tenant_id, word)
    SELECT DISTINCT ws.tenant_id, ws.word FROM ws
    WHERE NOT EXISTS (SELECT 1 FROM contact_search_lexicon l WHERE l.tenant_id = ws.tenant_id AND l.word = ws.word)
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
