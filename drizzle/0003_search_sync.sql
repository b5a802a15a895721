-- Keeps the search columns of caregivers (see src/server/db/schema/caregivers.ts) and the search_terms
-- vocabulary. Triggers rather than application code, so that no write path can forget them: signup,
-- profile edits, admin suspensions, seeders and hand-written SQL all keep search right.
-- The facet lists below are KIND_FACETS, AVAILABILITY_FACETS and QUALIFICATION_FACETS of the schema;
-- changing them takes a new migration that replaces yc_caregiver_search_fields() and re-saves every
-- caregiver (UPDATE caregivers SET user_id = user_id).

-- Bit i (from 0) is set when vocabulary[i + 1] is one of the values.
CREATE OR REPLACE FUNCTION yc_facet_mask(vals text[], vocabulary text[]) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(1::bigint << (v.i - 1)::int), 0)
  FROM unnest(vocabulary) WITH ORDINALITY AS v(value, i)
  WHERE v.value = ANY (vals)
$$;
--> statement-breakpoint
-- The catalog's labels of the kinds (src/shared/catalog.ts), so that q=nanny or q=handyman finds them.
CREATE OR REPLACE FUNCTION yc_kind_words(kinds text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(CASE k
    WHEN 'child-care' THEN 'Child care & Nannies'
    WHEN 'babysitters' THEN 'Babysitters'
    WHEN 'tutors' THEN 'Tutors & Education'
    WHEN 'senior-care' THEN 'Senior care & Nurses'
    WHEN 'special-needs' THEN 'Special needs care'
    WHEN 'housekeepers' THEN 'Housekeepers'
    WHEN 'janitors' THEN 'Janitors & Cleaning'
    WHEN 'maintenance' THEN 'Maintenance & Handyman'
    ELSE replace(k, '-', ' ')
  END, ' '), '')
  FROM unnest(kinds) AS k
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yc_caregiver_search_fields() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  u record;
BEGIN
  SELECT first_name, last_name, location, parish, is_verified, suspended_at INTO u
  FROM users WHERE id = NEW.user_id;
  NEW.user_first_name := coalesce(u.first_name, '');
  NEW.user_last_name := coalesce(u.last_name, '');
  NEW.user_location := u.location;
  NEW.user_parish := u.parish;
  NEW.user_verified := coalesce(u.is_verified, false);
  NEW.user_suspended := u.suspended_at IS NOT NULL;
  NEW.kinds_mask := yc_facet_mask(NEW.kinds, ARRAY[
      'child-care',
      'babysitters',
      'tutors',
      'senior-care',
      'special-needs',
      'housekeepers',
      'janitors',
      'maintenance'
    ])::int;
  NEW.availability_mask := yc_facet_mask(NEW.availability, ARRAY[
      'Available Now',
      'Weekdays',
      'Weekends',
      'Evenings',
      'Mornings',
      'Afternoons',
      'Overnight',
      'Emergency/On-call',
      'Monday Morning',
      'Monday Afternoon',
      'Monday Evening',
      'Tuesday Morning',
      'Tuesday Afternoon',
      'Tuesday Evening',
      'Wednesday Morning',
      'Wednesday Afternoon',
      'Wednesday Evening',
      'Thursday Morning',
      'Thursday Afternoon',
      'Thursday Evening',
      'Friday Morning',
      'Friday Afternoon',
      'Friday Evening',
      'Saturday Morning',
      'Saturday Afternoon',
      'Saturday Evening',
      'Sunday Morning',
      'Sunday Afternoon',
      'Sunday Evening'
    ])::int;
  NEW.qualifications_mask := yc_facet_mask(NEW.skills || NEW.certifications, ARRAY[
      'Early Childhood Education',
      'First Aid Certified',
      'CPR Certified',
      'Arts & Crafts',
      'Meal Preparation',
      'Homework Help',
      'Special Needs Care',
      'Educational Support',
      'Behavioral Support',
      'Infant Care',
      'Cooking',
      'Light Housekeeping',
      'Toddler Care',
      'School Age Care',
      'Transportation',
      'Pet Care',
      'Overnight Care',
      'Emergency Care',
      'Educational Activities',
      'Child Development Associate (CDA)',
      'Nursing Assistant',
      'Teaching Credential',
      'Background Check Completed',
      'Reference Verified'
    ]);
  NEW.search_document :=
    setweight(to_tsvector('english', NEW.user_first_name || ' ' || NEW.user_last_name), 'A') ||
    setweight(to_tsvector('english',
      yc_kind_words(NEW.kinds) || ' ' || array_to_string(NEW.skills || NEW.certifications, ' ')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.bio, '')), 'C');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER caregivers_search_fields BEFORE INSERT OR UPDATE ON caregivers
  FOR EACH ROW EXECUTE FUNCTION yc_caregiver_search_fields();
--> statement-breakpoint
-- A change to the owner's name, town, parish, verification or suspension re-saves their caregiver row,
-- whose BEFORE trigger then copies the new values.
CREATE OR REPLACE FUNCTION yc_user_search_fields() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE caregivers SET user_id = user_id WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_search_fields
  AFTER UPDATE OF first_name, last_name, location, parish, is_verified, suspended_at ON users
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name
     OR OLD.last_name IS DISTINCT FROM NEW.last_name
     OR OLD.location IS DISTINCT FROM NEW.location
     OR OLD.parish IS DISTINCT FROM NEW.parish
     OR OLD.is_verified IS DISTINCT FROM NEW.is_verified
     OR (OLD.suspended_at IS NULL) <> (NEW.suspended_at IS NULL))
  EXECUTE FUNCTION yc_user_search_fields();
--> statement-breakpoint
-- New words of inserted or changed documents join the vocabulary ('simple': lower case, unstemmed), in
-- word order so that two writers never wait on each other in opposite orders.
CREATE OR REPLACE FUNCTION yc_collect_search_terms() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO search_terms (term)
    SELECT DISTINCT w FROM new_rows AS r
      JOIN old_rows AS o ON o.id = r.id AND o.search_document IS DISTINCT FROM r.search_document,
      unnest(tsvector_to_array(to_tsvector('simple',
        r.user_first_name || ' ' || r.user_last_name || ' ' || yc_kind_words(r.kinds) || ' ' ||
        array_to_string(r.skills || r.certifications, ' ') || ' ' || coalesce(r.bio, '')))) AS w
    WHERE length(w) BETWEEN 3 AND 40
    ORDER BY w
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_terms (term)
    SELECT DISTINCT w FROM new_rows AS r,
      unnest(tsvector_to_array(to_tsvector('simple',
        r.user_first_name || ' ' || r.user_last_name || ' ' || yc_kind_words(r.kinds) || ' ' ||
        array_to_string(r.skills || r.certifications, ' ') || ' ' || coalesce(r.bio, '')))) AS w
    WHERE length(w) BETWEEN 3 AND 40
    ORDER BY w
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER caregivers_search_terms_insert AFTER INSERT ON caregivers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yc_collect_search_terms();
--> statement-breakpoint
CREATE TRIGGER caregivers_search_terms_update AFTER UPDATE ON caregivers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION yc_collect_search_terms();
--> statement-breakpoint
-- Existing caregivers: re-saving each one fills its search columns and the vocabulary.
UPDATE caregivers SET user_id = user_id;
