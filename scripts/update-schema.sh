#!/usr/bin/env bash
# Writes docs/schema.sql anew from a freshly migrated database. Run it after
# adding a migration; the test suite fails while the file is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
GESTURELAB_UPDATE_SCHEMA=1 swift test --filter SchemaTextTests
git --no-pager diff --stat -- docs/schema.sql
