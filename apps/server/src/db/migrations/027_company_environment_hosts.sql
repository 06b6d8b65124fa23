-- The environments' host patterns are company configuration (decision 0093): companies saved before
-- keep the patterns the widget used until now, with no PROD hosts (a host none names is SIT).
UPDATE companies
SET config = jsonb_set(
  config,
  '{environmentHosts}',
  '{"DEV": ["dev", "localhost", "127.0.0.1"], "SIT": ["sit"], "UAT": ["uat"], "PROD": []}'::jsonb
)
WHERE config->'environmentHosts' IS NULL;
