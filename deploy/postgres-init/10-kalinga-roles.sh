#!/bin/sh
# Run once by the postgres image on an empty data folder (docker-entrypoint-initdb.d): the database
# `kalinga`, owned by the owner role that `npm run migrate` signs in as, and the runtime role the
# server signs in as, which owns nothing and gets its rights from the migrations command
# (docs/decisions/0065, 0105).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$KALINGA_DB_OWNER_PASSWORD" \
  -v app_password="$KALINGA_DB_APP_PASSWORD" <<'SQL'
CREATE ROLE kalinga_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE kalinga_app LOGIN PASSWORD :'app_password';
CREATE DATABASE kalinga OWNER kalinga_owner;
\connect kalinga
ALTER SCHEMA public OWNER TO kalinga_owner;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
SQL
