#!/usr/bin/env bash
# Set up (once) and start hexfort on the bundled default map. Extra arguments go to `hexfort`.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh >&2
exec .venv/bin/hexfort "$@"
