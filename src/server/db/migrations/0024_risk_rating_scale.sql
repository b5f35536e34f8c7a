-- A company's risk rating becomes one of four letters, A (lowest risk) to D (ADR 0032); migration 0025 then
-- holds the column to them. Free text written before is read as the letter it names, in either language
-- (the demo wrote both A–D and Faible/Moyen/Élevé); blank becomes none. A value that names no letter is
-- cleared, and the company's history says what it was: a system "company changed" event like a save's
-- (ADR 0025), by no one. A changed row's version moves, so a form opened before cannot save over it.
WITH read AS (
  SELECT id, risk_rating AS before,
         CASE public.f_search_text(btrim(risk_rating))
           WHEN 'a' THEN 'A' WHEN '1' THEN 'A' WHEN 'faible' THEN 'A' WHEN 'risque faible' THEN 'A'
           WHEN 'bas' THEN 'A' WHEN 'basse' THEN 'A' WHEN 'low' THEN 'A' WHEN 'low risk' THEN 'A'
           WHEN 'b' THEN 'B' WHEN '2' THEN 'B' WHEN 'moyen' THEN 'B' WHEN 'moyenne' THEN 'B'
           WHEN 'risque moyen' THEN 'B' WHEN 'modere' THEN 'B' WHEN 'moderee' THEN 'B' WHEN 'medium' THEN 'B'
           WHEN 'moderate' THEN 'B' WHEN 'medium risk' THEN 'B' WHEN 'moderate risk' THEN 'B'
           WHEN 'c' THEN 'C' WHEN '3' THEN 'C' WHEN 'eleve' THEN 'C' WHEN 'elevee' THEN 'C'
           WHEN 'risque eleve' THEN 'C' WHEN 'haut' THEN 'C' WHEN 'haute' THEN 'C' WHEN 'high' THEN 'C'
           WHEN 'high risk' THEN 'C'
           WHEN 'd' THEN 'D' WHEN '4' THEN 'D' WHEN 'tres eleve' THEN 'D' WHEN 'tres elevee' THEN 'D'
           WHEN 'risque tres eleve' THEN 'D' WHEN 'tres haut' THEN 'D' WHEN 'very high' THEN 'D'
           WHEN 'very high risk' THEN 'D'
         END AS after
    FROM companies
   WHERE risk_rating IS NOT NULL),
changed AS (
  UPDATE companies c
     SET risk_rating = r.after, lock_version = c.lock_version + 1
    FROM read r
   WHERE c.id = r.id AND c.risk_rating IS DISTINCT FROM r.after
  RETURNING c.id, r.before, r.after)
INSERT INTO events (company_id, category_slug, code, params, search_text)
SELECT id, 'system', 'companyChanged',
       jsonb_build_object('changes', jsonb_build_array(jsonb_build_object(
         'field', 'companies.form.fields.riskRating',
         'before', jsonb_build_object('kind', 'text', 'value', btrim(before)),
         'after', NULL))),
       -- The title in both languages, as insertSystemEvent keeps it for the search.
       public.f_search_text('Entreprise modifiée : Cote de risque Company changed: Risk rating')
  FROM changed
 WHERE after IS NULL AND btrim(before) <> '';
